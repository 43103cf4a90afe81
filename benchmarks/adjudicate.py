"""Adjudication throughput: gmbot against MILA's `diplomacy` engine on the same positions.

    .venv/bin/python benchmarks/adjudicate.py [--cases N] [--seed S] [--no-mila] [--quick]

A fixed, seeded set of mid-game standard-map movement phases (20-34 units over the seven
powers; holds, moves, supports to hold and to move, and armies convoyed through chains of
fleets) is generated from the map data, so every run measures the same cases. Each engine
does the whole job of a case: load the position, read the orders, adjudicate.

  gmbot   `gmbot.variants.cases.run_case(case)` in-process, the path `gmbot adjudicate` takes;
  MILA    Game(), clear units and centres, set units, centres and orders, `process()`;
          also `process()` alone;
  CLI     `gmbot adjudicate --jsonl FILE` as a subprocess over thousands of distinct
          cases (the first ones are those above; none repeats, so no cache of a line
          read before flatters it), start-up included; the best of three runs.
  variants  the same positions and orders played as Capitalist (capitals and money for
          every power), Warlock, Arpiesse (a colour for each unit) and with changing home
          centres: each one's time beside standard's.

In-process figures are per CPU second of this process, best of several rounds in which
the engines take turns (see CLOCK); the subprocess is timed by the wall clock and by its
CPU time. A sample of the cases is also run through both engines and the boards compared.

Prints figures only; nothing here is a pass/fail test. MILA is the optional extra `bench`
(`.venv/bin/pip install diplomacy`); without it only gmbot's figures are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gmbot.engine.map import COAST, LAND, SEA, GameMap, load_map, province_of
from gmbot.variants.cases import run_case

# -- the cases ------------------------------------------------------------------------------

# Shares of the orders given to units that are not part of a convoy.
P_HOLD, P_MOVE = 0.10, 0.50  # the rest support
P_CONVOY = 0.30  # chance that an army on a coast with fleets nearby tries a convoy
P_ANY_FLEETS = 0.3  # chance a convoy may use other powers' fleets, not only its own
P_LOOSE_SUPPORT = 0.08  # a support for a move the supported unit was not ordered to make
P_NO_ORDER = 0.03  # a unit left without orders (holds)


def _neighbours(gmap: GameMap) -> dict[str, list[str]]:
    """Provinces one step away by any unit: for growing the powers' territories."""
    adj: dict[str, set[str]] = {}
    for table in (gmap.army_adj, gmap.fleet_prov_adj):
        for a, bs in table.items():
            adj.setdefault(a, set()).update(bs)
    return {a: sorted(bs) for a, bs in sorted(adj.items())}


def _territories(
    rng: random.Random, adj: dict[str, list[str]], gmap: GameMap, sizes: dict[str, int]
) -> dict[str, str]:
    """Province -> power: each power grows from its home centres, bigger powers faster, so
    units cluster the way they do in a real game and meet on the borders."""
    owner = {h: p for p in sizes for h in gmap.powers[p].homes}
    edges = {p: {n for h in gmap.powers[p].homes for n in adj[h]} for p in sizes}
    while True:
        growing = []
        for p in sizes:
            edges[p] -= owner.keys()
            if edges[p]:
                growing.append(p)
        if not growing:
            return owner
        p = rng.choices(growing, weights=[sizes[p] + 1 for p in growing])[0]
        prov = rng.choice(sorted(edges[p]))
        owner[prov] = p
        edges[p].update(adj[prov])


def _reach(gmap: GameMap, utype: str, loc: str) -> set[str]:
    """Provinces a unit could move to (and so support into)."""
    if utype == "A":
        return set(gmap.army_adj.get(loc, ()))
    return {province_of(t) for t in gmap.fleet_adj.get(loc, ())}


