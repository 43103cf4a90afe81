"""Helpers for end-to-end tests of the game loop on the local Maildir: a judge with its
own home directory, a clock the test moves, and helpers to mail in and read what went out."""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path
from typing import Any

import pytest

from gmbot.daemon.loop import TickReport, tick
from gmbot.engine.state import GameState
from gmbot.mail.maildir import MaildirInbox
from gmbot.service.app import App, open_app
from gmbot.service.gm.load import load_game
from tests.authkit import stamp, trust_the_mx
from tests.dbkit import seed_home

REPO = Path(__file__).resolve().parents[2]
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


@dataclass
class Clock:
    now: datetime = field(default_factory=lambda: datetime(2026, 3, 2, 9, 0, tzinfo=UTC))

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw: float) -> None:
        self.now += timedelta(**kw)


@dataclass
class Judge:
    """A judge under test: mail in with `send`, run with `tick`, read with `outbox`."""

    home: Path
    clock: Clock
    app: App
    seen: set[str] = field(default_factory=set)
    _setup_files: list[str] = field(default_factory=list)
    # Outbox files read so far, by name, size and time: a file is parsed once, not at every
    # look at the outbox (parsing dominated the loop tests), and read again if it changed.
    _parsed: dict[tuple[str, int, int], EmailMessage] = field(default_factory=dict)

    @property
    def welcomes(self) -> list[EmailMessage]:
        """The mails sent as the game was made (see make_judge), parsed when asked for."""
        folder = self.app.config.outbox / "new"
        return [self._read(folder / name) for name in self._setup_files]

    def _read(self, path: Path) -> EmailMessage:
        stat = path.stat()
        key = (path.name, stat.st_size, stat.st_mtime_ns)
        if key not in self._parsed:
            self._parsed[key] = email.message_from_bytes(path.read_bytes(),
                                                         policy=email.policy.default)
        return self._parsed[key]

    def send(self, sender: str, body: str, subject: str = "orders",
             headers: dict[str, str] | None = None, dmarc: str | None = "pass") -> str:
        """Mail `body` from `sender` as the judge's mail server hands it on, with its
        DMARC verdict (None: a mail server that writes none)."""
        msg = EmailMessage()
        msg["From"] = sender
        msg["To"] = "judge@example.test"
        msg["Subject"] = subject
        msg["Date"] = format_datetime(self.clock())
        msg["Message-ID"] = make_msgid(domain="example.test")
        for k, v in (headers or {}).items():
            del msg[k]  # a test's own Message-ID or Date replaces the usual one
            msg[k] = v
        msg.set_content(body)
        return self.send_raw(msg.as_bytes(), dmarc=dmarc)

    def send_raw(self, raw: bytes, dmarc: str | None = "pass") -> str:
        """Deliver `raw` into the inbox, stamped by the trusted MX unless `dmarc` is None."""
        if dmarc is not None:
            raw = stamp(raw, dmarc)
        name = f"m{len(list((self.home / 'mail/inbox/new').iterdir())):04d}-{id(raw)}.eml"
        MaildirInbox(self.app.config.inbox).deliver(raw, name)
        return name

    def tick(self) -> TickReport:
        return tick(self.app)

    def outbox(self) -> list[EmailMessage]:
        """Every mail sent so far, in order."""
        out = []
        for path in sorted((self.app.config.outbox / "new").iterdir()):
            if path.name in self._setup_files:
                continue  # the welcome mails: see make_judge
            out.append(self._read(path))
        return out

    def new_mail(self) -> list[EmailMessage]:
        """Mails sent since the last call."""
        fresh = [m for m in self.outbox() if m["Message-ID"] not in self.seen]
        self.seen.update(m["Message-ID"] for m in fresh)
        return fresh

    def to(self, address: str, mails: list[EmailMessage] | None = None) -> list[EmailMessage]:
        return [m for m in (mails if mails is not None else self.outbox()) if m["To"] == address]

    def reopen(self) -> None:
        """A restart: a new process on the same home directory."""
        self.app.db.dispose()
        self.app = open_app(self.home)
        self.app.clock = self.clock


def body(msg: EmailMessage) -> str:
    """The text part (results mails also carry an HTML part with the map)."""
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None, "the mail has no text part"
    return str(part.get_content())


def make_judge(tmp_path: Path, game_text: str) -> Judge:
    clock = Clock()
    home = tmp_path / "home"
    trust_the_mx(home)
    seed_home(home)
    app = open_app(home)
    app.clock = clock
    game_file = tmp_path / "game.yaml"
    game_file.write_text(game_text, encoding="utf-8")
    load_game(app, game_file)
    judge = Judge(home=home, clock=clock, app=app)
    # The welcome mails go out at once and are kept apart: the game's own mail follows.
    judge.tick()
    judge._setup_files = sorted(p.name for p in (app.config.outbox / "new").iterdir())
    return judge


def standard_game(name: str = "g", extra: str = "") -> str:
    players = "\n".join(
        f"  - {{address: {p.lower()}@example.test, power: {p}}}" for p in POWERS
    )
    return f"""name: {name}
variant: standard
gm: gm@example.test
judge: judge@example.test
players:
{players}
deadlines:
  timezone: UTC
  movement: 48h
  retreat: 24h
  adjustment: 24h
  reminders: [24h, 4h]
  early: true
{extra}"""




def fail_mails_with(monkeypatch: pytest.MonkeyPatch, word: str) -> None:
    """A bug in handling mail: every mail whose body holds `word` raises."""
    from gmbot.service.inbound import record as inbound

    real = inbound.handle

    def explode(app, s, mail, record, *rest):  # noqa: ANN001, ANN002, ANN202
        if word in mail.body:
            raise RuntimeError("a bug")
        return real(app, s, mail, record, *rest)

    monkeypatch.setattr(inbound, "handle", explode)



def write_unreadable_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug of the engine's: the next phase's position it writes names a province the map
    has not (France's army in XYZ), as a variant's rule could on a position nobody
    foresaw. The phase's own results go out; whatever reads the new position next parks
    the game (gmbot/service/deadline/parking.py)."""
    from gmbot.service.deadline import process

    real = process.state_to_dict

    def corrupt(state: GameState) -> dict[str, Any]:
        data = real(state)
        return {**data, "units": {**data["units"], "FRANCE": ["A XYZ"]}}

    monkeypatch.setattr(process, "state_to_dict", corrupt)
