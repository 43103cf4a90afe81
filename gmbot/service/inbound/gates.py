"""The gates of an inbound mail: the policy it passes, in its transaction, before its
commands run. GNU Mailman 3's chains are the model. Each gate is a small named function
of the mail (a Handling: the parsed mail, its record, the evidence of its author, what
earlier gates learned) and of cheap look-ups (lookups.py, the same whether the mail came
alone or in a batch). A gate either passes the mail on (returns None) or ends it with a
named Outcome, having queued any refusal. A mail that passes them all has its commands
run and answered (reply.answer).

GATES below is the order of the policy, written once, as data: to change the order is to
edit that tuple and nothing else. The cheap checks come first (issue 23: a mail that
proves nothing costs nothing and counts against no one): bounces of the judge's own
mail (bounced.py: matched by their signed return path), automated mail, the route
(which game and seat, from the sender's address and the mail's tag), sign-up mail
(LIST, JOIN..., which strangers may send: signups.py), strangers, the
hourly limit (which only proven mail uses up), then the proof of the author, and only
then what answers a proven mail: its size, an ended or unknown game, its commands. A
gate's docstring says what it needs an earlier gate to have set. The evidence (trusted
headers, reply tokens; DKIM only for mail that could change something) is examined
before the transaction opens (evidence.py), since a DKIM key lookup may wait on DNS;
only `authenticate` weighs it (proof.py)."""

from __future__ import annotations

import hmac
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.config import max_message_bytes
from gmbot.mail.auth import Evidence, replied_tokens
from gmbot.mail.auth.secrets import reply_token, token_day
from gmbot.mail.message import InboundMail, automated_reason
from gmbot.service.app import App
from gmbot.service.deadline.parking import PARKED, parked_reason
from gmbot.service.inbound.bounced import bounce
from gmbot.service.inbound.commands.request import Request
from gmbot.service.inbound.handling import Handling, Outcome
from gmbot.service.inbound.lookups import RATE_WINDOW, TOO_MANY, Lookups, Route
from gmbot.service.inbound.proof import any_seat_proof, seat_proof, seats, unverified
from gmbot.service.inbound.relay import debrief_seat
from gmbot.service.inbound.reply import answer, queue_reply, refuse, refuse_stranger
from gmbot.service.inbound.signups import signup_mail
from gmbot.service.locks import lock_game
from gmbot.service.outbox.render import render
from gmbot.service.votes.motion import VOTE_WORDS
from gmbot.store.models import Game, Inbound, Player

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
    (h.unrouted); the sender's seats and games (h.known). Ends nothing."""
    h.known = h.lookups.route(h.mail.sender)
    h.game, h.player, h.unrouted = route_of(h.known, h.request, replied_tokens(h.mail))
    return None


def joining(h: Handling) -> Outcome | None:
    """Sign-up mail (signups.py): LIST, JOIN, OBSERVE or TAKEOVER addressed to the judge,
    from anyone, answered within its own bounds and proving nothing; or the reply that
    confirms such a request, proven by its token and held to the hourly limit. Any other
    mail passes on untouched."""
    return signup_mail(h, hourly_limit)


def stranger(h: Handling) -> Outcome | None:
    """A mail from an address that holds no seat (in a running or a finished game, or as
    a GM) is refused as reply.refuse_stranger allows, and nothing else is done for it:
    no proof is weighed, no DNS asked."""
    if h.game is not None or seats(h):
        return None
    reason = _too_big(h) or h.unrouted
    if any(c.name in VOTE_WORDS for c in h.request.commands):
        # An observer's vote (or anyone's without a seat): the rule, then why.
        reason = f"only the players of a game vote on how it ends, not its observers; {reason}"
    return refuse_stranger(h, reason)


def hourly_limit(h: Handling) -> Outcome | None:
    """Past its hourly limit a sender's mail is refused: with one notice per window, then
    in silence, so an auto-responder that slips through cannot keep a mail loop going.
    Only proven mail counts (a forgery must not use up a real player's limit), and
    mails refused for this do not count, so the sender is heard again soon. Asked
    before the proof is weighed: a sender past his limit costs no scrypt, and his mail
    no DKIM (evidence.py); so the notice repeats nothing of the mail."""
    who = h.mail.sender  # the identity limits are counted for
    limit = hourly_limit_of(h.app, h.lookups, who)
    since = h.app.now() - RATE_WINDOW
    recent = h.lookups.counted(who, since, limit)
    if len(recent) < limit:
        return None
    if h.lookups.rate_noticed(who, since):
        return Outcome("refused", f"{TOO_MANY} (notice already sent)")
    again = recent[-1] + RATE_WINDOW  # when the oldest counted mail leaves the window
    return refuse(h, "refusal-rate",
                  f"{TOO_MANY} (more than {limit} in an hour); the judge will read your "
                  f"mail again after {again:%Y-%m-%d %H:%M} UTC.", echo=False)


