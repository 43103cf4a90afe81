"""JOIN, OBSERVE and TAKEOVER: asked by mail (a Signup row, and the judge's answer, whose
Message-ID carries the row's reply token), confirmed by a reply to that answer (the
token proves the address, as a player's reply proves him: gmbot/mail/auth), approved or
rejected by the GM where the game asks, then seated. Each refusal names the rule and
changes nothing (AdminError, like the GM's actions). All in the caller's transaction."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.mail.auth import Evidence
from gmbot.mail.auth.secrets import day_number, hash_secret, new_secret, reply_token
from gmbot.service.gm.addresses import plain_address
from gmbot.service.gm.errors import AdminError
from gmbot.service.joining.listing import list_text
from gmbot.service.joining.seats import (
    RUNNING,
    free_seats,
    open_seats,
    signup_of,
    takes_observers,
)
from gmbot.service.joining.start import start_game
from gmbot.service.joining.takeover import seat_standby
from gmbot.service.joining.words import Ask
from gmbot.service.locks import lock_game
from gmbot.service.outbox.queue import new_message_id, queue_mail
from gmbot.service.outbox.render import render, text_html
from gmbot.service.runtime import SIGNUP, log_event
from gmbot.service.seats.heir import standing_offer
from gmbot.service.seats.rules import takeover_approval
from gmbot.service.settings import add_observer
from gmbot.store.models import Game, Signup

PENDING = ("unconfirmed", "awaiting")
CONFIRM = ("To confirm, reply to this mail (a plain Reply: your reply proves that the "
           "address is yours). Until you do, nothing is recorded for you.")


@dataclass
class Answer:
    """What the judge answers a mail of sign-up commands."""

    sections: list[str] = field(default_factory=list)
    game: Game | None = None
    signup: Signup | None = None  # asked now: the answer carries its reply token
    errors: int = 0


def answer_asks(s: Session, sender: str, asks: list[Ask], now: datetime,
                token_days: float) -> Answer:
    """LIST answered; the first JOIN, OBSERVE or TAKEOVER asked (one a mail: the answer
    carries one confirmation)."""
    out = Answer()
    listed = False
    for ask in asks:
        if ask.verb == "LIST":
            if not listed:
                out.sections.append(list_text(s))
            listed = True
            continue
        if out.signup is not None or out.errors:
            out.sections.append(f"{_named(ask)}\n  refused: one JOIN, OBSERVE or TAKEOVER a "
                                "mail; send it again once this one is confirmed")
            out.errors += 1
            continue
        try:
            game, signup = _ask(s, sender, ask, now, token_days)
        except AdminError as e:
            out.sections.append(f"{_named(ask)}\n  refused: {e}")
            out.errors += 1
            continue
        out.game, out.signup = game, signup
        out.sections.append(f"{_named(ask)}\n  {_asked(game, signup)}\n\n{CONFIRM}")
    return out


def _named(ask: Ask) -> str:
    """How an answer names the line it answers: by its number and verb, never its words
    (sign-up mail proves nothing: its words must not reach anyone through the judge)."""
    return f"line {ask.number}: {ask.verb}"


def token_of(game: Game, signup: Signup, now: datetime) -> str:
    """The reply token the answer to a sign-up request carries in its Message-ID."""
    assert signup.secret_hash is not None
    return reply_token(signup.secret_hash, game.name, signup.address, day_number(now))


def confirmed(s: Session, pending: list[Signup], evidence: Evidence, now: datetime,
              token_days: float) -> Signup | None:
    """The pending request this mail confirms: a reply to its answer (its token). What
    proves a player's mail otherwise (a signature, a trusted header) proves only that the
    address sent it, not that its owner asked: the confirmation is the reply."""
    bare = replace(evidence, proof=None)
    for signup in pending:
        game = s.get(Game, signup.game_id)
        if game is None or signup.secret_hash is None or signup.status != "unconfirmed":
            continue
        proof = bare.proof_for(signup.address, game.name, signup.secret_hash, None, "on",
                               now=now, token_days=token_days)
        if proof == "token":
            return signup
    return None


def confirm(s: Session, signup: Signup, now: datetime) -> tuple[Game, str]:
    """The request confirmed: seated, or sent to the GM for approval. Returns the game
    and what to answer."""
    game = s.get(Game, signup.game_id)
    assert game is not None
    # Its row locked (PostgreSQL) and read again: two confirmations of the last seat at
    # once must not both take it, nor both start the game.
    lock_game(s, game)
    signup.confirmed_at = now
    log_event(s, game, "signup_confirmed", now, address=signup.address, request=signup.kind)
    try:
        _still_possible(s, game, signup)
    except AdminError as e:
        _close(s, game, signup, "rejected", now, why=str(e), tell=False)  # the reply tells
        return game, f"Your request can no longer be met: {e}"
    if _needs_approval(game, signup):
        signup.status = "awaiting"
        _ask_gm(s, game, signup, now)
        return game, ("Confirmed. The game master approves each request in this game; you "
                      "will hear from the judge when he has decided.")
    return game, _seat(s, game, signup, now)


def approve(s: Session, game: Game, who: str, now: datetime) -> str:
    """The GM's APPROVE of a confirmed request: the address is seated (or refused if the
    seat went meanwhile), and told."""
    signup = _awaiting(s, game, who)
    try:
        _still_possible(s, game, signup)
    except AdminError as e:
        # Done, not refused: the request is closed and its sender told (the CLI would
        # roll back a refusal).
        _close(s, game, signup, "rejected", now, why=str(e))
        return f"{signup.address} cannot be seated ({e}): the request is closed; told"
    log_event(s, game, "signup_approved", now, address=signup.address, request=signup.kind)
    done = _seat(s, game, signup, now)
    _tell(s, game, signup, "Approved", f"The game master approved your request.\n\n{done}",
          now)
    return f"{signup.address} approved: {done}"


def reject(s: Session, game: Game, who: str, now: datetime) -> str:
    signup = _awaiting(s, game, who)
    _close(s, game, signup, "rejected", now, why="the game master did not approve it")
    return f"{signup.address}'s request to {_verb(signup)} game {game.name} rejected; told"


def pending_list(s: Session, game: Game) -> list[Signup]:
    """The game's requests, pending and decided, oldest first (`gmbot game signups`)."""
    return list(s.scalars(select(Signup).where(Signup.game_id == game.id)
                          .order_by(Signup.id)).all())