def _position(rng: random.Random, gmap: GameMap) -> tuple[dict[str, tuple[str, str, str]], dict]:
    powers = list(gmap.powers)
    total = rng.randint(20, 34)
    weights = [rng.uniform(0.4, 1.6) for _ in powers]
    sizes = dict.fromkeys(powers, 1)
    for p in rng.choices(powers, weights=weights, k=total - len(powers)):
        sizes[p] += 1
    adj = _neighbours(gmap)
    territory = _territories(rng, adj, gmap, sizes)
    units: dict[str, tuple[str, str, str]] = {}  # province -> (power, type, location)
    centers: dict[str, list[str]] = {}
    for p in powers:
        region = sorted(prov for prov, q in territory.items() if q == p)
        region = [r for r in region if gmap.provinces[r].type in (LAND, COAST, SEA)]

        # Armies and fleets gather on centres and on the borders.
        weight = {
            r: 1 + 2 * any(territory.get(n) not in (p, None) for n in adj[r])
            + 1.5 * gmap.provinces[r].sc
            for r in region
        }
        chosen: list[str] = []
        while region and len(chosen) < sizes[p]:
            prov = rng.choices(region, weights=[weight[r] for r in region])[0]
            region.remove(prov)
            chosen.append(prov)
        for prov in chosen:
            kind = gmap.provinces[prov].type
            utype = "F" if kind == SEA or (kind == COAST and rng.random() < 0.4) else "A"
            loc = rng.choice(gmap.fleet_locations(prov)) if utype == "F" else prov
            units[prov] = (p, utype, loc)
        scs = sorted(c for c in gmap.supply_centres if territory.get(c) == p)
        # Occupied centres first; a power owns about as many centres as it has units.
        scs.sort(key=lambda c: (units.get(c, ("",))[0] != p, rng.random()))
        want = max(1, min(17, len(chosen) + rng.randint(-1, 1)))
        centers[p] = sorted(scs[:want])
    return units, centers


def _convoys(
    rng: random.Random, gmap: GameMap, units: dict[str, tuple[str, str, str]],
    orders: dict[str, str],
) -> None:
    """Armies convoyed along the shortest chain of free fleets at sea. A shortest chain has
    no shortcut, so every fleet on it is needed (gmbot refuses a convoy no route needs)."""
    for src in sorted(units):
        power, utype, _ = units[src]
        if utype != "A" or gmap.provinces[src].type != COAST or src in orders:
            continue
        if rng.random() >= P_CONVOY:
            continue
        any_power = rng.random() < P_ANY_FLEETS

        def free_fleet(prov: str, power: str = power, any_power: bool = any_power) -> bool:
            u = units.get(prov)
            return (
                u is not None and u[1] == "F" and gmap.provinces[prov].type == SEA
                and prov not in orders and (any_power or u[0] == power)
            )

        # Breadth-first over fleet-held seas; the first sea found next to a coast is the
        # end of the shortest chain to it.
        parent: dict[str, str] = {src: ""}
        last: dict[str, str] = {}  # destination -> last sea of its shortest chain
        todo = [src]
        while todo:
            nxt_todo = []
            for here in todo:
                for n in sorted(gmap.fleet_prov_adj.get(here, ())):
                    if n in parent:
                        continue
                    if here != src and gmap.provinces[n].type == COAST:
                        last.setdefault(n, here)
                    elif free_fleet(n):
                        parent[n] = here
                        nxt_todo.append(n)
            todo = nxt_todo
        last.pop(src, None)
        if not last:
            continue
        dests = sorted(last)
        # Mostly past the coast the army could walk to; now and then an adjacent one.
        dest = rng.choices(dests, weights=[1 if d in gmap.army_adj[src] else 4 for d in dests])[0]
        chain = [last[dest]]
        while parent[chain[-1]] != src:
            chain.append(parent[chain[-1]])
        via = " VIA CONVOY" if dest in gmap.army_adj[src] else ""
        orders[src] = f"A {src} - {dest}{via}"
        for sea in chain:
            orders[sea] = f"F {sea} C A {src} - {dest}"


