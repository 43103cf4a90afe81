"""Helpers for the crash and concurrency tests: real gmbot processes on a home with many
games and mails, killed with SIGKILL at chosen moments, and the invariants that must hold
after any kill (safety) and once a run has finished the work (completion).

A home is made in the test process (games loaded through the service layer) on the
database the test runs on: SQLite in the home, or the test's PostgreSQL database handed
to every process as GMBOT_DATABASE_URL (tests/dbkit.py). Processes are `python -m gmbot`
on the real clock; their output goes to HOME/../logs/."""

from __future__ import annotations

import contextlib
import email
import email.policy
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import yaml
from sqlalchemy import create_engine, select, text, update

from gmbot.mail.maildir import MaildirInbox, outbox_name
from gmbot.pipe.worker import SpoolLock
from gmbot.service.app import open_app
from gmbot.service.gm.load import load_game
from gmbot.store.models import Event, Game, Inbound, OrderSet, Outbound, PhaseRow, Player
from tests.authkit import TRUSTED_MX, stamp
from tests.crash.smtpsink import SmtpSink
from tests.dbkit import seed_home
from tests.loop.judgekit import POWERS

REPO = Path(__file__).resolve().parents[2]

# Two complete sets of Spring 1901 orders per power: a mail carries one of them (maybe
# with a line the judge rejects); a second mail from the same player replaces the first.
OPENINGS = {
    "AUSTRIA": (["A BUD - SER", "A VIE - GAL", "F TRI - ALB"],
                ["A BUD H", "A VIE - TRI", "F TRI - ADR"]),
    "ENGLAND": (["F EDI - NTH", "F LON - ENG", "A LVP - YOR"],
                ["F EDI - NWG", "F LON - NTH", "A LVP - EDI"]),
    "FRANCE": (["F BRE - MAO", "A MAR - SPA", "A PAR - BUR"],
               ["F BRE - ENG", "A MAR S A PAR - BUR", "A PAR - BUR"]),
    "GERMANY": (["F KIE - DEN", "A BER - KIE", "A MUN - RUH"],
                ["F KIE - HOL", "A BER - MUN", "A MUN - BUR"]),
    "ITALY": (["F NAP - ION", "A ROM - APU", "A VEN H"],
              ["F NAP - TYS", "A ROM - VEN", "A VEN - TYR"]),
    "RUSSIA": (["F SEV - BLA", "A MOS - UKR", "A WAR - GAL", "F STP/SC - BOT"],
               ["F SEV - RUM", "A MOS - STP", "A WAR - UKR", "F STP/SC - FIN"]),
    "TURKEY": (["F ANK - BLA", "A CON - BUL", "A SMY - CON"],
               ["F ANK - CON", "A CON - BUL", "A SMY - ARM"]),
}
BAD_LINE = "A XYZ - ABC"  # refused: unknown province


# Every process a test starts, so the fixture in conftest.py can kill what a failing test
# left running.
STARTED: list[subprocess.Popen] = []


def kill_leftovers() -> None:
    while STARTED:
        proc = STARTED.pop()
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


@dataclass(frozen=True)
class Mail:
    name: str  # file name in the inbox; the inbox is read in name order
    game: str
    power: str
    message_id: str  # without angle brackets
    raw: bytes


