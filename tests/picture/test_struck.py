"""The Warlock bottle's and catastrophe's provinces are hatched on the map (issue 26,
item 3): the catastrophe's for the phase it strikes, the bottle's for as long as it stays
destroyed; both are told to everyone, so on every map."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict
from gmbot.engine.record import report_of
from gmbot.picture.data import map_picture
from gmbot.picture.inks import LAND_RGB, STRIPES, TINT, mix
from gmbot.picture.scene import scene_of
from gmbot.service.views.pictures import position_picture, position_view, results_picture
from gmbot.service.views.results import results_view
from gmbot.variants import make_rules
from gmbot.variants.cases import case_outcome
from tests.picture.mapkit import colours, decode, nearest
from tests.picture.test_impassable import near_a_mark

CASE = {"variant": "warlock", "phase": "S1901M", "orders": {
    "TURKEY": ["CAST SPIN THE BOTTLE"], "FRANCE": ["CAST CATASTROPHE BUR"]}}


def ground(img: Any, codes: list[str]) -> dict[str, Counter[str]]:
    """What each province's ground (away from markers and borders) looks like."""
    pic = map_picture("standard")
    looks = {"land": LAND_RGB, **{m: c for m, (c, _) in STRIPES.items()},
             **{p: mix(LAND_RGB, c, TINT) for p, c in colours("standard").items()}}
    wanted = {pic.index(code): code for code in codes}
    seen: dict[str, Counter[str]] = {code: Counter() for code in codes}
    w, h = pic.size
    for y in range(2, h - 2, 2):
        for x in range(2, w - 2, 2):
            code = wanted.get(pic.raster.getpixel((x, y)))
            if code and not near_a_mark(x, y):
                seen[code][nearest(img.getpixel((x, y)), looks)] += 1
    return seen


def test_the_catastrophe_and_the_bottle_are_hatched_on_every_map() -> None:
    rules, outcome = case_outcome(CASE)
    # The bottle's draw is the case's seeded one: the province its line names.
    notes = results_view(rules, outcome.before, outcome.after, report_of(outcome),
                         None).public.notes
    [line] = [n for n in notes if n.startswith("The bottle")]
    bottle = line.split(" points at ")[1][:3]
    assert bottle not in ("BUR", "PAR")
    for viewer in ("FRANCE", "TURKEY", "ENGLAND"):
        view = results_view(rules, outcome.before, outcome.after, report_of(outcome),
                            viewer)
        assert scene_of(view.public, []).marks == {bottle: ["bottle"],
                                                      "BUR": ["catastrophe"]}
        seen = ground(decode(results_picture(rules, view)), ["BUR", bottle, "PAR"])
        for code, mark in (("BUR", "catastrophe"), (bottle, "bottle")):
            share = seen[code][mark] / sum(seen[code].values())
            assert 0.15 < share < 0.6, (viewer, code, seen[code])
        assert seen["PAR"]["catastrophe"] == seen["PAR"]["bottle"] == 0, seen["PAR"]


def test_the_bottles_province_stays_hatched_while_it_is_destroyed() -> None:
    rules = make_rules("warlock")
    state = state_from_dict({"phase": "F1901M", "extra": {"bottle": {"GAS": "S1902M"}}},
                            load_map("standard"))
    assert position_view(state, rules, "FRANCE").public.marks == {"GAS": ["bottle"]}
    seen = ground(decode(position_picture(state, rules, "FRANCE")), ["GAS", "BUR"])
    assert seen["GAS"]["bottle"] > sum(seen["GAS"].values()) * 0.15, seen["GAS"]
    assert seen["BUR"]["bottle"] == seen["BUR"]["catastrophe"] == 0
