"""A sign-up game whose last seat is confirmed starts once, however often `gmbot tick` is
killed with SIGKILL while it reads that mail and starts the game: after every kill the
game is either still open for sign-up with nothing of the start done, or started whole;
and the run that completes leaves one start (one `game_started` event, one phase, seven
players) and one welcome mail per player in the Maildir outbox."""

from __future__ import annotations

import email
import email.policy
import os
import random
import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import select

from gmbot.service.app import open_app
from gmbot.store.models import Event, Game, PhaseRow
from tests.crash.crashkit import REPO, STARTED
from tests.crash.killkit import kill
from tests.loop.joinkit import ask, join, signup_game
from tests.loop.judgekit import POWERS, make_judge

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))
KILLS = int(os.environ.get("GMBOT_CRASH_KILLS", "8"))
JOINERS = [f"p{n}@example.org" for n in range(7)]


def _tick(home: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "gmbot", "--home", str(home), "tick", "-q"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=REPO,
                            start_new_session=True)
    STARTED.append(proc)
    return proc


def _state(home: Path) -> tuple[str, int, int, int]:
    app = open_app(home)
    try:
        with app.db.transaction() as s:
            game = s.scalars(select(Game).where(Game.name == "open")).one()
            phases = len(s.scalars(select(PhaseRow).where(PhaseRow.game_id == game.id)).all())
            starts = len(s.scalars(select(Event).where(Event.kind == "game_started")).all())
            return game.status, phases, len([p for p in game.players if p.active]), starts
    finally:
        app.db.dispose()


def test_a_start_killed_at_any_moment_happens_once(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    judge = make_judge(tmp_path, signup_game())
    judge.clock.now = datetime.now(UTC)  # the ticks below run on the wall clock
    for who, power in zip(JOINERS[:6], POWERS, strict=False):
        join(judge, who, f"JOIN open {power}")
    answer = ask(judge, JOINERS[6], "JOIN open\n")
    judge.send(JOINERS[6], "yes\n", subject=f"Re: {answer['Subject']}",
               headers={"In-Reply-To": answer["Message-ID"]})  # read by the ticks below
    judge.app.db.dispose()
    seen = []
    for _ in range(KILLS):
        proc = _tick(judge.home)
        try:
            proc.wait(rng.uniform(0.05, 2.0))
        except subprocess.TimeoutExpired:
            kill(proc)
        state = _state(judge.home)
        seen.append(state)
        # Never half a start: open with nothing done, or started whole, once.
        assert state in (("signup", 0, 0, 0), ("active", 1, 7, 1)), seen
    proc = _tick(judge.home)
    assert proc.wait(120) == 0
    assert _state(judge.home) == ("active", 1, 7, 1), seen
    welcomes: Counter[str] = Counter()
    for path in (judge.home / "mail/outbox/new").iterdir():
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        if "Welcome: you play" in str(msg["Subject"]):
            welcomes[str(msg["To"])] += 1
    assert welcomes == Counter(dict.fromkeys(JOINERS, 1))
