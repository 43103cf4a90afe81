"""Use case: one inbound mail, whatever transport brought it. In one transaction the mail
is recorded (so nothing accepted is lost and nothing is handled twice), routed to its
game, authenticated, its commands and orders applied, and the reply queued."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from datetime import timedelta

from sqlalchemy import bindparam, func, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session, contains_eager

from gmbot.config import max_message_bytes
from gmbot.mail.auth import Evidence
from gmbot.mail.auth.secrets import reply_token
from gmbot.mail.message import InboundMail, automated_reason, parse_message
from gmbot.mail.oversize import Oversize, Raw, admit, content_id, head_of, size_of
from gmbot.service.app import App
from gmbot.service.deadline.wakeups import defer_wake_ups, write_wake_ups
from gmbot.service.inbound.batch import COUNTS_FOR_LIMIT, TOO_MANY, UNVERIFIED, Batch, Route
from gmbot.service.inbound.bounds import cap_reply
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.commands.handlers import run_commands
from gmbot.service.inbound.commands.request import Request, parse_request
from gmbot.service.inbound.relay import debrief_seat
from gmbot.service.locks import lock_game, lock_games_of
from gmbot.service.outbox.queue import new_message_id, queue_mail
from gmbot.service.outbox.render import render
from gmbot.service.runtime import log_event, log_events
from gmbot.store.models import Game, Inbound, Outbound, Player

log = logging.getLogger("gmbot")

RATE_WINDOW = timedelta(hours=1)
STRANGER_WINDOW = timedelta(days=1)  # one refusal per unregistered address in it
NOTICE_WINDOW = timedelta(hours=1)  # one "could not be verified" notice per address


@dataclass
class Outcome:
    status: str  # handled | refused | ignored | duplicate
    reason: str = ""
    game: str | None = None
    replies: list[str] = field(default_factory=list)


def receive(app: App, raw: Raw) -> Outcome:
    """Handle one mail. A failure inside (a bug, not bad input) sets the mail aside with
    its raw text in the store, so it never blocks the mailbox and is never lost. A
    database that cannot be reached or gives up a transaction (OperationalError: down,
    restarting, locked, a deadlock) is no fault of the mail: that error is raised, and
    the mail stays where it is to be read again. A mail over limits.max_message_bytes is
    handled from its header section only (it can only be refused)."""
    raw = admit(raw, max_message_bytes(app.config))
    try:
        return _receive(app, raw)
    except OperationalError:
        raise
    except Exception as e:  # noqa: BLE001 - any bug in handling one mail
        log.exception("handling a mail failed; it is kept as failed in the store")
        return _set_aside(app, raw, f"{type(e).__name__}: {e}")


def _set_aside(app: App, raw: Raw, why: str) -> Outcome:
    ident = content_id(raw)
    try:
        with app.db.transaction() as s:
            if not _recorded(s, ident):
                s.add(_failed(app, raw, ident, why))
    except IntegrityError:
        pass  # another process set the same mail aside at the same moment
    return Outcome("failed", why)


def _failed(app: App, raw: Raw, ident: str, why: str) -> Inbound:
    """The record of a mail whose handling failed: its whole text kept, to look into."""
    return Inbound(message_id=ident, sender="", subject="", received_at=app.now(),
                   size=size_of(raw), status="failed", reason=why[:2000],
                   raw=raw.head if isinstance(raw, Oversize) else raw)


def _parse(raw: Raw) -> InboundMail:
    if isinstance(raw, Oversize):
        return replace(parse_message(raw.head), size=raw.size)
    return parse_message(raw)


def _kept(raw: Raw, status: str) -> bytes:
    """What the store keeps of a mail's text: all of a handled mail (until
    limits.keep_raw_mail_days), only the header section of mail refused or ignored."""
    return raw if status == "handled" and isinstance(raw, bytes) else head_of(raw)


def _examine(app: App, raw: Raw, mail: InboundMail) -> Evidence:
    """Who wrote the mail (mail/auth), decided before the transaction: a DKIM key lookup
    may wait on DNS for a few seconds. Of an oversize mail only the header section is
    read, so only what needs no body (a trusted header, a reply token) can prove it."""
    return app.sender_check.examine(raw.head if isinstance(raw, Oversize) else raw, mail)


def _receive(app: App, raw: Raw) -> Outcome:
    mail = _parse(raw)
    evidence = _examine(app, raw, mail)
    now = app.now()
    ident = _ident(mail, raw)
    try:
        with app.db.transaction() as s:
            if _recorded(s, ident):
                return _duplicate()
            # reason=None given, not left unset: setting it to None below is then no change
            # and costs no UPDATE.
            record = Inbound(message_id=ident, sender=mail.sender,
                             subject=mail.subject[:998], received_at=now, size=mail.size,
                             status="handled", reason=None,
                             raw=_kept(raw, "handled"))
            s.add(record)
            outcome = _handle(app, s, mail, record, evidence)
            record.status = outcome.status
            record.reason = outcome.reason or None
            if outcome.status != "handled":
                record.raw = _kept(raw, outcome.status)
            return outcome
    except IntegrityError:
        # Another process recorded the same mail after the check above (two daemons
        # reading one inbox, an MTA piping a copy in twice at once): its transaction won.
        with app.db.transaction() as s:
            if _recorded(s, ident):
                return _duplicate()
        raise


def receive_batch(app: App, raws: list[Raw]) -> list[Outcome]:
    """Handle several mails in one transaction, each in a savepoint of its own: one commit,
    so one fsync, for the lot. Each mail is still all or nothing (its records, orders and
    reply), and none is acknowledged before the batch has committed: the caller marks
    them read only once this returns, and replies leave the outbox only after the commit.
    An OperationalError (database down, locked...) rolls the whole batch back and is
    raised; every mail of it stays unread, to be read again."""
    max_bytes = max_message_bytes(app.config)
    raws = [admit(raw, max_bytes) for raw in raws]
    mails: list[InboundMail | Exception] = []
    evidence: list[Evidence | None] = []
    for raw in raws:
        try:
            mail = _parse(raw)
            evidence.append(_examine(app, raw, mail))
            mails.append(mail)
        except Exception as e:  # noqa: BLE001 - set aside below, like any failure
            mails.append(e)
            evidence.append(None)
    outcomes: list[Outcome] = []
    with app.db.transaction() as s:
        idents = [_ident(m, raw) for m, raw in zip(mails, raws, strict=True)
                  if isinstance(m, InboundMail)]
        batch = s.info[_BATCH] = Batch(s, idents)
        senders = {m.sender for m, raw in zip(mails, raws, strict=True)
                   if isinstance(m, InboundMail) and _ident(m, raw) not in batch.recorded}
        if not app.db.is_sqlite:
            # Every game the batch may touch, locked now and in id order (service/locks):
            # two daemons' batches locking them mail by mail could each hold one game and
            # wait for the other's.
            batch.locked = lock_games_of(s, senders)
        # Then read once what each mail would read again (service/inbound_batch.py).
        batch.read_ahead(s, senders, app.now() - RATE_WINDOW)
        defer_wake_ups(s)
        for mail, raw, proof in zip(mails, raws, evidence, strict=True):
            outcomes.append(_receive_nested(app, s, raw, mail, proof, batch))
        write_wake_ups(s)
        log_events(s, "mail_handled", batch.events)
    return outcomes


_BATCH = "gmbot.inbound.batch"  # Session.info key of the batch a session handles


def _ident(mail: InboundMail, raw: Raw) -> str:
    # Without a Message-ID the content itself identifies a redelivered copy.
    return mail.message_id or content_id(raw)


def _receive_nested(app: App, s: Session, raw: Raw, mail: InboundMail | Exception,
                    evidence: Evidence | None, batch: Batch) -> Outcome:
    """`receive` for one mail of a batch, inside a savepoint of the batch's transaction.
    The mail's Inbound row is written with a plain INSERT (see _write_record), not by the
    session's unit of work, which cost more than the rest of the row's handling."""
    try:
        if isinstance(mail, Exception):
            raise mail  # parsing failed: set aside like any failure
        assert evidence is not None
        ident = _ident(mail, raw)
        if ident in batch.recorded:
            return _duplicate()
        if mail.sender in batch.gms:
            # A GM's commands may change seats and phases (inbound_batch.py): forgotten
            # before his mail's savepoint, which may be rolled back.
            batch.forget(s)
        batch.pending_event = None
        try:
            with s.begin_nested():
                record = Inbound(message_id=ident, sender=mail.sender,
                                 subject=mail.subject[:998], received_at=app.now(),
                                 size=mail.size, status="handled", reason=None,
                                 raw=_kept(raw, "handled"))
                outcome = _handle(app, s, mail, record, evidence)
                status, reason = outcome.status, outcome.reason or None
                if record.id is None:
                    record.status, record.reason = status, reason
                    record.raw = _kept(raw, status)
                    _write_record(s, record)
                elif (record.status, record.reason) != (status, reason):
                    s.execute(update(Inbound).where(Inbound.id == record.id)
                              .values(status=status, reason=reason, raw=_kept(raw, status)))
                record.status, record.reason = status, reason
            batch.recorded_mail(ident, mail.sender, record.received_at, status, reason)
            batch.keep_event()
            return outcome
        except IntegrityError:
            batch.forget(s)
            # Recorded by another process meanwhile (PostgreSQL; see _receive).
            if _recorded(s, ident):
                batch.recorded.add(ident)
                return _duplicate()
            raise
    except OperationalError:
        raise
    except Exception as e:  # noqa: BLE001 - any bug in handling one mail
        log.exception("handling a mail failed; it is kept as failed in the store")
        # What the failed mail changed before its savepoint was rolled back may linger in
        # the batch's reads and loaded rows: read again from the database.
        batch.forget(s)
        s.expire_all()
        why = f"{type(e).__name__}: {e}"
        ident = content_id(raw)
        try:
            with s.begin_nested():
                if not _recorded(s, ident):
                    s.add(_failed(app, raw, ident, why))
        except IntegrityError:
            pass  # another process set the same mail aside at the same moment
        return Outcome("failed", why)


def _write_record(s: Session, record: Inbound) -> None:
    """Write the mail's Inbound row now. The session's own (single mail): flushed. A
    batch's, which the session does not hold: one INSERT, its id set on the object."""
    if record in s:
        s.flush()
        return
    values = {c.key: getattr(record, c.key) for c in _RECORD_COLUMNS}
    record.id = s.execute(_INSERT_RECORD, values).scalar_one()