def make_case(rng: random.Random, gmap: GameMap) -> dict[str, Any]:
    units, centers = _position(rng, gmap)
    orders: dict[str, str] = {}
    _convoys(rng, gmap, units, orders)
    moves: dict[str, str] = {}  # mover's province -> destination province
    for prov, line in orders.items():
        if " - " in line and " C " not in line:
            moves[prov] = line.split(" - ")[1].split()[0]
    free = sorted(p for p in units if p not in orders)
    rng.shuffle(free)
    supporters = []
    for prov in free:
        power, utype, loc = units[prov]
        r = rng.random()
        if r < P_NO_ORDER:
            continue
        if r < P_HOLD:
            orders[prov] = f"{utype} {loc} H"
        elif r < P_HOLD + P_MOVE:
            targets = sorted(gmap.army_adj[prov] if utype == "A" else gmap.fleet_adj[loc])

            def attraction(t: str, power: str = power) -> float:
                # Attack enemies and centres more than empty ground.
                there = units.get(province_of(t))
                enemy = there is not None and there[0] != power
                return 1 + 2 * enemy + 1.5 * gmap.provinces[province_of(t)].sc

            dest = rng.choices(targets, weights=[attraction(t) for t in targets])[0]
            orders[prov] = f"{utype} {loc} - {dest}"
            moves[prov] = province_of(dest)
        else:
            supporters.append(prov)
    for prov in supporters:
        orders[prov] = _support(rng, gmap, units, moves, prov)
    by_power: dict[str, list[str]] = {}
    for prov in sorted(orders):
        by_power.setdefault(units[prov][0], []).append(orders[prov])
    for lines in by_power.values():
        rng.shuffle(lines)
    unit_lists: dict[str, list[str]] = {}
    for prov in sorted(units):
        power, utype, loc = units[prov]
        unit_lists.setdefault(power, []).append(f"{utype} {loc}")
    return {
        "phase": f"{rng.choice('SF')}{rng.randint(1903, 1912)}M",
        "units": dict(sorted(unit_lists.items())),
        "centers": {p: c for p, c in sorted(centers.items()) if c},
        "orders": dict(sorted(by_power.items())),
    }


def _support(
    rng: random.Random, gmap: GameMap, units: dict[str, tuple[str, str, str]],
    moves: dict[str, str], prov: str,
) -> str:
    """A support the unit can give: mostly for its own side's moves and holds, sometimes for
    a move that was not ordered (a support that will be void)."""
    power, utype, loc = units[prov]
    reach = _reach(gmap, utype, loc)
    options: list[tuple[float, str]] = []
    for other in sorted(units):
        if other == prov:
            continue
        opower, otype, oloc = units[other]
        friend = opower == power
        if other in moves:
            dest = moves[other]
            if dest in reach:
                options.append((4 if friend else 1, f"{otype} {other} - {dest}"))
        elif other in reach:
            options.append((2 if friend else 0.5, f"{otype} {other}"))
    if rng.random() < P_LOOSE_SUPPORT:
        loose = [
            (1.0, f"{units[o][1]} {o} - {d}")
            for o in sorted(reach)
            if o in units and o not in moves
            for d in sorted(reach & _reach(gmap, units[o][1], units[o][2]))
            if d != prov
        ]
        options = loose or options
    if not options:
        return f"{utype} {loc} H"
    what = rng.choices([o for _, o in options], weights=[w for w, _ in options])[0]
    return f"{utype} {loc} S {what}"


