"""The gates of an inbound mail: the policy it passes, in its transaction, before its
commands run. GNU Mailman 3's chains are the model. Each gate is a small named function
of the mail (a Handling: the parsed mail, its record, the evidence of its author, what
earlier gates learned) and of cheap look-ups (lookups.py, the same whether the mail came
alone or in a batch). A gate either passes the mail on (returns None) or ends it with a
named Outcome, having queued any refusal. A mail that passes them all has its commands
run and answered (reply.answer).

GATES below is the order of the policy, written once, as data: to change the order is to
edit that tuple and nothing else. Issue 23 ("Trust round 2") will have the cheap checks
(routing, the limits) run before the sender's proof is weighed: that is moving gates
ahead of `authenticate` in GATES. A gate's docstring says what it needs an earlier gate
to have set (lock and authenticate: the game that `route` or `game_over` found). The
evidence itself (DKIM, trusted headers, reply tokens) is examined before the transaction
opens (record.py), since a DKIM key lookup may wait on DNS; only `authenticate` reads it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from sqlalchemy.orm import Session

from gmbot.config import max_message_bytes
from gmbot.mail.auth import Evidence
from gmbot.mail.message import InboundMail, automated_reason
from gmbot.service.app import App
from gmbot.service.deadline.parking import PARKED, parked_reason
from gmbot.service.inbound.batch import RATE_WINDOW, TOO_MANY, UNVERIFIED, Route
from gmbot.service.inbound.commands.request import Request
from gmbot.service.inbound.handling import Handling, Outcome
from gmbot.service.inbound.lookups import Lookups
from gmbot.service.inbound.relay import debrief_seat
from gmbot.service.inbound.reply import answer, queue_reply, refuse
from gmbot.service.locks import lock_game
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.service.runtime import log_event
from gmbot.store.models import Game, Inbound, Player

NOTICE_WINDOW = timedelta(hours=1)  # one "could not be verified" notice per address

Gate = Callable[[Handling], Outcome | None]


def handle(app: App, s: Session, mail: InboundMail, record: Inbound, evidence: Evidence,
           lookups: Lookups, parked_now: bool = False) -> Outcome:
    """Pass the mail through GATES, in order; answer it if none ends it."""
    h = Handling(app, s, mail, record, evidence, lookups, parked_now=parked_now)
    for gate in GATES:
        outcome = gate(h)
        if outcome is not None:
            return outcome
    return answer(h)


def automated(h: Handling) -> Outcome | None:
    """Bounces, auto-replies, mailing lists, loops and the judges' own mail: ignored,
    never answered."""
    why = automated_reason(h.mail, judge_addresses=h.lookups.judges())
    return Outcome("ignored", why) if why else None


def route(h: Handling) -> Outcome | None:
    """The game and seat the mail is for (h.game, h.player), or why there is none
    (h.unrouted). Ends nothing: a mail for no game is refused by `game_over`."""
    h.game, h.player, h.unrouted = _route(h.lookups.route(h.mail.sender), h.request)
    return None


def hourly_limit(h: Handling) -> Outcome | None:
    """Past its hourly limit a sender's mail is refused: with one notice per window, then
    in silence, so an auto-responder that slips through cannot keep a mail loop going.
    Mails refused for this do not count, so the sender is heard again soon."""
    who = h.mail.sender  # the identity limits are counted for
    limit = _hourly_limit(h, who)
    since = h.app.now() - RATE_WINDOW
    recent = h.lookups.counted(who, since, limit)
    if len(recent) < limit:
        return None
    if h.lookups.rate_noticed(who, since):
        return Outcome("refused", f"{TOO_MANY} (notice already sent)")
    again = recent[-1] + RATE_WINDOW  # when the oldest counted mail leaves the window
    return refuse(h, "rate",
                  f"{TOO_MANY} (more than {limit} in an hour); the judge will read your "
                  f"mail again after {again:%Y-%m-%d %H:%M} UTC.")


def size(h: Handling) -> Outcome | None:
    """A mail over limits.max_message_bytes (read from its header section only) is
    refused."""
    max_size = max_message_bytes(h.app.config)
    if h.mail.size <= max_size:
        return None
    return refuse(h, "too_big",
                  f"your mail is {h.mail.size} bytes; the judge reads mail up to "
                  f"{int(max_size)} bytes. Please send your orders as plain text.")


def unrouted(gate: Gate) -> Gate:
    """`gate`, asked only of a mail that `route` found no game for."""

    def for_unrouted(h: Handling) -> Outcome | None:
        return gate(h) if h.game is None else None

    for_unrouted.__name__ = f"unrouted({gate.__name__})"
    return for_unrouted


def game_over(h: Handling) -> Outcome | None:
    """A mail routed to no game: a player of a game that has ended is told so, with its
    final summary, unless his mail is press after the end (the debrief), which goes on
    as his mail to that game; anyone else is refused (never saying whether a game
    exists)."""
    if h.game is not None:
        return None
    over = _game_over(h)
    if over is None:
        return refuse(h, "unknown", h.unrouted)
    game, (subject, body) = over
    player = debrief_seat(h.s, game, h.mail, bool(h.request.press))
    if player is None:
        h.record.game_id = game.id
        queue_reply(h.app, h.s, h.mail, h.record, game, "over", subject, body)
        return Outcome("handled", "the game is over", game=game.name, replies=[subject])
    h.game, h.player = game, player  # press after the end: read like any mail of the game
    return None


def lock(h: Handling) -> Outcome | None:
    """The mail's game (set by `route` or `game_over`) is locked and recorded as the
    mail's. The game row stays locked until this mail's transaction ends (PostgreSQL; on
    SQLite the transaction holds the write lock anyway): deadline processing in another
    process waits, so the phase these orders are acknowledged for cannot be adjudicated
    without them, and two mails of one game get distinct order versions. A batch locked
    its games at its start (in id order: service/locks), and has read this one since.
    SQLite: the transaction has held the database's write lock since it began (BEGIN
    IMMEDIATE) and the game row was read in it, so there is nothing to lock or re-read."""
    game = h.game
    assert game is not None
    if not h.app.db.is_sqlite and not h.lookups.locked(game):
        with h.s.no_autoflush:
            lock_game(h.s, game)
    h.record.game_id = game.id
    return None


def authenticate(h: Handling) -> Outcome | None:
    """Who wrote the mail is settled before anything else of its game (set by `route` or
    `game_over`) is touched, and before the limits: a forgery in a player's name never
    counts against his limit. A mail that proves nothing is refused (_unverified)."""
    game, player = h.game, h.player
    assert game is not None
    secret = game.gm_secret_hash if player is None else player.secret_hash
    address = game.gm if player is None else player.address
    h.proof = h.evidence.proof_for(address, game.name, secret, h.request.password, game.auth)
    if h.proof is None:
        return _unverified(h, game, address)
    return None


def parked(h: Handling) -> Outcome | None:
    """A parked game (service/deadline/parking.py): its players are told that it is
    paused for the GM and nothing of their mail is taken; its GM's mail is read (RESUME,
    ROLLBACK...), unless one of his commands just met the unreadable position."""
    game = h.game
    assert game is not None
    if game.status != PARKED or (h.player is None and not h.parked_now):
        return None
    for_gm = h.player is None
    why = parked_reason(h.s, game)
    subject, body = render("parked.txt.j2", game=game, for_gm=for_gm, reason=why)
    queue_reply(h.app, h.s, h.mail, h.record, game, "parked", subject, body, player=h.player)
    return Outcome("refused", "the game is parked", game=game.name, replies=[subject],
                   parked=f"game {game.name} parked: {why}" if h.parked_now else None)


# The order of the policy (see the docstring above).
GATES: tuple[Gate, ...] = (
    automated,
    route,
    unrouted(hourly_limit),
    unrouted(size),
    game_over,
    lock,
    authenticate,
    hourly_limit,
    size,
    parked,
)


def _route(known: Route, request: Request) -> tuple[Game | None, Player | None, str]:
    """The game and player a mail is for, of the sender's seats and games. Refusals never
    say whether a game exists."""
    not_registered = (
        "this address is not registered in any game run by this judge "
        "(or not in the game your mail names)."
    )
    players, gm_games = known.players, known.gm_games
    if request.game:
        for p in players:
            if p.game.name == request.game:
                return p.game, p, ""
        for g in gm_games:
            if g.name == request.game:
                return g, None, ""
        return None, None, not_registered
    candidates: dict[str, tuple[Game, Player | None]] = {p.game.name: (p.game, p) for p in players}
    for g in gm_games:
        candidates.setdefault(g.name, (g, None))
    if len(candidates) == 1:
        game, player = next(iter(candidates.values()))
        return game, player, ""
    if not candidates:
        return None, None, not_registered
    names = ", ".join(sorted(candidates))
    return None, None, (f"you take part in several games ({names}); put the game's name "
                        "in the subject as [name] or add a line GAME name.")


def _hourly_limit(h: Handling, who: str) -> int:
    """limits.mails_per_hour; for a GM's address limits.gm_mails_per_hour, higher: a
    GM may need many commands, but forged GM mail must not buy replies without end."""
    if h.lookups.runs_a_game(who):
        return int(h.app.config.limit("gm_mails_per_hour"))
    return int(h.app.config.limit("mails_per_hour"))


def _game_over(h: Handling) -> tuple[Game, tuple[str, str]] | None:
    """The ended game the sender played in (the one his mail names, else his latest),
    with its game-over mail; None if there is none."""
    from gmbot.service.deadline.gameover import game_over_mail

    with h.s.no_autoflush:
        for game in h.lookups.finished_games(h.mail.sender):
            if h.request.game in (None, game.name):
                mail = game_over_mail(h.s, game)
                if mail is not None:
                    return game, mail
    return None


def _unverified(h: Handling, game: Game, address: str) -> Outcome:
    """A mail in a registered name that proves nothing changes nothing. The registered
    address (never the mail's other headers) gets one short notice an hour, naming no
    more of the game than its tag; the mail does not count against the seat's limit."""
    why = h.evidence.author.problem or "no signature, trusted header, reply key or password"
    reason = f"{UNVERIFIED}: {why}"
    now = h.app.now()
    noticed = h.lookups.auth_noticed(address, now - NOTICE_WINDOW)
    if not noticed:
        subject, body = render("unverified.txt.j2", game=game.name)
        queue_mail(h.s, key=f"auth-notice:{h.record.message_id}", kind="auth-notice",
                   sender=game.judge, recipient=address, subject=subject, body=body, now=now,
                   game=game)
    log_event(h.s, game, "mail_unverified", now, sender=h.mail.sender,
              message_id=h.mail.message_id, reason=why)
    return Outcome("refused", reason + ("" if not noticed else " (notice already sent)"),
                   game=game.name)