_RECORD_COLUMNS = [c for c in Inbound.__table__.columns if c.key != "id"]
# Built once: building a statement (and its cache key) costs more than running this one.
_INSERT_RECORD = insert(Inbound.__table__).returning(Inbound.__table__.c.id)  # Core, not ORM bulk


def _duplicate() -> Outcome:
    return Outcome("duplicate", "this message was handled before")


# Table columns, not mapped attributes: a plain Core statement skips the ORM's per-call
# set-up, and its autoflush, which none of these needs (they run with nothing pending,
# or under no_autoflush).
_IN = Inbound.__table__.c
_RECORDED = select(_IN.id).where(_IN.message_id == bindparam("ident")).limit(1)


def _recorded(s: Session, ident: str) -> bool:
    return s.scalar(_RECORDED, {"ident": ident}) is not None


def _handle(app: App, s: Session, mail: InboundMail, record: Inbound,
            evidence: Evidence) -> Outcome:
    batch: Batch | None = s.info.get(_BATCH)
    # Until the mail is routed no query needs the new Inbound row: without autoflush it is
    # written once, with its game, instead of inserted here and updated after routing.
    if batch is not None:
        judges = batch.judges
    else:
        with s.no_autoflush:
            judges = set(s.scalars(select(Game.judge).distinct()).all())
    why = automated_reason(mail, judge_addresses=judges)
    if why:
        return Outcome("ignored", why)
    request = parse_request(mail.lines, mail.subject)
    with s.no_autoflush:
        maybe_gm = batch is None or mail.sender in batch.gms
        game, player, problem = _route(s, mail.sender, request, maybe_gm,
                                       batch.route_of(mail.sender) if batch else None)
    if game is None:
        limited = _rate_limited(app, s, mail, record, batch) or _too_big(app, s, mail, record)
        if limited:
            return limited
        over = _game_over(s, mail.sender, request)
        if over is None:
            return _refuse(app, s, mail, record, "unknown", problem)
        player = debrief_seat(s, over[0], mail, bool(request.press))
        if player is None:
            # A player of a game that has ended is told so, with its final summary.
            record.game_id = over[0].id
            _reply(app, s, mail, record, over[0], "over", *over[1])
            return Outcome("handled", "the game is over", game=over[0].name,
                           replies=[over[1][0]])
        game = over[0]  # press after the end: read like any mail of the game
    # The game row is locked until this mail's transaction ends (PostgreSQL; on SQLite the
    # transaction holds the write lock anyway): deadline processing in another process
    # waits, so the phase these orders are acknowledged for cannot be adjudicated without
    # them, and two mails of one game get distinct order versions. A batch locked its
    # games at its start (in id order: service/locks), and has read this one since.
    # SQLite: the transaction has held the database's write lock since it began (BEGIN
    # IMMEDIATE) and the game row was read in it, so there is nothing to lock or re-read.
    if not app.db.is_sqlite and (batch is None or game.id not in batch.locked):
        with s.no_autoflush:
            lock_game(s, game)
    record.game_id = game.id
    # Who wrote it is settled before anything else of the game is touched, and before the
    # rate limit: a forgery in a player's name never counts against his limit.
    secret = game.gm_secret_hash if player is None else player.secret_hash
    address = game.gm if player is None else player.address
    proof = evidence.proof_for(address, game.name, secret, request.password, game.auth)
    if proof is None:
        return _unverified(app, s, mail, record, game, address, evidence)
    limited = _rate_limited(app, s, mail, record, batch) or _too_big(app, s, mail, record)
    if limited:
        return limited
    _write_record(s, record)
    ctx = Context(app, s, mail, request, game, player, record)
    run_commands(ctx)
    subject = f"[{game.name}] " + ("Errors in your mail" if ctx.errors else ctx.title)
    text = cap_reply("\n\n".join(ctx.sections).rstrip() + "\n")
    _reply(app, s, mail, record, game, "ack", subject, text, picture=ctx.picture,
           player=player)
    handled = {"sender": mail.sender, "message_id": mail.message_id, "errors": ctx.errors,
               "proof": proof}
    if batch is not None:
        # Logged with the batch's others in one statement, once this mail's savepoint is
        # released (a mail rolled back logs nothing).
        batch.handled(game.id, app.now(), handled)
    else:
        log_event(s, game, "mail_handled", app.now(), **handled)
    return Outcome("handled", game=game.name, replies=[subject])


