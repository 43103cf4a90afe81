"""Map pictures: time to render one viewer's results map with every event of its variant
drawn, and the PNG's size (issue 26: under 100 ms per viewer).

    .venv/bin/python benchmarks/maps.py [--rounds N]

One case per variant, each a phase with every event that variant draws on its map, seen by
each of its viewers (every power and the public):

- standard: a Spring 1901 with every power moving, supports and bounces, with the changing
  home centres option (home centres ringed);
- standard colour-blind: the same in the colour-blind palette;
- warlock: vaporize, power impervious, make invisible (on its owner's map), a balloon
  floating up (drawn aloft), an illusion's swap, a catastrophe and the spun bottle
  (hatched), with the moves above;
- al-andalus: the Iberia start with auto-holds, a PLUNDER and an ARREST (captioned) and
  the Wazirs' courts;
- arpiesse: units in their colours, two exchanges of colours;
- capitalist: capitals (starred), a bribe taken, one tied (captioned "bribed").

Each picture is drawn from its results view as process.py does it: scene, palette swap,
borders, names, centres, order strokes, units, the variant's marks, legend, PNG encoding.
The first picture of a process also loads the map's picture data (shown apart, "first").
Figures are CPU seconds of this process, best of several rounds, the slowest viewer's.
Prints figures only; nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from gmbot.service.views.pictures import case_view, results_picture

STANDARD_ORDERS = {
    "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "GERMANY": ["A MUN - BUR", "F KIE - DEN", "A BER - KIE"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "RUSSIA": ["F STP/SC - BOT", "A WAR - GAL", "A MOS - UKR", "F SEV - BLA"],
    "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY - CON"],
    "ITALY": ["A VEN - TYR", "F NAP - ION", "A ROM - VEN"],
    "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"]}
CAPITALS = {"ENGLAND": {"capital": "LON", "balance": 0},
            "FRANCE": {"capital": "PAR", "balance": 0},
            "RUSSIA": {"capital": "MOS", "balance": 0},
            "GERMANY": {"capital": "BER", "balance": 0}}

CASES: dict[str, dict[str, Any]] = {
    "standard": {"variant": "standard", "phase": "S1901M",
                 "options": {"changing_home_centres": True}, "orders": STANDARD_ORDERS},
    "colour-blind": {"variant": "standard", "phase": "S1901M",
                     "options": {"palette": "colour-blind"}, "orders": STANDARD_ORDERS},
    "warlock": {"variant": "warlock", "phase": "S1901M", "options": {"seed": 1}, "orders": {
        "TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON - BUL", "CAST BALLOON A SMY"],
        "RUSSIA": ["CAST VAPORIZE A BUD", "F STP/SC - BOT", "A WAR - GAL", "A MOS - UKR",
                   "F SEV - RUM"],
        "FRANCE": ["CAST POWER IMPERVIOUS A PAR", "A MAR - BUR", "F BRE - MAO"],
        "GERMANY": ["CAST ILLUSION RUH - TYR", "A MUN - RUH", "F KIE - DEN", "A BER - KIE"],
        "ENGLAND": ["CAST CATASTROPHE NTH", "F LON - ENG", "F EDI - NWG", "A LVP - YOR"],
        "ITALY": ["CAST SPIN THE BOTTLE", "A VEN - PIE", "F NAP - ION", "A ROM - VEN"],
        "AUSTRIA": ["A VIE - GAL", "F TRI - ALB"]}},
    "al-andalus": {"variant": "al-andalus", "phase": "S1080M",
                   "extra": {"wazirs": {"NANOOK": {"court": "CASTILLE", "dinars": 1},
                                        "LORDELINDEL": {"court": "ZARAGOZA", "dinars": 3},
                                        "AMIR": {"court": "SEVILLE", "dinars": 2}}},
                   "orders": {
        "CASTILLE": ["A BUR - MED", "F GAL - AST", "A LEO - ZAM"],
        "ZARAGOZA": ["ARREST"],
        "NANOOK": ["PLUNDER"],
        "BADAJOZ": ["A BAD - TOL", "A EVO H", "F LIS - CSV"],
        "SEVILLE": ["F CAD - SOG", "A NIE - SIL", "A SEV - CAR"],
        "GRANADA": ["A GRA - BAZ", "A JAE - COR", "F MAL - ALB"]}},
    "arpiesse": {"variant": "arpiesse", "phase": "S1901M",
                 "units": {"RUSSIA": [{"unit": "F STP/SC", "colour": "red"},
                                      {"unit": "A MOS", "colour": "purple"},
                                      {"unit": "A WAR", "colour": "silver"}],
                           "ENGLAND": [{"unit": "F NWY", "colour": "purple"},
                                       {"unit": "F NTH", "colour": "red"}],
                           "GERMANY": [{"unit": "A BER", "colour": "silver"},
                                       {"unit": "F KIE", "colour": "red"}]},
                 "orders": {"RUSSIA": ["F STP/SC X F NWY", "A MOS - UKR", "A WAR - PRU"],
                            "ENGLAND": ["F NWY X F STP", "F NTH - HOL"],
                            "GERMANY": ["A BER X F KIE", "F KIE X A BER"]}},
    "capitalist": {"variant": "capitalist", "phase": "S1900M",
                   "units": {"ENGLAND": ["F LON", "A EDI"], "FRANCE": ["A PAR"],
                             "RUSSIA": ["A MOS"], "GERMANY": ["A BER"]},
                   "centers": {"ENGLAND": ["LON", "EDI"], "FRANCE": ["PAR"],
                               "RUSSIA": ["MOS"], "GERMANY": ["BER"]},
                   "homes": {"ENGLAND": ["LON", "EDI"], "FRANCE": ["PAR"],
                             "RUSSIA": ["MOS"], "GERMANY": ["BER"]},
                   "powers": CAPITALS,
                   "orders": {"ENGLAND": ["F LON - NTH (1)", "A EDI - YOR (1)"],
                              "FRANCE": ["A PAR - BUR", "BRIBE F LON - ENG (2)"],
                              "RUSSIA": ["A MOS - UKR", "BRIBE A EDI - CLY (2)"],
                              "GERMANY": ["A BER - KIE", "BRIBE A EDI - LVP (2)"]}},
}


def cpu() -> float:
    return time.process_time()


def viewers(view_case: dict[str, Any]) -> list[str | None]:
    """Every power of the case's orders, and the public."""
    return [*view_case["orders"], None]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=10)
    args = ap.parse_args()
    print(f"{'case':13} {'viewers':>7} {'first (load)':>13} {'per viewer':>11} {'PNG size':>9}")
    for name, case in CASES.items():
        views = [case_view(case, v) for v in viewers(case)]
        t = cpu()
        png = results_picture(*views[0])
        first = cpu() - t
        worst = 0.0
        for rules, view in views:
            best = float("inf")
            for _ in range(args.rounds):
                t = cpu()
                png = results_picture(rules, view)
                best = min(best, cpu() - t)
            worst = max(worst, best)
        assert png is not None
        print(f"{name:13} {len(views):7} {first * 1000:10.0f} ms {worst * 1000:8.1f} ms "
              f"{len(png) / 1024:6.1f} KB")


if __name__ == "__main__":
    main()