def make_cases(n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    gmap = load_map("standard")
    return [make_case(rng, gmap) for _ in range(n)]


def describe(cases: list[dict[str, Any]]) -> str:
    kinds = {"hold": 0, "move": 0, "support hold": 0, "support move": 0, "convoy": 0,
             "convoyed move": 0}
    units = 0
    for case in cases:
        units += sum(len(u) for u in case["units"].values())
        for lines in case["orders"].values():
            for line in lines:
                if " C " in line:
                    kinds["convoy"] += 1
                elif " S " in line:
                    kinds["support move" if " - " in line else "support hold"] += 1
                elif " - " in line:
                    kinds["move"] += 1
                else:
                    kinds["hold"] += 1
        convoyed = {line.split(" C ")[1] for ls in case["orders"].values() for line in ls
                    if " C " in line}
        kinds["convoyed move"] += len(convoyed)
        kinds["move"] -= len(convoyed)
    mix = ", ".join(f"{k} {v}" for k, v in kinds.items())
    return f"{units / len(cases):.1f} units/case; orders: {mix}"


# -- running ----------------------------------------------------------------------------------

# The clock of the in-process runs: CPU seconds of this process. On an idle machine they
# equal wall seconds; on a shared one they leave out the time given to other work, which
# would otherwise swing the figures, and the ratios, by tens of per cent from run to run.
CLOCK = time.process_time


# Capitals for the Capitalist runs: each power's first home centre (at least two moves
# apart, as rule 1.3 asks).
CAPITALS = {"AUSTRIA": "BUD", "ENGLAND": "EDI", "FRANCE": "BRE", "GERMANY": "BER",
            "ITALY": "NAP", "RUSSIA": "MOS", "TURKEY": "ANK"}


def as_capitalist(case: dict[str, Any]) -> dict[str, Any]:
    """The same position and orders played as Capitalist: capitals and money for every
    power, so every order is paid for (one currency unit each by default)."""
    powers = {p: {"capital": c, "balance": 10} for p, c in CAPITALS.items()}
    return {**case, "variant": "capitalist", "powers": powers}


ARPIESSE_COLOURS = ("red", "purple", "silver")


def as_arpiesse(case: dict[str, Any]) -> dict[str, Any]:
    """The same played as Arpiesse: each unit a colour, in turn as the units are listed."""
    k = 0
    units: dict[str, list[Any]] = {}
    for power, entries in case["units"].items():
        units[power] = []
        for entry in entries:
            units[power].append({"unit": entry, "colour": ARPIESSE_COLOURS[k % 3]})
            k += 1
    return {**case, "variant": "arpiesse", "units": units}


# The variants on the standard map, each playing the same positions and orders: what
# each costs beside standard. Al-Andalus plays on another map, so it is not among them.
VARIANTS: dict[str, tuple[Callable[[dict[str, Any]], dict[str, Any]], float | None]] = {
    # name: (the case as that variant, the goal for its time / standard's, if any)
    "capitalist": (as_capitalist, 2.0),
    "warlock": (lambda c: {**c, "variant": "warlock"}, None),
    "arpiesse": (as_arpiesse, None),
    "changing home centres": (lambda c: {**c, "options": {"changing_home_centres": True}},
                              None),
}


def best_times(runs: dict[str, Callable[[], Any]], rounds: int) -> dict[str, float]:
    """Best time of each run over `rounds`, the runs taking turns in every round so
    that other work on a shared machine weighs on all of them alike; the best time is the
    least disturbed."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, fn in runs.items():
            t = CLOCK()
            fn()
            best[name] = min(best[name], CLOCK() - t)
    return best


def mila_orders(case: dict[str, Any]) -> dict[str, list[str]]:
    """The same orders in MILA's notation (it writes VIA where gmbot reads VIA CONVOY, and
    needs it on every convoyed move to take the convoy route)."""
    out = {}
    for power, lines in case["orders"].items():
        convoyed = {line.split(" C ")[1] for ls in case["orders"].values() for line in ls
                    if " C " in line}
        fixed = []
        for line in lines:
            line = line.replace(" VIA CONVOY", "")
            if line in convoyed:
                line += " VIA"
            fixed.append(line)
        out[power] = fixed
    return out


class Mila:
    """MILA's engine doing the whole job of a case; the time in `process()` is summed."""

    def __init__(self) -> None:
        from diplomacy import Game

        self.Game = Game
        self.process_time = 0.0
        self.dropped = 0  # order lines MILA did not take (counted when asked)

    def run(self, case: dict[str, Any], orders: dict[str, list[str]], count: bool = False) -> Any:
        game = self.Game(map_name="standard")
        game.clear_units()
        game.clear_centers()
        game.set_current_phase(case["phase"])
        for power, units in case["units"].items():
            game.set_units(power, units)
        for power, centers in case["centers"].items():
            game.set_centers(power, centers)
        for power, lines in orders.items():
            game.set_orders(power, lines)
        if count:
            taken = sum(len(lines) for lines in game.get_orders().values())
            self.dropped += sum(len(lines) for lines in orders.values()) - taken
        t = CLOCK()
        game.process()
        self.process_time += CLOCK() - t
        return game


def _gmbot_board(out: dict[str, Any]) -> tuple[set[str], set[str], dict[str, str]]:
    """Units left standing, units dislodged, and each unit's result."""
    units = {f"{p} {u}" for p, us in out["units_after"].items() for u in us}
    return units, set(out["dislodged"]), out["order_results"]