def _ask(s: Session, sender: str, ask: Ask, now: datetime,
         token_days: float) -> tuple[Game, Signup]:
    if not ask.args:
        raise AdminError(f"write it as {_usage(ask.verb)}")
    game = s.scalars(select(Game).where(Game.name == ask.args[0].lower())).first()
    if game is None:
        raise AdminError("there is no game of that name on this judge (LIST shows the games)")
    powers = tuple(p.upper() for p in ask.args[1:])
    kind = {"JOIN": "join", "OBSERVE": "observe", "TAKEOVER": "takeover"}[ask.verb]
    heir = (standing_offer(s, game, powers[0]) if kind == "takeover" and len(powers) == 1
            else None)
    stale = _not_in_game(s, game, sender, now, token_days,
                         plays_ok=heir is not None and heir.address == sender)
    if kind == "join":
        _may_join(s, game, powers, now)
    elif kind == "observe":
        _may_observe(game, sender)
    else:
        if len(powers) != 1:
            raise AdminError(f"write it as {_usage('TAKEOVER')}")
        _may_take_over(s, game, powers[0], sender)
    signup = Signup(game_id=game.id, address=sender, kind=kind, powers=list(powers),
                    status="unconfirmed", secret_hash=hash_secret(new_secret(), generated=True),
                    created_at=now)
    for earlier in stale:
        earlier.status = "replaced"
        log_event(s, game, "signup_replaced", now, address=sender, request=earlier.kind)
    s.add(signup)
    s.flush()
    log_event(s, game, "signup_asked", now, address=sender, request=kind, powers=list(powers))
    return game, signup


