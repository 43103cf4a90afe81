"""`gmbot tick` killed with SIGKILL while it handles absence mails (issue 24: "a kill -9
loses no absence and moves no deadline twice"), and run again until done: every game
ends with exactly the absence its first VACATION asked for, the later ones refused by the
game's limits, its deadline moved once past it, and each announcement mailed once."""

from __future__ import annotations

import os
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from sqlalchemy import select

from gmbot.service.app import open_app
from gmbot.store.models import Absence, Event, Game, Inbound, PhaseRow
from tests.authkit import stamp
from tests.crash.crashkit import Mail, address, make_home
from tests.crash.invariants import outbox_files
from tests.crash.killkit import KillPoint, Progress, kill_at

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))
KILLS = int(os.environ.get("GMBOT_CRASH_KILLS", "8"))
GAMES = 10
# Per game: two players ask at once (the game allows one away at a time), and the first
# asks again (one absence at a time): only the first mail of the game is granted.
ASKS = (("FRANCE", "VACATION 3 days"), ("ITALY", "VACATION 2 days"),
        ("FRANCE", "VACATION 1 day"))


def absence_mails(games: list[str], rng: random.Random) -> list[Mail]:
    sequence = [(g, i) for g in games for i in range(len(ASKS))]
    rng.shuffle(sequence)
    mails = []
    for n, (g, i) in enumerate(sequence):
        power, line = ASKS[i]
        mid = f"{n:05d}.{g}.absence.{i}@players.example.test"
        msg = EmailMessage()
        msg["From"] = address(g, power)
        msg["To"] = "judge@example.test"
        msg["Subject"] = f"[{g}] away"
        msg["Date"] = format_datetime(datetime.now(UTC))
        msg["Message-ID"] = f"<{mid}>"
        msg.set_content(line + "\n")
        mails.append(Mail(f"{n:05d}-{g}-{power.lower()}-{i}", g, power, mid,
                          stamp(msg.as_bytes())))
    return mails


def test_tick_killed_while_declaring_absences_loses_none_and_moves_no_deadline_twice(
        tmp_path: Path) -> None:
    rng = random.Random(SEED)
    home = make_home(tmp_path, games=GAMES, seed=SEED)
    mails = absence_mails(home.games, rng)
    home.run("tick", "-q")  # the welcome mails
    home.deliver(mails)
    progress = Progress(home)
    try:
        for _ in range(KILLS):
            # While the mails are read (a batch of them commits at once: a kill at a
            # random moment may fall before or after), then while the announcements go.
            if progress.recorded() < len(mails):
                point = KillPoint("time", rng.uniform(0.3, 6.0),
                                  latest=("recorded", len(mails)))
            else:
                point = KillPoint("sent", progress.sent() + rng.randint(1, 20))
            kill_at(home.start("tick", "-q"), point, progress)
        home.run("tick", "-q")
        home.run("tick", "-q")  # sends what the last run queued, if it did not
    finally:
        progress.close()

    # The granted absence of each game is its first mail's, in the order they are read.
    first = {}
    for mail in sorted(mails, key=lambda m: m.name):
        first.setdefault(mail.game, mail.power)
    app = open_app(home.path)
    try:
        with app.db.transaction() as s:
            assert {r.message_id for r in s.scalars(select(Inbound))} == \
                {m.message_id for m in mails}
            games = {g.id: g.name for g in s.scalars(select(Game))}
            granted = list(s.scalars(select(Absence)))
            assert sorted((games[a.game_id], a.power) for a in granted) == sorted(first.items())
            events = Counter((games[e.game_id or 0], e.kind) for e in s.scalars(
                select(Event).where(Event.kind.in_(("absence_declared",
                                                    "deadline_moved_for_absence")))))
            assert events == Counter({(g, k): 1 for g in home.games
                                      for k in ("absence_declared",
                                                "deadline_moved_for_absence")})
            for a in granted:
                phase = s.scalars(select(PhaseRow).where(PhaseRow.game_id == a.game_id)).one()
                assert phase.deadline_at == a.ends_at + timedelta(hours=24)
    finally:
        app.db.dispose()
    told = Counter((m["To"], m["Subject"]) for m in outbox_files(home).values()
                   if "Absence:" in m["Subject"])
    assert len(told) == 7 * GAMES and set(told.values()) == {1}
