"""The daily press digest of a player who chose it (SET MAIL PRESS DIGEST): his copies of
the day's press wait in one outbox mail, queued with the first and rewritten with each
later one, sent when the digest is due (service/views/mail_prefs.py next_digest). Each
copy is recorded as always (press_copies), with the digest's key, so nothing is lost and
HISTORY shows it as any other."""

from __future__ import annotations

from datetime import datetime
from typing import Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.state import Phase
from gmbot.press.names import Names
from gmbot.service.outbox.queue import queue_mail, rewrite_queued
from gmbot.service.outbox.render import render, text_html
from gmbot.service.runtime import policy_of
from gmbot.service.views.mail_prefs import MailPrefs, next_digest
from gmbot.store.models import Game
from gmbot.store.press import Press, PressCopy

DIGEST_KIND: Final = "press-digest"


def digest_key(game: Game, address: str, prefs: MailPrefs, now: datetime) -> tuple[str, datetime]:
    """The outbox key of the digest a copy made `now` goes in, and when it is due."""
    due = next_digest(prefs, policy_of(game).timezone, now)
    return f"digest:{game.id}:{address}:{due:%Y%m%dT%H%MZ}", due


def queue_digest(session: Session, game: Game, names: Names, address: str, key: str,
                 due: datetime, now: datetime) -> None:
    """(Re)write the digest `key` with every copy recorded for it (the one just added
    too), to be sent at `due`."""
    rows = session.scalars(select(Press).join(PressCopy).where(
        PressCopy.digest == key).order_by(Press.id)).all()
    items = [{
        "signed_as": p.signed_as or "an anonymous player",
        "to": "all players" if p.broadcast else ", ".join(names.label(k) for k in p.recipients),
        "phase": Phase.parse(p.phase).long() if p.phase else "", "text": p.text,
    } for p in rows]
    subject, body = render("press_digest.txt.j2", game=game, items=items)
    html = text_html(subject, body)
    if not rewrite_queued(session, key, game, subject, body, html):
        queue_mail(session, key=key, kind=DIGEST_KIND, sender=game.judge, recipient=address,
                   subject=subject, body=body, now=now, game=game, html=html,
                   not_before=due)
