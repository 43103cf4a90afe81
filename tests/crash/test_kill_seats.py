"""`gmbot tick` killed with SIGKILL while it reads a RESIGN, while it processes the phase
whose missed orders put a power into civil disorder (nmr: {after: 1, then:
civil_disorder}), and while it sends (issue 24: "a kill -9 at any point loses no seat"),
then run clean: in every game each of the two seats opened once (one seat_opened event),
the standby list called once per seat and the GM told once, read as a mail client
decodes the mails."""

from __future__ import annotations

import os
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import select

from gmbot.service.app import open_app
from gmbot.store.models import Event, Game, Player
from tests.crash.crashkit import OPENINGS, Mail, gm_address, make_home, player_mail, set_deadline
from tests.crash.invariants import check_maildir_outbox, outbox_files, snapshot
from tests.crash.killkit import Progress, kill_at, staged_point

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))
KILLS = int(os.environ.get("GMBOT_CRASH_KILLS", "8"))
GAMES = 9  # two batches of mail (of 50, loop.BATCH)
STANDBY = "standby@example.test"
POLICY = f"nmr: {{after: 1, then: civil_disorder}}\nstandby: [{STANDBY}]\n"
# France resigns; Germany sends nothing and goes into civil disorder when Spring 1901 is
# processed; the others order.
ORDERING = ("AUSTRIA", "ENGLAND", "ITALY", "RUSSIA", "TURKEY")
OPENED = {"FRANCE": "resigned", "GERMANY": "missed_orders"}


def seat_mails(games: list[str], rng: random.Random) -> list[Mail]:
    sequence = [(g, "FRANCE", "resign", "RESIGN FRANCE\n") for g in games]
    sequence += [(g, p, "orders", "\n".join(OPENINGS[p][0]) + "\n")
                 for g in games for p in ORDERING]
    rng.shuffle(sequence)
    return [player_mail(n, g, p, tag, text) for n, (g, p, tag, text) in enumerate(sequence)]


def seats(home_path: Path) -> dict[str, tuple[list[str], list[tuple[str, str]]]]:
    """Per game: the powers no longer played, and the seat_opened events (power, why)."""
    app = open_app(home_path)
    try:
        with app.db.transaction() as s:
            games = {g.id: g.name for g in s.scalars(select(Game))}
            out: dict[str, tuple[list[str], list[tuple[str, str]]]] = {
                n: ([], []) for n in games.values()}
            for p in s.scalars(select(Player).order_by(Player.power)):
                if not p.active:
                    out[games[p.game_id]][0].append(p.key)
            for e in s.scalars(select(Event).where(Event.kind == "seat_opened")):
                out[games[e.game_id or 0]][1].append((e.data["power"], e.data["why"]))
            return {n: (gone, sorted(opened)) for n, (gone, opened) in out.items()}
    finally:
        app.db.dispose()


def test_tick_killed_while_seats_open_opens_each_once_and_calls_the_standby_once(
        tmp_path: Path) -> None:
    rng = random.Random(SEED)
    home = make_home(tmp_path, games=GAMES, seed=SEED, extra=POLICY)
    home.mails = seat_mails(home.games, rng)
    home.run("tick", "-q")  # the welcome mails
    home.deliver(home.mails)
    for game in home.games:  # due: the runs below read the mail, then process the phase
        set_deadline(home, game, datetime.now(UTC) - timedelta(minutes=1))
    progress = Progress(home)
    seen = []
    try:
        for _ in range(KILLS):
            point = staged_point(progress, rng, len(home.mails), GAMES)
            kill_at(home.start("tick", "-q"), point, progress)
            now = seats(home.path)
            seen.append(now)
            # After any kill: a seat is open with its one event, or played with none.
            for gone, opened in now.values():
                assert gone == [p for p, _ in opened], seen
                assert set(opened) <= set(OPENED.items()), seen
        home.run("tick", "-q")
        home.run("tick", "-q")  # sends what the last run queued, if it did not
    finally:
        progress.close()

    assert seats(home.path) == {g: (["FRANCE", "GERMANY"], sorted(OPENED.items()))
                                for g in home.games}, seen
    snap = snapshot(home)
    assert set(snap.inbound) == {m.message_id for m in home.mails}
    assert all(r.status == "handled" for r in snap.inbound.values())
    assert [p.name for p in snap.phases if p.processed_at] == ["S1901M"] * GAMES
    check_maildir_outbox(home, snap, complete=True)
    mails = Counter((str(m["To"]), str(m["Subject"])) for m in outbox_files(home).values())
    for game in home.games:
        for power in OPENED:
            assert mails[(STANDBY, f"[{game}] Replacement wanted: {power}")] == 1
            assert mails[(gm_address(game), f"[{game}] Seat open: {power} is in civil "
                                             "disorder")] == 1
    calls = [k for k in mails if k[0] == STANDBY]
    notices = [k for k in mails if k[0].startswith("gm.") and "Seat open" in k[1]]
    assert len(calls) == len(notices) == 2 * GAMES