def _too_big(app: App, s: Session, mail: InboundMail, record: Inbound) -> Outcome | None:
    max_size = max_message_bytes(app.config)
    if mail.size <= max_size:
        return None
    return _refuse(app, s, mail, record, "too_big",
                   f"your mail is {mail.size} bytes; the judge reads mail up to "
                   f"{int(max_size)} bytes. Please send your orders as plain text.")


def _unverified(app: App, s: Session, mail: InboundMail, record: Inbound, game: Game,
                address: str, evidence: Evidence) -> Outcome:
    """A mail in a registered name that proves nothing changes nothing. The registered
    address (never the mail's other headers) gets one short notice an hour, naming no
    more of the game than its tag; the mail does not count against the seat's limit."""
    why = evidence.author.problem or "no signature, trusted header, reply key or password"
    reason = f"{UNVERIFIED}: {why}"
    now = app.now()
    with s.no_autoflush:
        noticed = s.scalar(_AUTH_NOTICED, {"recipient": address,
                                           "since": now - NOTICE_WINDOW}) is not None
    if not noticed:
        subject, body = render("unverified.txt.j2", game=game.name)
        queue_mail(s, key=f"auth-notice:{record.message_id}", kind="auth-notice",
                   sender=game.judge, recipient=address, subject=subject, body=body, now=now,
                   game=game)
    log_event(s, game, "mail_unverified", now, sender=mail.sender,
              message_id=mail.message_id, reason=why)
    return Outcome("refused", reason + ("" if not noticed else " (notice already sent)"),
                   game=game.name)


