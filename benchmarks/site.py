"""The web pages of a finished 50-year standard game: time to write the whole site, and
time to bring it up to date after one more phase.

    .venv/bin/python benchmarks/site.py [--years 50] [--seed 1] [--phases 5]

The game is made quickly, not by mail: a game file loaded into a fresh home, then phase
after phase adjudicated by the engine from random moves and holds (no orders in
retreats and adjustments: the engine's defaults) and stored as `gmbot tick` stores them.
Timings of the whole site: with the results mails' pictures (what the daemon finds in
the outbox), without any (every map drawn), and again into the same folder with every
page deleted (the maps kept there are not drawn again). The update is the daemon's step
after one phase (update_site): one phase's pages, the next phase's and the indexes; its
CPU is the figure issue 33 sets a goal for (a processed phase's pages <= 20 ms a game).
benchmarks/ingest.py --site measures the same step through the game loop, many games
at a time.
Prints figures only; nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import select

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gmbot.config import SiteConfig  # noqa: E402
from gmbot.engine.adjudicate import adjudicate  # noqa: E402
from gmbot.engine.position import state_to_dict  # noqa: E402
from gmbot.engine.record import report_of  # noqa: E402
from gmbot.engine.state import GameState, Unit  # noqa: E402
from gmbot.service.app import App, open_app  # noqa: E402
from gmbot.service.gm.load import load_game  # noqa: E402
from gmbot.service.runtime import rules_for, state_of  # noqa: E402
from gmbot.service.site.build import update_site, write_site  # noqa: E402
from gmbot.service.views.pictures import Pictures  # noqa: E402
from gmbot.service.views.results import results_view  # noqa: E402
from gmbot.store.models import Game, PhaseRow  # noqa: E402
from gmbot.store.outbox import Outbound  # noqa: E402
from gmbot.variants.cases import result_to_dict  # noqa: E402

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


def game_file(folder: Path) -> Path:
    players = "\n".join(f"  - {{address: {p.lower()}@example.test, power: {p}}}"
                        for p in POWERS)
    path = folder / "game.yaml"
    path.write_text(f"name: bench\nvariant: standard\ngm: gm@example.test\n"
                    f"judge: judge@example.test\nauth: none\nplayers:\n{players}\n"
                    "deadlines: {timezone: UTC, movement: 48h}\n", encoding="utf-8")
    return path


def random_order(rng: random.Random, state: GameState, unit: Unit) -> str:
    gmap = state.map
    near = sorted(gmap.army_adj.get(unit.prov, ()) if unit.type == "A"
                  else gmap.fleet_adj.get(unit.loc, ()))
    if not near or rng.random() < 0.3:
        return f"{unit} H"
    return f"{unit} - {rng.choice(near)}"


def play_phase(app: App, rng: random.Random, mail_pictures: bool) -> bool:
    """Adjudicate the open phase from random orders and store it as processing does;
    `mail_pictures`: also store the GM's results picture, as the results mail would.
    False once the game has ended."""
    with app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        row = s.scalars(select(PhaseRow).where(PhaseRow.processed_at.is_(None))).first()
        if row is None:
            return False
        rules = rules_for(game)
        state = state_of(game, row, rules)
        orders: dict[str, list[str]] = {}
        if row.name.endswith("M"):
            for unit in state.units.values():
                orders.setdefault(unit.power, []).append(random_order(rng, state, unit))
        outcome = adjudicate(state, rules, orders)
        result = result_to_dict(outcome)
        when = START + timedelta(days=2 * row.seq)
        if outcome.winner is None:
            s.add(PhaseRow(game_id=game.id, seq=row.seq + 1, name=str(outcome.after.phase),
                           state=state_to_dict(outcome.after), opened_at=when,
                           deadline_at=when + timedelta(days=2), processed_at=None,
                           result=None))
        else:
            game.status = "finished"
        row.result = {**result, "public_text": "", "nmr": [], "reason": "deadline"}
        row.processed_at = when
        if mail_pictures:
            view = results_view(rules, state, outcome.after, report_of(outcome), None)
            s.add(Outbound(key=f"results:{row.id}:gm", game_id=game.id, kind="results",
                           sender=game.judge, recipient=game.gm, subject="", body="",
                           message_id=f"{row.id}@bench", status="sent",
                           picture=Pictures(rules)(view), created_at=when))
        return outcome.winner is None


def make_game(home: Path, years: int, seed: int, mail_pictures: bool) -> App:
    app = open_app(home)
    load_game(app, game_file(home))
    rng = random.Random(seed)
    while True:
        with app.db.transaction() as s:
            open_row = s.scalars(select(PhaseRow).where(PhaseRow.processed_at.is_(None))
                                 ).first()
            if open_row is None or int(open_row.name[1:5]) >= 1901 + years:
                break
        if not play_phase(app, rng, mail_pictures):
            break
    with app.db.transaction() as s:
        s.scalars(select(Game)).one().status = "finished"
    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--years", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--phases", type=int, default=5,
                        help="phases played one by one after the game, each update timed (5)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for mail_pictures in (True, False):
            home = Path(tmp) / f"home-{mail_pictures}"
            home.mkdir()
            made = time.perf_counter()
            app = make_game(home, args.years, args.seed, mail_pictures)
            made = time.perf_counter() - made
            with app.db.transaction() as s:
                phases = len(s.scalars(select(PhaseRow.id)).all())
            site = home / "site"
            start, cpu = time.perf_counter(), time.process_time()
            files = len(write_site(app, site))
            whole, cpu = time.perf_counter() - start, time.process_time() - cpu
            how = "pictures from the mails" if mail_pictures else "every map drawn"
            print(f"{phases} phases ({made:.1f} s to play); whole site, {how}: "
                  f"{cpu:.2f} s CPU ({whole:.2f} s wall), {files} files")
            if not mail_pictures:
                # The site is its own cache of maps: every page made again, no map drawn.
                for page in site.rglob("*.html"):
                    page.unlink()
                cpu = time.process_time()
                files = len(write_site(app, site))
                print(f"whole site again, every page deleted (maps kept): "
                      f"{time.process_time() - cpu:.2f} s CPU, {files} files")
                continue
            with app.db.transaction() as s:  # the game goes on for one more phase
                s.scalars(select(Game)).one().status = "active"
            update_site_after_phase(app, site, args.seed, args.phases)
            shutil.rmtree(site)


def update_site_after_phase(app: App, site: Path, seed: int, phases: int) -> None:
    """The figure issue 33 names: the CPU the site adds to one processed phase of a game
    (update_site after it, as `gmbot tick` and the daemon run it), median of `phases`."""
    app.config.site = SiteConfig(dir=site)
    update_site(app)  # the game's status changed: brought up to date first
    cpus, walls, files = [], [], 0
    for n in range(phases):
        play_phase(app, random.Random(seed + 1 + n), mail_pictures=True)
        wall, cpu = time.perf_counter(), time.process_time()
        files = update_site(app)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    print(f"update after one phase: {statistics.median(cpus) * 1000:.1f} ms CPU a game "
          f"(median of {phases} phases; goal <= 20 ms, issue 33), "
          f"{statistics.median(walls) * 1000:.1f} ms wall, {files} files written")
    cpu = time.process_time()
    files = update_site(app)
    print(f"update with nothing new: {(time.process_time() - cpu) * 1000:.1f} ms CPU, "
          f"{files} files")


if __name__ == "__main__":
    main()