@dataclass
class Home:
    path: Path
    logs: Path
    games: list[str]
    mails: list[Mail] = field(default_factory=list)
    runs: int = 0

    @property
    def inbox(self) -> Path:
        return self.path / "mail" / "inbox"

    @property
    def outbox(self) -> Path:
        return self.path / "mail" / "outbox"

    @property
    def spool(self) -> Path:
        """Where `gmbot ingest` keeps piped mail until it is handled."""
        return self.path / "mail" / "spool"

    def spooled(self) -> list[bytes]:
        """The mails waiting in the spool."""
        out: list[bytes] = []
        if not (self.spool / "new").is_dir():
            return out  # nothing spooled yet
        for name in sorted(os.listdir(self.spool / "new")):
            with contextlib.suppress(FileNotFoundError):  # handled meanwhile
                out.append((self.spool / "new" / name).read_bytes())
        return out

    def worker_running(self) -> bool:
        """Is a background worker (`gmbot drain`) holding the spool's lock?"""
        lock = SpoolLock(self.spool)
        if lock.acquire():
            lock.release()
            return False
        return True

    def settle(self, timeout: float = 120) -> None:
        """Wait for the background workers that ingest runs started to finish."""
        wait_until(lambda: not self.worker_running(), timeout, "the spool's workers done")

    def deliver(self, mails: list[Mail]) -> None:
        box = MaildirInbox(self.inbox)
        for mail in mails:
            box.deliver(mail.raw, mail.name)

    # -- processes ------------------------------------------------------------------

    def start(self, *args: str, stdin: bytes | None = None) -> subprocess.Popen:
        """`gmbot --home HOME ARGS` as a process of its own (its own process group)."""
        self.runs += 1
        log = open(self.logs / f"{self.runs:03d}-{args[0]}.log", "wb")  # noqa: SIM115
        proc = subprocess.Popen(
            [sys.executable, "-m", "gmbot", "--home", str(self.path), *args],
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=log, stderr=subprocess.STDOUT, cwd=REPO, start_new_session=True)
        proc.log_path = log.name  # type: ignore[attr-defined]
        STARTED.append(proc)
        log.close()
        if stdin is not None:
            assert proc.stdin is not None
            try:
                proc.stdin.write(stdin)
                proc.stdin.close()
            except BrokenPipeError:
                pass
        return proc

    def run(self, *args: str, stdin: bytes | None = None, timeout: float = 300) -> str:
        """Run to the end; fails the test unless it exits 0. Returns its output."""
        proc = self.start(*args, stdin=stdin)
        proc.wait(timeout)
        out = Path(proc.log_path).read_text(errors="replace")  # type: ignore[attr-defined]
        assert proc.returncode == 0, f"gmbot {' '.join(args)} exited {proc.returncode}:\n{out}"
        return out

    def log_text(self) -> str:
        return "\n".join(p.read_text(errors="replace") for p in sorted(self.logs.iterdir()))


def make_home(tmp_path: Path, *, games: int, seed: int, outbound: dict[str, Any] | None = None,
              second_mails: float = 0.3, bad_lines: float = 0.2, overdue: int = 0,
              reminding: int = 0, poll_interval: float = 0.2, stem: str = "g",
              judge: str = "judge@example.test", imap: dict[str, Any] | None = None,
              extra: str = "") -> Home:
    """A home with `games` standard games whose seven players each mail orders (some a
    second time, some with a rejected line), `overdue` more games nobody orders in whose
    deadline has passed, and `reminding` more whose 24-hour reminder is due (seven
    reminders each). Mail is made, not delivered (Home.deliver). Mail comes from the
    Maildir inbox, or from IMAP with `imap` settings; it goes to the Maildir outbox, or
    over SMTP with `outbound` settings. `extra`: more lines for every game file."""
    home = Home(path=tmp_path / "home", logs=tmp_path / "logs", games=[])
    home.path.mkdir(parents=True)
    home.logs.mkdir()
    config: dict[str, Any] = {"inbound": "maildir", "poll_interval": poll_interval,
                              "limits": {"mails_per_hour": 1000},
                              "trusted_authserv_ids": [TRUSTED_MX]}
    if imap:
        config.update(inbound="imap", imap=imap)
    if outbound:
        config.update(outbound=outbound.get("kind", "smtp"),
                      smtp={k: v for k, v in outbound.items() if k != "kind"})
    (home.path / "gmbot.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    seed_home(home.path)
    app = open_app(home.path)
    files = tmp_path / "games"
    files.mkdir()
    names = [f"{stem}{n:03d}" for n in range(games + overdue + reminding)]
    for name in names:
        path = files / f"{name}.yaml"
        path.write_text(game_text(name, judge) + extra, encoding="utf-8")
        load_game(app, path)
    now = datetime.now(UTC)
    with app.db.transaction() as s:
        ids = {g.name: g.id for g in s.scalars(select(Game))}
        s.execute(update(PhaseRow)
                  .where(PhaseRow.game_id.in_([ids[n] for n in names[games:games + overdue]]))
                  .values(deadline_at=now - timedelta(hours=1)))
        s.execute(update(PhaseRow)
                  .where(PhaseRow.game_id.in_([ids[n] for n in names[games + overdue:]]))
                  .values(opened_at=now - timedelta(days=2),
                          deadline_at=now + timedelta(hours=23)))
    app.db.dispose()
    home.games = names
    home.mails = order_mails(names[:games], random.Random(seed), second_mails, bad_lines,
                             judge)
    return home


def set_deadline(home: Home, game: str, when: datetime) -> None:
    app = open_app(home.path)
    try:
        with app.db.transaction() as s:
            game_id = s.scalars(select(Game.id).where(Game.name == game)).one()
            s.execute(update(PhaseRow).where(PhaseRow.game_id == game_id,
                                             PhaseRow.processed_at.is_(None))
                      .values(deadline_at=when))
    finally:
        app.db.dispose()


def wait_until(predicate: Any, timeout: float, what: str) -> None:
    give_up = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < give_up, f"not within {timeout} s: {what}"
        time.sleep(0.05)


def started(proc: subprocess.Popen) -> bool:
    """Has the daemon started (and installed its SIGTERM handler)?"""
    assert proc.poll() is None, Path(proc.log_path).read_text()  # type: ignore[attr-defined]
    return "daemon started" in Path(proc.log_path).read_text()  # type: ignore[attr-defined]


def stop(proc: subprocess.Popen, timeout: float = 30) -> str:
    """SIGTERM, as systemd stops the daemon; it must exit 0. Returns its output."""
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout)
    out = Path(proc.log_path).read_text(errors="replace")  # type: ignore[attr-defined]
    assert proc.returncode == 0, out
    return out