# Built once, like the statements in outbox.py: run for every mail.
_RECENT = (
    select(_IN.received_at)
    .where(_IN.sender == bindparam("sender"), _IN.received_at > bindparam("since"),
           *COUNTS_FOR_LIMIT)
    .order_by(_IN.received_at.desc()).limit(bindparam("limit"))
)
_OUT = Outbound.__table__.c
_NOTICED = select(_OUT.id).where(
    _OUT.recipient == bindparam("sender"), _OUT.kind == "refusal-rate",
    _OUT.created_at > bindparam("since")).limit(1)
_AUTH_NOTICED = select(_OUT.id).where(
    _OUT.recipient == bindparam("recipient"), _OUT.kind == "auth-notice",
    _OUT.created_at > bindparam("since")).limit(1)


def _rate_limited(app: App, s: Session, mail: InboundMail, record: Inbound,
                  batch: Batch | None = None) -> Outcome | None:
    """Past its hourly limit a sender's mail is refused: with one notice per window, then
    in silence, so an auto-responder that slips through cannot keep a mail loop going.
    Mails refused for this do not count, so the sender is heard again soon."""
    who = mail.sender  # the identity limits are counted for
    limit = _hourly_limit(app, s, who, batch)
    params = {"sender": who, "since": app.now() - RATE_WINDOW, "limit": limit}
    counted = batch.counted_since(who, params["since"]) if batch is not None else None
    with s.no_autoflush:
        recent = counted[:limit] if counted is not None else s.scalars(_RECENT, params).all()
        if len(recent) < limit:
            return None
        noticed = s.scalar(_NOTICED, params)
    if noticed is not None:
        return Outcome("refused", f"{TOO_MANY} (notice already sent)")
    again = recent[-1] + RATE_WINDOW  # when the oldest counted mail leaves the window
    return _refuse(app, s, mail, record, "rate",
                   f"{TOO_MANY} (more than {limit} in an hour); the judge will read your "
                   f"mail again after {again:%Y-%m-%d %H:%M} UTC.")


