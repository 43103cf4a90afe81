"""The invariants that must hold after any kill of a crash test's run (safety) and once a
run has finished the work (completion): the store's rows read after the processes stopped,
checked against the inbox, the acknowledgements, the phases and the outbox or the SMTP sink."""

from __future__ import annotations

import email
import email.policy
import os
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

from sqlalchemy import select

from gmbot.mail.maildir import outbox_name
from gmbot.service.app import open_app
from gmbot.store.models import Event, Game, Inbound, OrderSet, PhaseRow, Player
from gmbot.store.outbox import Outbound
from tests.crash.crashkit import Home

ACK_ORDERS = re.compile(r"^Orders for (\S+) \(version (\d+)\):\n((?:  \S.*\n)+)", re.M)
ACK_REJECTED = re.compile(r"^  (?:line \d+: )?(.+)\n    -> ", re.M)


@dataclass
class Snapshot:
    """The store's rows, read after the processes stopped."""

    inbound: dict[str, Inbound]  # by Message-ID
    outbound: list[Outbound]
    order_sets: list[OrderSet]
    phases: list[PhaseRow]
    players: dict[int, Player]
    games: dict[int, Game]
    processed_events: Counter  # (game id, phase name) -> count


def snapshot(home: Home) -> Snapshot:
    app = open_app(home.path)
    try:
        with app.db.transaction() as s:
            events: Counter = Counter()
            for e in s.scalars(select(Event).where(Event.kind == "phase_processed")):
                events[(e.game_id, e.data["phase"])] += 1
            inbound: dict[str, Inbound] = {}
            for r in s.scalars(select(Inbound)):
                assert r.message_id is not None, r.id  # every mail of the home has one
                inbound[r.message_id] = r
            return Snapshot(
                inbound=inbound,
                outbound=list(s.scalars(select(Outbound).order_by(Outbound.id))),
                order_sets=list(s.scalars(select(OrderSet).order_by(OrderSet.id))),
                phases=list(s.scalars(select(PhaseRow).order_by(PhaseRow.game_id,
                                                                PhaseRow.seq))),
                players={p.id: p for p in s.scalars(select(Player))},
                games={g.id: g for g in s.scalars(select(Game))},
                processed_events=events,
            )
    finally:
        app.db.dispose()


def outbox_files(home: Home) -> dict[str, EmailMessage]:
    out = {}
    for path in (home.outbox / "new").iterdir():
        out[path.name] = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    return out


def check(home: Home, *, complete: bool, sink: Any = None, resends: int = 0,
          sending: bool = True) -> Snapshot:
    """Assert the invariants; with `complete`, also that all the work is done (every mail
    of the home recorded, however it came). `resends`: how many mails may have been sent
    twice (SMTP only: a kill in the window between the server's acceptance and the mark).
    `sink`: what the SMTP server received (SmtpSink, or anything with its snapshot());
    without it the Maildir outbox is checked; `sending=False` checks neither."""
    snap = snapshot(home)
    if complete:
        missing = [m.name for m in home.mails if m.message_id not in snap.inbound]
        assert not missing, f"never recorded: {missing}"
    _check_inbox(home, snap, complete)
    _check_orders_as_acknowledged(snap)
    _check_phases(home, snap, complete)
    if not sending:
        pass
    elif sink is None:
        check_maildir_outbox(home, snap, complete)
    else:
        _check_smtp_deliveries(sink, snap, complete, resends)
    return snap


def _check_inbox(home: Home, snap: Snapshot, complete: bool) -> None:
    new = set(os.listdir(home.inbox / "new"))
    cur = Counter(name.split(":2,", 1)[0] for name in os.listdir(home.inbox / "cur"))
    assert all(n == 1 for n in cur.values()), "a mail is twice in cur/"
    delivered = [m for m in home.mails if m.name in new or m.name in cur]
    for mail in delivered:
        # Never lost: waiting in new/, or moved to cur/ once its transaction committed.
        assert (mail.name in new) != (mail.name in cur), mail.name
        if mail.name in cur:
            assert mail.message_id in snap.inbound, f"{mail.name} in cur/ but not recorded"
        if complete:
            assert mail.name in cur, f"{mail.name} still unread"
    ours = {m.message_id for m in home.mails}
    for mid, row in snap.inbound.items():
        assert mid in ours, f"recorded a mail nobody sent: {mid}"
        assert row.status == "handled", (mid, row.status, row.reason)
    # One reply per recorded mail, queued with it.
    replies = Counter(o.key for o in snap.outbound if o.key.startswith("reply:"))
    assert set(replies) == {f"reply:{mid}" for mid in snap.inbound}
    assert all(n == 1 for n in replies.values())