def address(game: str, power: str) -> str:
    return f"{power.lower()}.{game}@example.test"


def gm_address(game: str) -> str:
    return f"gm.{game}@example.test"


def game_text(name: str, judge: str = "judge@example.test") -> str:
    players = "\n".join(f"  - {{address: {address(name, p)}, power: {p}}}" for p in POWERS)
    return f"""name: {name}
variant: standard
gm: {gm_address(name)}
judge: {judge}
players:
{players}
deadlines:
  timezone: UTC
  movement: 48h
  retreat: 24h
  adjustment: 24h
  reminders: [24h]
  early: true
"""


def order_mails(games: list[str], rng: random.Random, second: float, bad: float,
                judge: str = "judge@example.test") -> list[Mail]:
    """One mail per player, some players a second one later, in a seeded random order."""
    firsts = [(g, p, 0) for g in games for p in POWERS]
    rng.shuffle(firsts)
    sequence = list(firsts)
    for g, p, _ in firsts:
        if rng.random() < second:
            after = sequence.index((g, p, 0))
            sequence.insert(rng.randint(after + 1, len(sequence)), (g, p, 1))
    mails = []
    for n, (g, p, which) in enumerate(sequence):
        lines = list(OPENINGS[p][which])
        if rng.random() < bad:
            lines.insert(rng.randint(0, len(lines)), BAD_LINE)
            # READY: the player lets his orders stand despite the refused line, as early
            # processing would otherwise wait for a later clean mail (issue 26).
            lines.append("READY")
        mid = f"{n:05d}.{g}.{p.lower()}.{which}@players.example.test"
        msg = EmailMessage()
        msg["From"] = address(g, p)
        msg["To"] = judge
        msg["Subject"] = f"[{g}] orders"
        msg["Date"] = format_datetime(datetime.now(UTC))  # recent: the judge runs on the real clock
        msg["Message-ID"] = f"<{mid}>"
        msg.set_content("\n".join(lines) + "\n")
        mails.append(Mail(f"{n:05d}-{g}-{p.lower()}-{which}", g, p, mid,
                          stamp(msg.as_bytes())))  # as the trusted MX hands it on
    return mails


# --- watching progress and killing -----------------------------------------------------


class Progress:
    """What a running gmbot has done so far, as seen from outside: mails moved to the
    inbox's cur/, phases processed (a plain read on the side, never a write lock), mail
    written to the Maildir outbox or received by the sink."""

    def __init__(self, home: Home, sink: SmtpSink | None = None) -> None:
        self.home, self.sink = home, sink
        url = os.environ.get("GMBOT_DATABASE_URL")
        self._pg = create_engine(url, pool_size=1) if url else None
        self._sqlite: sqlite3.Connection | None = None

    def read(self) -> int:
        return len(os.listdir(self.home.inbox / "cur"))

    def sent(self) -> int:
        if self.sink is not None:
            return len(self.sink)
        return len(os.listdir(self.home.outbox / "new"))

    def processed(self) -> int:
        return self._count("SELECT count(*) FROM phases WHERE processed_at IS NOT NULL")

    def queued(self) -> int:
        """Mail waiting in the outbox (a temporary failure's backoff included)."""
        return self._count("SELECT count(*) FROM outbound WHERE status = 'queued'")

    def recorded(self) -> int:
        return self._count("SELECT count(*) FROM inbound")

    def marked(self) -> int:
        """Mail marked sent (whatever the transport)."""
        return self._count("SELECT count(*) FROM outbound WHERE status = 'sent'")

    def _count(self, query: str) -> int:
        if self._pg is not None:
            with self._pg.connect() as conn:
                return int(conn.execute(text(query)).scalar_one())
        if self._sqlite is None:
            self._sqlite = sqlite3.connect(self.home.path / "gmbot.sqlite", timeout=30,
                                           isolation_level=None)
        return int(self._sqlite.execute(query).fetchone()[0])

    def close(self) -> None:
        if self._sqlite is not None:
            self._sqlite.close()
        if self._pg is not None:
            self._pg.dispose()