def _hourly_limit(app: App, s: Session, who: str, batch: Batch | None) -> int:
    """limits.mails_per_hour; for a GM's address limits.gm_mails_per_hour, higher: a
    GM may need many commands, but forged GM mail must not buy replies without end."""
    if batch is not None:
        gm = who in batch.gms
    else:
        with s.no_autoflush:
            gm = s.scalar(select(Game.id).where(Game.gm == who).limit(1)) is not None
    if gm:
        return int(app.config.limit("gm_mails_per_hour"))
    return int(app.config.limit("mails_per_hour"))


_STRANGER_KIND = "refusal-stranger"
_KNOWN_PLAYER = select(Player.__table__.c.id).where(
    Player.__table__.c.address == bindparam("who")).limit(1)
_STRANGER_ANSWERED = select(_OUT.id).where(
    _OUT.kind == _STRANGER_KIND, _OUT.created_at > bindparam("since"),
    _OUT.recipient == bindparam("who")).limit(1)
_STRANGERS_ANSWERED = select(func.count()).select_from(Outbound.__table__).where(
    _OUT.kind == _STRANGER_KIND, _OUT.created_at > bindparam("since"))


def _stranger(s: Session, who: str, batch: Batch | None) -> bool:
    """No game knows this address: neither a player's (of any game, past or present)
    nor a GM's."""
    with s.no_autoflush:
        if s.scalar(_KNOWN_PLAYER, {"who": who}) is not None:
            return False
        if batch is not None:
            return who not in batch.gms
        return s.scalar(select(Game.id).where(Game.gm == who).limit(1)) is None


def _stranger_silenced(app: App, s: Session, who: str) -> str | None:
    """Why a stranger gets no reply, if he gets none: one reply a day at most per
    address, all of them under limits.stranger_replies_per_hour. Forged senders must
    not turn the judge into a mail cannon aimed at anyone."""
    now = app.now()
    with s.no_autoflush:
        if s.scalar(_STRANGER_ANSWERED, {"who": who,
                                         "since": now - STRANGER_WINDOW}) is not None:
            return "no reply: one was sent in the last day"
        cap = int(app.config.limit("stranger_replies_per_hour"))
        if s.scalar(_STRANGERS_ANSWERED, {"since": now - RATE_WINDOW}) >= cap:
            return f"no reply: {cap} strangers were answered in the last hour"
    return None