def _check_orders_as_acknowledged(snap: Snapshot) -> None:
    """Every acknowledgement queued (sent or not) says what is stored for its mail."""
    by_inbound = defaultdict(list)
    for row in snap.order_sets:
        by_inbound[row.message_id].append(row)
    phase_names = {p.id: p.name for p in snap.phases}
    acks = {o.in_reply_to: o for o in snap.outbound if o.key.startswith("reply:")}
    for mid, inbound in snap.inbound.items():
        [stored] = by_inbound[inbound.id]  # exactly one order set per orders mail
        ack = acks[mid]
        found = ACK_ORDERS.search(ack.body)
        if found:
            phase, version, lines = found.groups()
            assert phase == phase_names[stored.phase_id]
            assert int(version) == stored.version
            assert [ln.strip() for ln in lines.splitlines()] == list(stored.lines)
        else:  # e.g. Spring orders read once the game had moved on to Fall
            assert f"You have no valid orders for {phase_names[stored.phase_id]}." \
                in ack.body, ack.body
            assert stored.lines == []
        assert ACK_REJECTED.findall(ack.body) == [e[1] for e in stored.errors]
    versions = defaultdict(list)
    for row in snap.order_sets:
        versions[(row.phase_id, row.player_id)].append(row.version)
    for key, seen in versions.items():
        assert sorted(seen) == list(range(1, len(seen) + 1)), (key, seen)


def _check_phases(home: Home, snap: Snapshot, complete: bool) -> None:
    latest: dict[tuple[int, int], OrderSet] = {}
    for row in snap.order_sets:
        key = (row.phase_id, row.player_id)
        if key not in latest or row.version > latest[key].version:
            latest[key] = row
    results = Counter(o.key.rsplit(":", 1)[0] for o in snap.outbound
                      if o.key.startswith("results:"))
    seqs = Counter((p.game_id, p.seq) for p in snap.phases)
    assert all(n == 1 for n in seqs.values())
    for phase in snap.phases:
        game = snap.games[phase.game_id]
        events = snap.processed_events[(game.id, phase.name)]
        if phase.processed_at is None:
            assert events == 0 and results[f"results:{phase.id}"] == 0
            continue
        # Processed exactly once, with one results mail per player and one for the GM.
        assert events == 1, (game.name, phase.name, events)
        players = [p for p in snap.players.values() if p.game_id == game.id and p.active]
        assert results[f"results:{phase.id}"] == len(players) + 1
        # Adjudicated with every player's newest acknowledged orders.
        assert phase.result is not None  # a processed phase has its result
        used = set(phase.result["orders"].values())
        for player in players:
            orders = latest.get((phase.id, player.id))
            if orders is not None:
                assert set(orders.lines) <= used, (game.name, player.power, orders.lines)
    reminders = Counter(o.key for o in snap.outbound if o.key.startswith("reminder:"))
    assert all(n == 1 for n in reminders.values())
    if complete:
        for game in snap.games.values():
            first = next(p for p in snap.phases if p.game_id == game.id and p.seq == 1)
            assert first.deadline_at is not None  # every game of the home has deadlines
            if first.deadline_at > datetime.now(UTC) + timedelta(hours=1):
                continue  # not due yet (its reminder is)
            assert first.processed_at is not None, f"{game.name} {first.name} not processed"


def check_maildir_outbox(home: Home, snap: Snapshot, complete: bool) -> None:
    """One file per mail, named after its row: a mail sent again after a kill replaced
    its own file."""
    files = outbox_files(home)
    rows = {outbox_name(o.id, o.message_id): o for o in snap.outbound}
    for name, msg in files.items():
        assert name in rows, f"outbox file {name} has no row"
        assert msg["Message-ID"] == f"<{rows[name].message_id}>"
        assert msg["To"] == rows[name].recipient
    for name, row in rows.items():
        if row.status == "sent":
            assert name in files, f"row {row.id} marked sent, no file"
        if complete:
            assert row.status == "sent", (row.id, row.status, row.last_error)
    assert not [p for p in (home.outbox / "tmp").iterdir() if p.name not in rows]


def _check_smtp_deliveries(sink: Any, snap: Snapshot, complete: bool,
                           resends: int) -> None:
    rows = {o.message_id: o for o in snap.outbound}
    got: dict[str, list] = defaultdict(list)
    for d in sink.snapshot():
        got[d.message_id].append(d)
    for mid, copies in got.items():
        assert mid in rows, f"delivered {mid} has no row"
        assert all(c.recipients == (rows[mid].recipient,) for c in copies)
        assert all(c.data == copies[0].data for c in copies), "a resend differs"
    for mid, row in rows.items():
        if row.status == "sent":
            assert got.get(mid), f"row {row.id} marked sent, never delivered"
        if complete:
            assert row.status == "sent", (row.id, row.status, row.last_error)
    extra = sum(len(c) - 1 for c in got.values())
    some = dict(list(sink.duplicates().items())[:5])
    assert extra <= resends, f"{extra} mails delivered more than once, e.g. {some}"


def unmarked(home: Home, snap: Snapshot) -> list[Outbound]:
    """Mails in the Maildir outbox whose row is still queued: the run was killed between
    writing the file and marking the row; the next run writes the file again."""
    names = set(os.listdir(home.outbox / "new"))
    return [o for o in snap.outbound if o.status == "queued"
            and outbox_name(o.id, o.message_id) in names]