@dataclass(frozen=True)
class KillPoint:
    """Kill when `what` (read | recorded | processed | sent | marked | time) reaches
    `target` (a count, or seconds since the start for time), `jitter` seconds later; or,
    for `file`, the moment the outbox row with id `target` has its file in the Maildir
    outbox (watched without pause: the kill falls between the file and the row's mark)."""

    what: str
    target: float
    jitter: float = 0.0
    # Kill at the latest when this other counter reaches its value: (what, target).
    latest: tuple[str, float] | None = None

    def __str__(self) -> str:
        if self.what == "file":
            return f"outbox row {self.target:g} written"
        return f"{self.what}>={self.target:g}+{self.jitter * 1000:.0f}ms"


def kill_at(proc: subprocess.Popen, point: KillPoint, progress: Progress,
            timeout: float = 120) -> bool:
    """SIGKILL the process at `point`. False if it exited on its own first."""
    started = time.monotonic()
    if point.what == "file":
        new = progress.home.outbox / "new"
        prefix = f"{int(point.target):09d}."
        while (not any(n.startswith(prefix) for n in os.listdir(new))
               and proc.poll() is None):
            assert time.monotonic() - started < timeout, f"{point} not reached in {timeout} s"
        return kill(proc)
    probes = {"read": progress.read, "processed": progress.processed, "sent": progress.sent,
              "recorded": progress.recorded, "marked": progress.marked,
              "time": lambda: time.monotonic() - started}
    probe = probes[point.what]
    latest = (probes[point.latest[0]], point.latest[1]) if point.latest else None
    while proc.poll() is None:
        if probe() >= point.target or (latest and latest[0]() >= latest[1]):
            if point.jitter:
                time.sleep(point.jitter)
            break
        assert time.monotonic() - started < timeout, f"{point} not reached in {timeout} s"
        time.sleep(0.002)
    return kill(proc)


def kill(proc: subprocess.Popen) -> bool:
    """SIGKILL (the whole process group); False if it had already exited."""
    if proc.poll() is not None:
        return False
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(30)
    return proc.returncode == -signal.SIGKILL


# --- invariants ----------------------------------------------------------------------

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
            return Snapshot(
                inbound={r.message_id: r for r in s.scalars(select(Inbound))},
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
        _check_maildir_outbox(home, snap, complete)
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
            if first.deadline_at > datetime.now(UTC) + timedelta(hours=1):
                continue  # not due yet (its reminder is)
            assert first.processed_at is not None, f"{game.name} {first.name} not processed"


def _check_maildir_outbox(home: Home, snap: Snapshot, complete: bool) -> None:
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


def stage(home: Home, progress: Progress, total_phases: int) -> str:
    """Where a run was when it was killed: reading mail, adjudicating, sending."""
    if progress.read() < len(home.mails):
        return "fetch"
    if progress.processed() < total_phases:
        return "adjudicate"
    return "send"


def player_mail(n: int, game: str, power: str, tag: str, text: str,
                judge: str = "judge@example.test") -> Mail:
    """The `n`th mail of the inbox: `power`'s player in `game` writes `text` (`tag` names
    the mail among his)."""
    mid = f"{n:05d}.{game}.{power.lower()}.{tag}@players.example.test"
    msg = EmailMessage()
    msg["From"] = address(game, power)
    msg["To"] = judge
    msg["Subject"] = f"[{game}] {tag}"
    msg["Date"] = format_datetime(datetime.now(UTC))
    msg["Message-ID"] = f"<{mid}>"
    msg.set_content(text)
    return Mail(f"{n:05d}-{game}-{power.lower()}-{tag}", game, power, mid,
                stamp(msg.as_bytes()))


def staged_point(progress: Progress, rng: random.Random, mails: int,
                 phases: int = 0) -> KillPoint:
    """Where to kill the next run: while it reads the `mails` (at a random moment, or as
    a batch commits and its mails move to cur/), then while it processes the `phases`
    (as one commits), then while it sends."""
    if progress.recorded() < mails:
        if rng.random() < 0.5:
            return KillPoint("time", rng.uniform(0.2, 2.0), latest=("recorded", mails))
        return KillPoint("recorded", progress.recorded() + 1, rng.uniform(0, 0.015))
    if progress.processed() < phases:
        target = min(phases, progress.processed() + rng.randint(1, 3))
        return KillPoint("processed", target, rng.uniform(0, 0.015))
    return KillPoint("sent", progress.sent() + rng.randint(1, 30))