# Built once, like _RECENT: run for every mail.
_PLAYERS = (
    select(Player).join(Game)
    .where(Player.address == bindparam("sender"), Player.active.is_(True),
           Game.status != "finished")
    .options(contains_eager(Player.game))  # p.game below without a query per player
)
_GM_GAMES = select(Game).where(Game.gm == bindparam("sender"))


def _route(s: Session, sender: str, request: Request, maybe_gm: bool = True,
           known: Route | None = None) -> tuple[Game | None, Player | None, str]:
    """The game and player a mail is for. Refusals never say whether a game exists.
    `maybe_gm` False: the sender is known to be no game's GM (no query for it). `known`:
    the sender's seats and games, read already."""
    not_registered = (
        "this address is not registered in any game run by this judge "
        "(or not in the game your mail names)."
    )
    if known is not None:
        players, gm_games = known.players, known.gm_games
    else:
        players = s.scalars(_PLAYERS, {"sender": sender}).all()
        gm_games = s.scalars(_GM_GAMES, {"sender": sender}).all() if maybe_gm else []
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


def _game_over(s: Session, sender: str,
               request: Request) -> tuple[Game, tuple[str, str]] | None:
    """The ended game the sender played in (the one his mail names, else his latest),
    with its game-over mail; None if there is none."""
    from gmbot.service.deadline.gameover import game_over_mail

    with s.no_autoflush:
        games = s.scalars(
            select(Game).join(Player)
            .where(Player.address == sender, Player.active.is_(True),
                   Game.status == "finished")
            .order_by(Game.id.desc())
        ).all()
        for game in games:
            if request.game in (None, game.name):
                mail = game_over_mail(s, game)
                if mail is not None:
                    return game, mail
    return None


def _refuse(app: App, s: Session, mail: InboundMail, record: Inbound, kind: str, reason: str,
            game: Game | None = None) -> Outcome:
    """Refuse the mail with a short reply. A stranger's reply never repeats the mail's
    subject, and goes out only as _stranger_silenced allows."""
    echo = True
    if game is None and _stranger(s, mail.sender, s.info.get(_BATCH)):
        silenced = _stranger_silenced(app, s, mail.sender)
        if silenced:
            return Outcome("refused", f"{reason} ({silenced})")
        kind, echo = "stranger", False
    judge = game.judge if game else _any_judge(s)
    subject, body = render("refusal.txt.j2", reason=reason,
                           subject=mail.subject if echo else None)
    _reply(app, s, mail, record, game, f"refusal-{kind}", subject, body, sender=judge)
    return Outcome("refused", reason)


def _any_judge(s: Session) -> str:
    return s.scalars(select(Game.judge).order_by(Game.id)).first() or "gmbot@localhost"


def _reply(app: App, s: Session, mail: InboundMail, record: Inbound, game: Game | None,
           kind: str, subject: str, body: str, sender: str | None = None,
           picture: bytes | None = None, player: Player | None = None) -> None:
    """`player`: the sender's seat when known, whose reply token the reply carries (else
    queue_mail looks it up)."""
    if not mail.sender:
        return  # nowhere to answer
    sender = sender or (game.judge if game else _any_judge(s))
    message_id = None
    if game is not None and player is not None and player.address == mail.sender:
        token = (reply_token(player.secret_hash, game.name, player.address)
                 if game.auth != "none" and player.secret_hash else None)
        message_id = new_message_id(sender, token)
    # One reply per recorded mail: keyed like the record (Message-ID, else the whole raw
    # mail), not by the body alone, which two different mails can share.
    queue_mail(s, key=f"reply:{record.message_id}", kind=kind, sender=sender,
               recipient=mail.sender, subject=subject, body=body, now=app.now(), game=game,
               in_reply_to=mail.message_id, picture=picture, message_id=message_id)