def size(h: Handling) -> Outcome | None:
    """A proven mail over limits.max_message_bytes (read from its header section only)
    is refused."""
    too_big = _too_big(h)
    return refuse(h, "refusal-too_big", too_big) if too_big else None


def _too_big(h: Handling) -> str:
    max_size = max_message_bytes(h.app.config)
    if h.mail.size <= max_size:
        return ""
    return (f"your mail is {h.mail.size} bytes; the judge reads mail up to "
            f"{int(max_size)} bytes. Please send your orders as plain text.")


def game_over(h: Handling) -> Outcome | None:
    """A proven mail routed to no game: a player of a game that has ended is told so,
    with its final summary, unless his mail is press after the end (the debrief), which
    goes on as his mail to that game; anyone else is refused (never saying whether a
    game exists)."""
    if h.game is not None:
        return None
    over = _game_over(h)
    if over is None:
        return refuse(h, "refusal-unknown", h.unrouted)
    game, (subject, body) = over
    # SUMMARY, the game's record, is answered after the end too.
    player = debrief_seat(h.s, game, h.mail, bool(h.request.press) or h.request.has("SUMMARY"))
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
    """Who wrote the mail is settled before anything of its game is touched (proof.py):
    for its seat (set by `route`), or, routed nowhere, for any seat of its sender. A mail
    that proves nothing is refused, unanswered but for one short notice an hour to the
    registered address, and counts against no one's limit."""
    if h.game is not None:
        h.proof = seat_proof(h, h.game, h.player)
        if h.proof is None:
            return unverified(h, h.game, h.game.gm if h.player is None else h.player.address)
        return _signed_once(h)
    h.proof = any_seat_proof(h)
    return unverified(h, None, h.mail.sender) if h.proof is None else None


def _signed_once(h: Handling) -> Outcome | None:
    """A mail proven by its DKIM signature (or a listed forwarder's ARC seal) counts
    once, whatever its Message-ID: the same signature seen before is a copy sent again
    (a replay), handled as a duplicate."""
    digest = h.evidence.signature
    if h.proof not in ("dkim", "arc") or not digest:
        return None
    with h.s.no_autoflush:
        seen = h.s.scalar(select(Inbound.id).where(Inbound.signature == digest).limit(1))
    if seen is not None:
        return Outcome("duplicate", "this signed mail was handled before (its DKIM "
                       "signature), under another Message-ID")
    h.record.signature = digest
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
    bounce,
    automated,
    route,
    joining,
    stranger,
    hourly_limit,
    authenticate,
    size,
    game_over,
    lock,
    parked,
)


def route_of(known: Route, request: Request, tokens: tuple[str, ...] = ()
             ) -> tuple[Game | None, Player | None, str]:
    """The game and player a mail is for, of the sender's seats and games: the game its
    subject or a GAME line names, else the only one, else the one whose judge mail it
    answers (a reply token of that seat; a changed subject loses the name, not the
    token). Refusals never say whether a game exists."""
    not_registered = (
        "this address is not registered in any game run by this judge "
        "(or not in the game your mail names)."
    )
    # A seat given up earlier in the same batch of mails (RESIGN) is no route any more:
    # the batch read the sender's seats ahead, the row itself says it is inactive now.
    players, gm_games = [p for p in known.players if p.active], known.gm_games
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
    answered = [seat for seat in candidates.values() if _answers(seat, tokens)]
    if len(answered) == 1:
        return (*answered[0], "")
    names = ", ".join(sorted(candidates))
    return None, None, (f"you take part in several games ({names}); put the game's name "
                        "in the subject as [name] or add a line GAME name.")


def _answers(seat: tuple[Game, Player | None], tokens: tuple[str, ...]) -> bool:
    """Whether one of `tokens` is the seat's reply token (of any day: this only routes the
    mail; whether the token still proves its sender is proof.py's to say)."""
    game, player = seat
    secret = game.gm_secret_hash if player is None else player.secret_hash
    if not secret or not tokens:
        return False
    address = game.gm if player is None else player.address
    for token in tokens:
        day = token_day(token)
        if day is not None and hmac.compare_digest(
                token, reply_token(secret, game.name, address, day)):
            return True
    return False


def hourly_limit_of(app: App, lookups: Lookups, who: str) -> int:
    """limits.mails_per_hour; for a GM's address limits.gm_mails_per_hour, higher: a
    GM may need many commands, and a flood of his own mail must still end."""
    if lookups.runs_a_game(who):
        return int(app.config.limit("gm_mails_per_hour"))
    return int(app.config.limit("mails_per_hour"))


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
