"""Write the page listing a map's provinces (code, name, type, centre, neighbours), with a
picture of the start, from the map data: docs/maps/NAME.md and docs/maps/NAME.png.

    .venv/bin/python scripts/province_list.py iberia [--variant al-andalus] [--check]

--check writes nothing and fails if the page differs from what the map data gives (the
tests run it, so the page cannot fall behind the map)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from gmbot.engine.map import SEA, GameMap, load_map  # noqa: E402

KINDS = {"land": "inland", "coast": "coastal", "sea": "sea", "impassable": "impassable"}


def neighbours(gmap: GameMap, code: str) -> tuple[list[str], list[str]]:
    """Army and fleet neighbours of a province (fleet ones by coast where it has coasts)."""
    army = sorted(gmap.army_adj.get(code, ()))
    fleet: list[str] = []
    for loc in gmap.fleet_locations(code) if gmap.provinces[code].type != "land" else ():
        targets = sorted(gmap.fleet_adj.get(loc, ()))
        prefix = f"({loc.partition('/')[2]}) " if "/" in loc else ""
        if targets:
            fleet.append(prefix + " ".join(targets))
    return army, fleet


def page(gmap: GameMap) -> str:
    homes = {c: p.name for p in gmap.powers.values() for c in p.homes}
    lines = [
        f"# The {gmap.title} map: provinces",
        "",
        f"Written by `scripts/province_list.py {gmap.name}` from `gmbot/maps/{gmap.name}.yaml`"
        " (do not edit by hand).",
        f"Supply centres: {sum(p.sc for p in gmap.provinces.values())}; "
        f"a solo needs {gmap.solo}. The start, with each power's home centres and units:",
        "",
        f"![The {gmap.title} map at the start]({gmap.name}.png)",
        "",
        "| code | name | type | centre | army neighbours | fleet neighbours |",
        "|---|---|---|---|---|---|",
    ]
    for code in sorted(gmap.provinces):
        p = gmap.provinces[code]
        centre = ("home of " + homes[code]) if code in homes else ("yes" if p.sc else "")
        army, fleet = neighbours(gmap, code)
        lines.append(f"| {code} | {p.name} | {KINDS[p.type]} | {centre} | {' '.join(army)} | "
                     f"{'; '.join(fleet)} |")
    seas = sorted(c for c, p in gmap.provinces.items() if p.type == SEA)
    lines += ["", f"Seas: {', '.join(seas)}. Names and spellings the judge also accepts are "
              f"the `aliases` in the map file."]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("name")
    ap.add_argument("--variant", default="standard", help="the rules the picture is drawn by")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    gmap = load_map(args.name)
    text = page(gmap)
    out = REPO / "docs" / "maps" / f"{args.name}.md"
    if args.check:
        if not out.exists() or out.read_text(encoding="utf-8") != text:
            raise SystemExit(f"{out} is out of date: run scripts/province_list.py {args.name}")
        return
    from gmbot.engine.position import state_from_dict
    from gmbot.service.views.pictures import position_picture
    from gmbot.variants import make_rules

    rules = make_rules(args.variant)
    png = position_picture(state_from_dict({}, gmap), rules, None)
    out.parent.mkdir(exist_ok=True)
    out.write_text(text, encoding="utf-8")
    if png:
        out.with_suffix(".png").write_bytes(png)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
