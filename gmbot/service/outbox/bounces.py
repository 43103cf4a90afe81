"""A bounce of a mail the judge sent, counted against its recipient's address, in the
transaction of the inbound mail that brought it (service/inbound/bounced.py).

The score is GNU Mailman 3's: each bounce adds to the address's score (a hard one
`bounces.hard`, a soft one `bounces.soft`), at most once a UTC day, so a mail server
that bounces every mail of one day counts once; a score whose last bounce is older than
`bounces.stale_days` starts again. At `bounces.threshold` the address is bouncing: the
GM of every game it plays in is told at once (before the deadline, so he may act), the
player is warned at his other address if the game file gives one (`backup:`), and while
it is bouncing, a phase he misses is marked "undeliverable" rather than a plain NMR in
the results and the GM's notices (`undeliverable`)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.config import BouncesConfig
from gmbot.mail.bounces import BounceReport
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.store.bounces import Bounce, BounceScore
from gmbot.store.models import Game, PhaseRow, Player
from gmbot.store.outbox import Outbound


def count_bounce(s: Session, config: BouncesConfig, row: Outbound, report: BounceReport,
                 now: datetime) -> str:
    """Record the bounce of `row` and score its recipient; what became of it, in words
    (the inbound record's reason). A second bounce of the same mail counts nothing."""
    if s.scalar(select(Bounce.id).where(Bounce.outbound_id == row.id)) is not None:
        return f"a bounce of the mail to {row.recipient} was counted before"
    address = row.recipient.lower()
    s.add(Bounce(outbound_id=row.id, address=address, kind=report.kind,
                 status=report.status, diagnostic=report.diagnostic, received_at=now))
    score = s.get(BounceScore, address)
    weight = config.hard if report.kind == "hard" else config.soft
    what = f"{report.kind} bounce of the mail to {address}"
    if score is None:
        score = BounceScore(address=address, score=0.0, last_bounce_at=now)
        s.add(score)
    elif _stale(score, config, now):
        score.score, score.bouncing_since = 0.0, None
    elif score.score > 0 and score.last_bounce_at.date() == now.date():
        return f"{what}: its address bounced today already (score {score.score:g})"
    score.score += weight
    score.last_bounce_at = now
    if score.bouncing_since is None and score.score >= config.threshold:
        score.bouncing_since = now
        told = _tell(s, address, report, now)
        return f"{what}: the address is bouncing (score {score.score:g}); told {told}"
    return f"{what} (score {score.score:g} of {config.threshold:g})"


def undeliverable(s: Session, config: BouncesConfig | None, addresses: Iterable[str],
                  now: datetime) -> set[str]:
    """Those of `addresses` whose mail bounces now (lower-cased)."""
    wanted = {a.lower() for a in addresses}
    if config is None or not wanted:
        return set()
    rows = s.scalars(select(BounceScore).where(BounceScore.address.in_(wanted),
                                               BounceScore.bouncing_since.is_not(None)))
    return {r.address for r in rows if not _stale(r, config, now)}


def _stale(score: BounceScore, config: BouncesConfig, now: datetime) -> bool:
    return now - score.last_bounce_at > timedelta(days=config.stale_days)


def _tell(s: Session, address: str, report: BounceReport, now: datetime) -> str:
    """Queue the GM's notice of every game the address plays in, and the player's warning
    at his other address; whom, in words."""
    told: list[str] = []
    seats = s.scalars(select(Player).join(Game).where(
        Player.address == address, Player.active.is_(True),
        Game.status.in_(("active", "paused", "parked"))).order_by(Player.id)).all()
    day = now.strftime("%Y%m%d")
    for seat in seats:
        game = seat.game
        deadline = s.scalar(select(PhaseRow.deadline_at).where(
            PhaseRow.game_id == game.id, PhaseRow.processed_at.is_(None),
            PhaseRow.superseded.is_(False)).order_by(PhaseRow.seq.desc()).limit(1))
        when = f"{deadline:%Y-%m-%d %H:%M} UTC" if deadline else "none set"
        backup = game.settings.backups.get(address)
        context: dict[str, Any] = {"game": game, "who": seat.key, "address": address,
                                   "report": report, "deadline": when, "backup": backup}
        subject, body = render("gm_bounce.txt.j2", **context)
        queue_mail(s, key=f"bounce:{game.id}:{address}:{day}", kind="gm-bounce",
                   sender=game.judge, recipient=game.gm, subject=subject, body=body, now=now,
                   game=game)
        told.append(f"the GM of {game.name}")
        if backup:
            subject, body = render("bounce_warning.txt.j2", **context)
            queue_mail(s, key=f"bounce-warning:{game.id}:{address}:{day}",
                       kind="bounce-warning", sender=game.judge, recipient=backup,
                       subject=subject, body=body, now=now, game=game)
            told.append(f"{seat.key} at {backup}")
    return ", ".join(told) or "nobody (no game's seat)"
