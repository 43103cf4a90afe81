"""Map pictures: time to render one viewer's results map, and the PNG's size.

    .venv/bin/python benchmarks/maps.py [--rounds N]

For the standard map (a Spring 1901 with every power moving, supports and bounces), the
Iberia map (the Al-Andalus start, every unit moving or holding) and a Warlock Spring
1901 (the same moves with a vaporized army and an invisible fleet, seen by its owner;
the map's legend, hatching and moved labels are on every picture), one viewer's picture
is drawn from its results view as process.py does it: scene, palette swap, borders,
names, centres, order strokes, units, PNG encoding. The first picture of a process also
loads the map's picture data (shown apart). Figures are CPU seconds of this process, best
of several rounds. Prints figures only; nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from gmbot.service.views.pictures import results_picture
from gmbot.service.views.results import results_view
from gmbot.variants.cases import case_outcome, result_to_dict

CASES: dict[str, dict[str, Any]] = {
    "standard": {"variant": "standard", "phase": "S1901M", "orders": {
        "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
        "GERMANY": ["A MUN - BUR", "F KIE - DEN", "A BER - KIE"],
        "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
        "RUSSIA": ["F STP/SC - BOT", "A WAR - GAL", "A MOS - UKR", "F SEV - BLA"],
        "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY - CON"],
        "ITALY": ["A VEN - TYR", "F NAP - ION", "A ROM - VEN"],
        "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"]}},
    "warlock": {"variant": "warlock", "phase": "S1901M", "orders": {
        "TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON - BUL", "A SMY - ARM"],
        "RUSSIA": ["CAST VAPORIZE A BUD", "F STP/SC - BOT", "A WAR - GAL", "A MOS - UKR",
                   "F SEV - RUM"],
        "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
        "GERMANY": ["A MUN - BUR", "F KIE - DEN", "A BER - KIE"],
        "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
        "ITALY": ["A VEN - TYR", "F NAP - ION", "A ROM - VEN"],
        "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"]}},
    "iberia": {"variant": "al-andalus", "phase": "S1080M", "orders": {
        "CASTILLE": ["A BUR - MED", "F GAL - AST", "A LEO - ZAM"],
        "ZARAGOZA": ["A LLE - BAR", "F TOR - GOV", "A ZAR S A LLE"],
        "BADAJOZ": ["A BAD - TOL", "A EVO H", "F LIS - CSV"],
        "SEVILLE": ["F CAD - SOG", "A NIE - SIL", "A SEV - CAR"],
        "GRANADA": ["A GRA - BAZ", "A JAE - COR", "F MAL - ALB"]}},
}


def cpu() -> float:
    return time.process_time()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    print(f"{'map':10} {'first (load)':>13} {'per viewer':>11} {'PNG size':>10}")
    for name, case in CASES.items():
        rules, outcome = case_outcome(case)
        result = result_to_dict(outcome)
        viewer = next(iter(case["orders"]))
        view = results_view(rules, outcome.before, outcome.after, result, viewer)
        t = cpu()
        png = results_picture(rules, view)
        first = cpu() - t
        best = float("inf")
        for _ in range(args.rounds):
            t = cpu()
            png = results_picture(rules, view)
            best = min(best, cpu() - t)
        assert png is not None
        print(f"{name:10} {first * 1000:10.0f} ms {best * 1000:8.1f} ms {len(png) / 1024:7.1f} KB")


if __name__ == "__main__":
    main()