def _not_in_game(s: Session, game: Game, sender: str, now: datetime,
                 token_days: float, plays_ok: bool = False) -> list[Signup]:
    """Refuse an address that plays (unless `plays_ok`: a player offered the seat first,
    seats/heir.py), runs or watches the game, or awaits the GM's decision already. Returns
    its unconfirmed requests, which a new one replaces."""
    stale: list[Signup] = []
    if sender in (game.gm, game.judge):
        raise AdminError(f"you are the game master of {game.name}")
    if not plays_ok and any(p.active and p.address == sender for p in game.players) \
            or sender in signup_of(game).reserved.values():
        raise AdminError(f"you play in game {game.name} already")
    if sender in (game.settings.observers or []):
        raise AdminError(f"you observe game {game.name} already")
    since = now - timedelta(days=token_days)
    for earlier in s.scalars(select(Signup).where(Signup.game_id == game.id,
                                                  Signup.address == sender)):
        if earlier.status == "seated" and earlier.kind == "join":
            raise AdminError(f"you have a seat in game {game.name} already")
        if earlier.status == "awaiting":
            raise AdminError(f"you asked to {_verb(earlier)} game {game.name} already, on "
                             f"{earlier.created_at:%Y-%m-%d %H:%M} UTC, and the game master "
                             "has yet to decide")
        if earlier.status == "unconfirmed" and earlier.created_at > since:
            # Unconfirmed, it proves nothing (anyone may have sent it in this name): it
            # never blocks the address's own new request, which replaces it.
            stale.append(earlier)
    return stale


def _may_join(s: Session, game: Game, powers: tuple[str, ...], now: datetime) -> None:
    if game.status in RUNNING:
        raise AdminError(f"game {game.name} has started; JOIN is for a game open for "
                         "sign-up (a seat its player left is taken with TAKEOVER game POWER)")
    if game.status != SIGNUP:
        raise AdminError(f"game {game.name} is {game.status}; it takes no players")
    settings = signup_of(game)
    close = settings.close
    if close and datetime.fromisoformat(close) <= now:
        raise AdminError(f"sign-up for game {game.name} closed on "
                         f"{close[:16].replace('T', ' ')} UTC")
    if free_seats(s, game) <= 0:
        raise AdminError(f"game {game.name} is full: all {len(settings.open_powers)} "
                         "seats are taken")
    open_powers = settings.open_powers
    for power in powers:
        if power not in open_powers:
            raise AdminError(f"a power named is no open seat of game {game.name} (open: "
                             f"{', '.join(open_powers)})")


def _may_observe(game: Game, sender: str) -> None:
    if game.status == "finished":
        raise AdminError(f"game {game.name} is over")
    if not takes_observers(game):
        raise AdminError(f"game {game.name} takes no observers by mail (its game master "
                         "may add you)")


def _may_take_over(s: Session, game: Game, power: str, sender: str) -> None:
    if game.status == SIGNUP:
        raise AdminError(f"game {game.name} has not started: JOIN it instead")
    if game.status not in RUNNING:
        raise AdminError(f"game {game.name} is {game.status}; no seat can be taken over")
    seats = open_seats(s, game)
    if power in seats:
        heir = standing_offer(s, game, power)
        if heir is not None and heir.address != sender:
            raise AdminError(f"{power} is offered first to {heir.key}, who serves it (by the "
                             "variant's rules a Prince who leaves is replaced by his Wazir or "
                             "an alternate, as the Wazir decides); until this phase is "
                             f"processed only {heir.key} may take it over")
        return
    from gmbot.service.runtime import current_phase, state_of

    phase = current_phase(s, game)
    powers = state_of(game, phase).powers if phase is not None else []
    if power not in powers:
        raise AdminError(f"game {game.name} has no such power (powers: "
                         f"{', '.join(powers)})")
    raise AdminError(f"{power} is not an open seat of game {game.name}: a seat is open when "
                     f"its power is still in the game and has no player (open now: "
                     f"{', '.join(seats) or 'none'})")


def _still_possible(s: Session, game: Game, signup: Signup) -> None:
    """What was true when the request was asked, checked again as it is confirmed or
    approved: the game may have filled up, started or had its seat taken meanwhile."""
    if signup.kind == "join":
        if game.status != SIGNUP:
            raise AdminError(f"game {game.name} has started")
        if free_seats(s, game) <= 0:
            raise AdminError(f"game {game.name} is full")
    elif signup.kind == "observe":
        _may_observe(game, signup.address)
    else:
        _may_take_over(s, game, signup.powers[0], signup.address)


def _needs_approval(game: Game, signup: Signup) -> bool:
    if signup.kind == "join":
        return bool(signup_of(game).approval)
    return signup.kind == "takeover" and takeover_approval(game)