def _mila_board(game: Any) -> tuple[set[str], set[str], dict[str, str]]:
    """The same from MILA. It disbands a dislodged unit with no retreat at once, so
    dislodgements are read from its results, not from the board."""
    units = {
        f"{power} {u}" for power, us in game.get_units().items() for u in us
        if not u.startswith("*")
    }
    results = game.result_history[game.result_history.last_key()]
    dislodged = {u for u, rs in results.items() if any(str(r) == "dislodged" for r in rs)}
    said = {u: ", ".join(str(r) for r in rs) or "ok" for u, rs in results.items()}
    return units, dislodged, said


def compare(cases: list[dict[str, Any]], sample: int) -> None:
    """Both engines on a sample of the cases: do they leave the same board?"""
    mila = Mila()
    agree = 0
    differ = []
    step = max(1, len(cases) // sample)
    picked = cases[::step][:sample]
    for n, case in enumerate(picked):
        ours = _gmbot_board(run_case(case))
        theirs = _mila_board(mila.run(case, mila_orders(case), count=True))
        if ours[:2] == theirs[:2]:
            agree += 1
        else:
            differ.append((n * step, case, ours, theirs))
    if mila.dropped:
        print(f"  MILA did not take {mila.dropped} of the order lines in the sample")
    print(f"agreement on final units and dislodged units: {agree}/{len(picked)} cases"
          + (" (disagreements below, for a human to judge)" if differ else ""))
    for k, case, ours, theirs in differ[:3]:
        print(f"  case {k} ({case['phase']}):")
        for power, lines in case["orders"].items():
            print(f"    {power}: {'; '.join(lines)}")
        involved = set()
        for what, a, b in (("units", ours[0], theirs[0]), ("dislodged", ours[1], theirs[1])):
            if a != b:
                print(f"    {what}: gmbot only {sorted(a - b)}; MILA only {sorted(b - a)}")
                involved |= {province_of(u.split()[-1]) for u in a ^ b}
        # The results of the units that stood in, or moved to, the provinces concerned.
        orders = {line.split(" ")[1]: line for ls in case["orders"].values() for line in ls}
        for unit in sorted(ours[2]):
            order = orders.get(unit.split()[1], f"{unit} (no order)")
            moving = " - " in order and " S " not in order and " C " not in order
            dest = order.split(" - ")[1].split()[0] if moving else ""
            if province_of(unit.split()[1]) in involved or province_of(dest) in involved:
                print(f"    {order}: gmbot {ours[2][unit]}; MILA {theirs[2].get(unit, '?')}")


def gmbot_command() -> list[str]:
    exe = Path(sys.executable).with_name("gmbot")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("gmbot")
    if found:
        return [found]
    return [sys.executable, "-c", "from gmbot.cli import main; main()"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli_rate(cases: list[dict[str, Any]], runs: int) -> tuple[float, float, int]:
    """Cases per second of `gmbot adjudicate --jsonl`, start-up included, by the wall clock
    and by the command's CPU time, each the best of `runs` runs (as the in-process figures
    are the best of their rounds); and how many cases it answered with an error. Its
    results go to a file, as a user's would: read through a pipe, this process's reading
    would compete with the command for the machine (two cores here)."""
    wall = cpu = float("inf")
    with tempfile.TemporaryDirectory() as tmp:
        path, results = os.path.join(tmp, "cases.jsonl"), os.path.join(tmp, "results.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            for case in cases:
                f.write(json.dumps(case, separators=(",", ":")) + "\n")
        for _ in range(runs):
            with open(results, "wb") as out:
                t, used = time.perf_counter(), _children_cpu()
                proc = subprocess.run(
                    [*gmbot_command(), "adjudicate", "--jsonl", path],
                    stdout=out, stderr=subprocess.PIPE, text=True, check=False,
                )
                wall = min(wall, time.perf_counter() - t)
                cpu = min(cpu, _children_cpu() - used)
        with open(results, encoding="utf-8") as f:
            out_lines = f.read().splitlines()
    errors = sum(1 for line in out_lines if '"error"' in line[:10])
    lines = len(cases)
    if len(out_lines) != lines:
        print(f"  gmbot adjudicate exited {proc.returncode}: {proc.stderr.strip()[-500:]}")
    return lines / wall, lines / cpu, errors


def rate_line(what: str, rate: float) -> None:
    print(f"{what:<33}{rate:8.0f} phases/s  ({1e6 / rate:5.0f} us/phase of CPU)")


def main(argv: list[str] | None = None) -> None:  # noqa: C901 - the benchmark's options, one branch each
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=500, help="positions to generate (500)")
    ap.add_argument("--seed", type=int, default=1901, help="random seed of the positions")
    ap.add_argument("--no-mila", action="store_true", help="skip MILA's engine")
    ap.add_argument("--quick", action="store_true", help="fewer cases and repeats")
    args = ap.parse_args(argv)
    if args.cases < 1:
        ap.error("--cases must be at least 1")
    n = min(args.cases, 100) if args.quick else args.cases
    rounds = 2 if args.quick else 5
    cli_lines = 1000 if args.quick else 5000

    t = time.perf_counter()
    # One seeded stream: the in-process cases are the first `n` of the CLI's.
    cli_cases = make_cases(max(n, cli_lines), args.seed)
    cases = cli_cases[:n]
    print(f"{n} cases, seed {args.seed} ({len(cli_cases)} for the CLI), generated in "
          f"{time.perf_counter() - t:.2f}s")
    print(f"  {describe(cases)}")

    # Every order should be legal for both engines; gmbot says which it refused.
    refused = [(k, e) for k, c in enumerate(cases) for e in run_case(c)["errors"]]
    if refused:
        print(f"  gmbot refused {len(refused)} order lines, e.g. {refused[:3]}")

    def run_all(batch: list[dict[str, Any]]) -> Callable[[], None]:
        def run() -> None:
            for case in batch:
                run_case(case)
        return run

    runs: dict[str, Callable[[], Any]] = {"gmbot": run_all(cases)}
    for name, (convert, _) in VARIANTS.items():
        batch = [convert(c) for c in cases]
        refused = sum(len(run_case(c)["errors"]) for c in batch)
        if refused:
            print(f"  gmbot refused {refused} order lines of the {name} runs")
        runs[name] = run_all(batch)
    mila = None
    if args.no_mila:
        print("MILA: skipped (--no-mila)")
    else:
        try:
            mila = Mila()
        except ImportError:
            print("MILA: the `diplomacy` package is not installed "
                  "(.venv/bin/pip install diplomacy); gmbot figures only")
    best_process = float("inf")
    if mila is not None:
        translated = [mila_orders(c) for c in cases]

        def mila_all() -> None:
            nonlocal best_process
            mila.process_time = 0.0
            for case, orders in zip(cases, translated, strict=True):
                mila.run(case, orders)
            best_process = min(best_process, mila.process_time)

        runs["mila"] = mila_all
    best = best_times(runs, rounds)
    gm = n / best["gmbot"]
    rate_line("gmbot run_case (in-process):", gm)
    for name, (_, goal) in VARIANTS.items():
        rate = n / best[name]
        aim = f"  (goal <= {goal:g}x)" if goal else ""
        print(f"{f'  as {name}:':<33}{rate:8.0f} phases/s  {gm / rate:5.2f}x standard's "
              f"time{aim}")
    if mila is not None:
        whole, alone = n / best["mila"], n / best_process
        rate_line("MILA whole job (Game..process):", whole)
        rate_line("MILA process() alone:", alone)
        print(f"{'gmbot / MILA whole job:':<33}{gm / whole:8.1f}x")
        print(f"{'gmbot / MILA process() alone:':<33}{gm / alone:8.1f}x")
        compare(cases, min(n, 100 if args.quick else 200))

    cli_runs = 1 if args.quick else 3
    wall, cpu, errors = cli_rate(cli_cases[:cli_lines], cli_runs)
    note = f", {errors} errors" if errors else ""
    print(f"gmbot adjudicate --jsonl, {cli_lines} distinct cases as a subprocess, start-up "
          f"included (best of {cli_runs}):")
    print(f"  {wall:.0f} cases/s by the wall clock, {cpu:.0f} cases/s of its CPU time{note}")
    if mila is not None:
        whole = n / best["mila"]
        print(f"{'  / MILA whole job:':<33}{wall / whole:8.1f}x by the wall clock, "
              f"{cpu / whole:.1f}x by CPU time  (goal >= 10x)")


if __name__ == "__main__":
    main()
