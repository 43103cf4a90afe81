"""Use case: relay one press message. Runs inside the inbound mail's transaction, so the
press, its copies and their mails are stored together with the mail and its ack, or not
at all. Every copy is a mail of its own from the judge to one recipient, with its own
Message-ID (stored, so a reply to it finds its way back) and nothing of the sender's
address: the recipient sees only the signature the rules allow."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from gmbot.engine.state import Phase
from gmbot.gamefile.settings.press import PressRules
from gmbot.mail.message import InboundMail
from gmbot.press.limits import Used
from gmbot.press.names import GM, Names, Seat
from gmbot.service.inbound.press_digest import digest_key, queue_digest
from gmbot.service.outbox.queue import new_message_id, queue_mail
from gmbot.service.outbox.render import render, text_html
from gmbot.service.outbox.tokens import recipient_token
from gmbot.service.runtime import active_players, log_event, map_for, policy_of, rules_for
from gmbot.service.views.mail_prefs import DIGEST, prefs_of, quiet_end
from gmbot.store.models import Game, Inbound, Player
from gmbot.store.press import Press, PressCopy


def press_rules(game: Game) -> PressRules:
    return game.settings.press


def names_public(game: Game) -> bool:
    """Whether the players' display names are public (press, the site): the press rule
    `display_names`, but never in an anonymous game (`anonymous: true` wins everywhere)."""
    return press_rules(game).display_names and not game.settings.anonymous


def names_for(game: Game) -> Names:
    """The seats of the game's active players, named as press shows them; with the press
    rule `display_names`, the powers' players' display names name their seats too."""
    gmap = map_for(rules_for(game))
    seats = []
    display: dict[str, str] = {}
    public = names_public(game)
    for p in active_players(game):
        if p.power:
            info = gmap.powers.get(p.power)
            seats.append(Seat(p.key, info.name if info else p.power.title()))
            if public and p.name:
                display[p.name] = p.key
        else:
            seats.append(Seat(p.key, f"{(p.role or '').title()} {p.name}".strip(), p.role))
    return Names(seats, gmap.power, display)


@dataclass(frozen=True)
class Message:
    """A press message ready to relay: recipients resolved and the rules checked."""

    sender: Player | None  # None: the GM
    to: tuple[str, ...]  # seat keys and/or GM; every active player for a broadcast
    broadcast: bool
    grey: bool
    fake_as: str | None
    text: str
    phase: str
    reply_to: Press | None = None


@dataclass(frozen=True)
class Copy:
    kind: str  # recipient | gm-copy | observer
    player: Player | None
    address: str


def copies_of(game: Game, msg: Message) -> list[Copy]:
    """The mails relaying `msg` queues: one per recipient, the observers' copies of a
    broadcast, and the GM's copy where the rules give him one. Counted against the press
    limits before anything is queued."""
    players = {p.key: p for p in active_players(game)}
    copies: list[Copy] = []
    for key in msg.to:
        if key == GM:
            copies.append(Copy("recipient", None, game.gm))
        elif key in players:
            copies.append(Copy("recipient", players[key], players[key].address))
    if msg.broadcast:
        copies += [Copy("observer", None, a) for a in game.settings.observers]
        if GM not in msg.to and msg.sender is not None:
            copies.append(Copy("gm-copy", None, game.gm))
    elif press_rules(game).gm_copies and GM not in msg.to and msg.sender is not None:
        copies.append(Copy("gm-copy", None, game.gm))
    return copies


def relay(session: Session, game: Game, names: Names, msg: Message, inbound: Inbound,
          now: datetime) -> Press:
    """Store the press and queue one mail per recipient (and the GM's and observers'
    copies where the rules say)."""
    sender_key = msg.sender.key if msg.sender else GM
    signed_as = None if msg.grey and not msg.fake_as else names.label(msg.fake_as or sender_key)
    press = Press(game_id=game.id, phase=msg.phase, sender_id=msg.sender.id if msg.sender else None,
                  sender_key=sender_key, broadcast=msg.broadcast, grey=msg.grey,
                  signed_as=signed_as, recipients=list(msg.to), text=msg.text,
                  reply_to_id=msg.reply_to.id if msg.reply_to else None,
                  inbound_id=inbound.id, created_at=now)
    session.add(press)
    session.flush()  # its id keys the copies' mails
    rules = press_rules(game)
    shown_to = "all players" if msg.broadcast else ", ".join(names.label(k) for k in msg.to)
    common: dict[str, Any] = {
        "game": game, "press": press, "signed_as": signed_as, "shown_to": shown_to,
        "phase": (Phase.parse(msg.phase).long() if msg.phase
                  else "after the end of the game" if game.status == "finished" else ""),
        "reply": msg.reply_to is not None}
    copies = copies_of(game, msg)
    for copy in copies:
        subject, body = render(
            "press.txt.j2", **common, kind=copy.kind,
            true_sender=names.label(sender_key),
            can_reply=copy.kind != "observer", to_gm=copy.player is None,
            gm_copies=rules.gm_copies and not msg.broadcast and copy.kind == "recipient")
        # The recipient's reply token in it, like every judge mail: his reply proves him.
        mid = new_message_id(game.judge, recipient_token(game, copy.address, now))
        prefs = prefs_of(copy.player) if copy.player and copy.kind == "recipient" else None
        digest = (digest_key(game, copy.address, prefs, now)
                  if prefs is not None and prefs.press == DIGEST else None)
        session.add(PressCopy(press_id=press.id, kind=copy.kind, address=copy.address,
                              message_id=mid, digest=digest[0] if digest else None,
                              player_id=copy.player.id if copy.player else None))
        if digest is not None:
            queue_digest(session, game, names, copy.address, *digest, now)
            continue
        queue_mail(session, key=f"press:{press.id}:{copy.address}", kind="press",
                   sender=game.judge, recipient=copy.address, subject=subject, body=body,
                   now=now, game=game, message_id=mid, html=text_html(subject, body),
                   not_before=quiet_end(prefs, policy_of(game).timezone, now) if prefs else None)
    log_event(session, game, "press_relayed", now, press=press.id, sender=sender_key,
              to=list(msg.to), broadcast=msg.broadcast, grey=msg.grey, copies=len(copies))
    return press


def sent_since(session: Session, game: Game, sender_key: str, since: datetime) -> Used:
    """The press `sender_key` (a seat, or GM) relayed in `game` since `since`: messages,
    copies queued, bytes of text; what the per-hour press limit counts."""
    recent = (select(Press.id).where(Press.game_id == game.id,
                                     Press.sender_key == sender_key,
                                     Press.created_at >= since))
    texts = session.scalars(select(Press.text).where(Press.id.in_(recent))).all()
    copies = session.scalar(select(func.count()).select_from(PressCopy)
                            .where(PressCopy.press_id.in_(recent))) or 0
    return Used(messages=len(texts), copies=copies,
                bytes=sum(len(t.encode("utf-8")) for t in texts))


def replied_press(session: Session, game: Game, sender: Player | None,
                  message_ids: tuple[str, ...]) -> Press | None:
    """The press a mail answers: one whose copy, delivered to this very sender (a player,
    or the GM), has a Message-ID the mail's In-Reply-To / References name. The nearest
    one wins (In-Reply-To first, then References from the last)."""
    if not message_ids:
        return None
    query = (select(PressCopy).join(Press)
             .where(Press.game_id == game.id, PressCopy.message_id.in_(message_ids)))
    if sender is not None:
        query = query.where(PressCopy.player_id == sender.id)
    else:
        query = query.where(PressCopy.player_id.is_(None), PressCopy.address == game.gm)
    found = {c.message_id: c.press for c in session.scalars(query)}
    for mid in message_ids:
        if mid in found:
            return found[mid]
    return None


def debrief_seat(session: Session, game: Game, mail: InboundMail,
                 has_press: bool) -> Player | None:
    """The seat of a finished game that this mail sends press from, after the end: the
    sender's, when the mail holds press blocks or answers press delivered to him. Any
    other mail of a finished game's player is answered with the game-over summary."""
    player = next((p for p in active_players(game) if p.address == mail.sender), None)
    if player is None or has_press:
        return player
    ids = tuple(i for i in (mail.in_reply_to, *reversed(mail.references)) if i)
    return player if replied_press(session, game, player, ids) is not None else None