def _seat(s: Session, game: Game, signup: Signup, now: datetime) -> str:
    """Seat the confirmed (and approved) request; returns what to tell its sender."""
    signup.status, signup.decided_at = "seated", now
    if signup.kind == "observe":
        add_observer(game, signup.address)
        log_event(s, game, "observer_added", now, address=signup.address, by="mail")
        _tell_gm(s, game, f"New observer of {game.name}",
                 f"{signup.address} observes game {game.name} from now on (OBSERVE).", now)
        return (f"You observe game {game.name} from now on: you get its public results "
                "and the game master's public announcements.")
    if signup.kind == "takeover":
        power = signup.powers[0]
        signup.power = power
        seat_standby(s, game, signup.address, power, now)
        return (f"You play {power.title()} in game {game.name} from now on: your welcome "
                "mail, with the position and the last results, follows.")
    log_event(s, game, "signup_seated", now, address=signup.address, powers=signup.powers)
    free = free_seats(s, game)
    seats = len(signup_of(game).open_powers)
    _tell_gm(s, game, f"{signup.address} joined",
             f"{signup.address} joined game {game.name}: {seats - free} of {seats} seats "
             "taken.", now)
    if free == 0:
        start_game(s, game, now)
        return (f"You have a seat in game {game.name}, the last one: the game starts now, "
                "and your welcome mail with your power follows.")
    return (f"You have a seat in game {game.name} ({seats - free} of {seats} taken). When "
            "every seat is taken the game starts, and you get your welcome mail with your "
            "power.")


def _ask_gm(s: Session, game: Game, signup: Signup, now: datetime) -> None:
    what = _verb(signup) + (f" ({', '.join(signup.powers)})" if signup.powers else "")
    log_event(s, game, "signup_awaiting", now, address=signup.address, request=signup.kind)
    _tell_gm(s, game, f"Approve {signup.address}?",
             f"{signup.address} asks to {what} game {game.name} and has confirmed the "
             f"address.\nReply with one line:\n\n  APPROVE {game.name} {signup.address}\n"
             f"  REJECT {game.name} {signup.address}\n\n(or `gmbot game approve {game.name} "
             f"{signup.address}` on the judge's host).", now)


def _close(s: Session, game: Game, signup: Signup, status: str, now: datetime,
           why: str, tell: bool = True) -> None:
    signup.status, signup.decided_at = status, now
    log_event(s, game, f"signup_{status}", now, address=signup.address, request=signup.kind,
              why=why)
    if tell:
        _tell(s, game, signup, "Not accepted",
              f"Your request to {_verb(signup)} game {game.name} was not accepted: {why}.",
              now)


def _tell(s: Session, game: Game, signup: Signup, title: str, text: str,
          now: datetime) -> None:
    subject, body = render("joining_note.txt.j2", game=game, title=title, text=text)
    queue_mail(s, key=f"signup:{signup.id}:{title}", kind="announce", sender=game.judge,
               recipient=signup.address, subject=subject, body=body, now=now, game=game,
               html=text_html(subject, body), message_id=new_message_id(game.judge))


def _tell_gm(s: Session, game: Game, title: str, text: str, now: datetime) -> None:
    subject, body = render("joining_note.txt.j2", game=game, title=title, text=text)
    queue_mail(s, key=f"joining-gm:{game.id}:{title}:{now.isoformat()}", kind="announce",
               sender=game.judge, recipient=game.gm, subject=subject, body=body, now=now,
               game=game)


def _awaiting(s: Session, game: Game, who: str) -> Signup:
    address = plain_address(who)
    found = s.scalars(select(Signup).where(Signup.game_id == game.id,
                                           Signup.address == address,
                                           Signup.status == "awaiting")).first()
    if found is None:
        raise AdminError(f"{address} has no confirmed request awaiting your approval in "
                         f"game {game.name}")
    return found


def _asked(game: Game, signup: Signup) -> str:
    if signup.kind == "join":
        wish = f", preferring {', '.join(signup.powers)}" if signup.powers else ""
        return f"You ask to join game {game.name}{wish}."
    if signup.kind == "observe":
        return f"You ask to observe game {game.name}."
    return f"You ask to take over {signup.powers[0]} in game {game.name}."


def _verb(signup: Signup) -> str:
    return {"join": "join", "observe": "observe"}.get(signup.kind, "take over a seat in")


def _usage(verb: str) -> str:
    return {"JOIN": "JOIN game (or JOIN game FRANCE ENGLAND ... to give your preferences)",
            "OBSERVE": "OBSERVE game", "TAKEOVER": "TAKEOVER game POWER"}[verb]
