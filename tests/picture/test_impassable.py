"""Impassable provinces are drawn as such (issue 26, item 3): Switzerland is grey and
hatched, unlike Germany's or any power's land."""

from __future__ import annotations

from collections import Counter

from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict
from gmbot.picture.data import map_picture
from gmbot.picture.inks import HATCH, LAND_RGB, ROCK, TINT, mix
from gmbot.picture.labels import label_points
from gmbot.service.views.pictures import position_picture
from gmbot.variants import make_rules
from tests.picture.mapkit import colours, decode, nearest


def near_a_mark(x: int, y: int) -> bool:
    """Near a unit, a centre or a name, or a border: not a province's ground."""
    pic = map_picture("standard")
    marks = [*pic.units.values(), *label_points("standard").values(), *pic.centres.values()]
    if any(abs(x - mx) < 20 and abs(y - my) < 16 for mx, my in marks):
        return True
    here = pic.raster.getpixel((x, y))
    return any(pic.raster.getpixel((x + dx, y + dy)) != here
               for dx in (-2, 0, 2) for dy in (-2, 0, 2))


def test_switzerland_is_hatched_and_no_power_land_is() -> None:
    rules = make_rules("standard")
    state = state_from_dict({}, load_map("standard"))
    img = decode(position_picture(state, rules, None))
    pic = map_picture("standard")
    # What a province may look like: plain land, a power's centre province, the rock and
    # its stripes.
    looks = {"land": LAND_RGB, "rock": ROCK, "hatch": HATCH,
             **{p: mix(LAND_RGB, c, TINT) for p, c in colours("standard").items()}}
    seen: dict[str, Counter[str]] = {"SWI": Counter(), "MUN": Counter(), "TYR": Counter()}
    wanted = {pic.index(code): code for code in seen}
    w, h = pic.size
    for y in range(2, h - 2, 2):
        for x in range(2, w - 2, 2):
            code = wanted.get(pic.raster.getpixel((x, y)))
            if code and not near_a_mark(x, y):
                seen[code][nearest(img.getpixel((x, y)), looks)] += 1
    swi = seen["SWI"]
    total = sum(swi.values())
    assert swi["GERMANY"] == 0
    assert 0.15 < swi["hatch"] / total < 0.6, swi  # stripes ...
    assert swi["rock"] / total > 0.3, swi  # ... on grey
    for code, owner in (("MUN", "GERMANY"), ("TYR", "land")):
        assert seen[code]["hatch"] == 0 and seen[code]["rock"] == 0, (code, seen[code])
        assert seen[code].most_common(1)[0][0] == owner
