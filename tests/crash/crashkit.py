"""Helpers for the crash and concurrency tests: real gmbot processes on a home with many
games and mails, killed with SIGKILL at chosen moments, and the invariants that must hold
after any kill (safety) and once a run has finished the work (completion): this kit
makes the home, its mails and processes; killkit.py watches a run and kills it;
invariants.py checks the home afterwards.

A home is made in the test process (games loaded through the service layer) on the
database the test runs on: SQLite in the home, or the test's PostgreSQL database handed
to every process as GMBOT_DATABASE_URL (tests/dbkit.py). Processes are `python -m gmbot`
on the real clock; their output goes to HOME/../logs/."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import yaml
from sqlalchemy import select, update

from gmbot.mail.maildir import MaildirInbox
from gmbot.pipe.worker import SpoolLock
from gmbot.service.app import open_app
from gmbot.service.gm.load import load_game
from gmbot.store.models import Game, PhaseRow
from tests.authkit import TRUSTED_MX, stamp
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
