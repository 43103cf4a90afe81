"""The evidence of each mail's author (gmbot/mail/auth), examined before the mail's
transaction opens: a DKIM key lookup may wait on DNS for seconds, which must not hold the
database's write lock (SQLite takes it as a transaction begins).

Cheap checks first. Every mail is examined without DKIM: its strict From, a trusted
Authentication-Results header, its reply tokens (no DNS, no RSA). DKIM is verified only
for a mail that could change something: not automated, routed to a seat (a running
game's, or that of the finished game it names: press after the end), from that seat's
own address, whose sender is under his hourly limit, not proven already by a trusted
header or a reply token, not oversize (its body was not read), and signed at all.
Deciding that reads the store (the routing and the limit of gates.py) in a short
transaction of its own, the pre-routing pass, before any DNS wait. So a stranger's mail,
or one routed to no seat, never costs a key lookup or an RSA step. The key lookups of a
batch share one DNS time budget (SenderCheck.budget).

The store may change between that pass and the mail's own transaction (a GM's REPLACE
in between): a mail then judged without its signature is refused as unverified, its
sender told, never accepted unproven."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from sqlalchemy.exc import OperationalError

from gmbot.mail.auth import DnsBudget, Evidence, replied_tokens
from gmbot.mail.message import InboundMail, automated_reason
from gmbot.mail.oversize import Oversize, Raw, head_of
from gmbot.service.app import App
from gmbot.service.inbound.commands.parse import parse_request
from gmbot.service.inbound.gates import hourly_limit_of, route_of
from gmbot.service.inbound.lookups import RATE_WINDOW, Lookups, StoreLookups
from gmbot.store.models import Game, Player

log = logging.getLogger("gmbot")


def examine_all(app: App, raws: Sequence[Raw], mails: Sequence[InboundMail | Exception],
                budget: DnsBudget | None = None) -> list[Evidence | Exception]:
    """The evidence of each mail (an exception where examining it failed, or where
    parsing did: `mails`), DKIM verified only where it could matter (see above)."""
    found: list[Evidence | Exception] = []
    for raw, mail in zip(raws, mails, strict=True):
        try:
            if isinstance(mail, Exception):
                raise mail
            found.append(app.sender_check.examine(_readable(raw), mail, signatures=False))
        except Exception as e:  # noqa: BLE001 - the mail is set aside, like any failure
            found.append(e)
    signed = [i for i, (raw, evidence) in enumerate(zip(raws, found, strict=True))
              if isinstance(evidence, Evidence) and _may_prove(app, raw, mails[i], evidence)]
    if not signed:
        return found
    with app.db.transaction() as s:  # reads only; ends before any DNS wait
        lookups = StoreLookups(s)
        wanted = [i for i in signed if _could_change(app, lookups, mails[i], found[i])]
    for i in wanted:
        mail = mails[i]
        assert isinstance(mail, InboundMail)
        try:
            found[i] = app.sender_check.examine(_readable(raws[i]), mail, budget)
        except Exception as e:  # noqa: BLE001 - the mail is set aside, like any failure
            found[i] = e
    return found


def _readable(raw: Raw) -> bytes:
    """Of an oversize mail only the header section is read, so only what needs no body
    (a trusted header, a reply token) can prove it."""
    return raw.head if isinstance(raw, Oversize) else raw


def _may_prove(app: App, raw: Raw, mail: InboundMail | Exception, evidence: Evidence) -> bool:
    """Whether a signature could add anything the mail itself says: it is signed (or,
    with forwarders listed, ARC-sealed), whole, its strict author is its sender, and no
    trusted header proves it already."""
    if not (isinstance(mail, InboundMail) and not isinstance(raw, Oversize)
            and evidence.proof is None and evidence.address is not None
            and evidence.address == mail.sender):
        return False
    head = head_of(raw).lower()
    return b"dkim-signature:" in head or (bool(app.sender_check.arc_forwarders)
                                          and b"arc-seal:" in head)


def _could_change(app: App, lookups: Lookups, mail: InboundMail | Exception,
                  evidence: Evidence | Exception) -> bool:
    """Whether the mail, proven by a signature, could change something: the pre-routing
    pass (see above). A failure here (a bug) costs the mail its signature only."""
    assert isinstance(mail, InboundMail) and isinstance(evidence, Evidence)
    try:
        seat = _seat(lookups, mail)
        if seat is None:
            return False
        game, player = seat
        if game.settings.auth == "none":
            return False  # the address is taken on trust: nothing to verify
        limit = hourly_limit_of(app, lookups, mail.sender)
        if len(lookups.counted(mail.sender, app.now() - RATE_WINDOW, limit)) >= limit:
            return False  # refused for the limit, whoever wrote it
        secret = game.gm_secret_hash if player is None else player.secret_hash
        token = evidence.proof_for(mail.sender, game.name, secret, None, game.settings.auth,
                                   now=app.now(),
                                   token_days=app.config.limit("reply_token_days"))
        return token is None
    except OperationalError:
        raise
    except Exception:  # noqa: BLE001 - see the docstring
        log.exception("the pre-routing pass failed for a mail; its signature is not checked")
        return False


def _seat(lookups: Lookups, mail: InboundMail) -> tuple[Game, Player | None] | None:
    """The seat the mail is routed to, as gates.route routes it, or the seat of the
    finished game it names (or the latest, when it names none); None for no seat."""
    if automated_reason(mail, judge_addresses=lookups.judges()):
        return None
    request = parse_request(mail.lines, mail.subject)
    game, player, _ = route_of(lookups.route(mail.sender), request, replied_tokens(mail))
    if game is not None:
        return game, player
    for ended in lookups.finished_games(mail.sender):
        if request.game in (None, ended.name):
            seat = next((p for p in ended.players
                         if p.active and p.address == mail.sender), None)
            return (ended, seat) if seat is not None else None
    return None
