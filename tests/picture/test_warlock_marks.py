"""Warlock's spells on the map (issue 26, item 3): an illusion's swapped provinces, an
impervious unit, an invisible unit (its owner's map only) and a unit aloft in a balloon,
each on every map whose text tells it and on no other."""

from __future__ import annotations

from typing import Any

from gmbot.engine.record import report_of
from gmbot.engine.rules import StandardRules
from gmbot.picture.data import map_picture
from gmbot.picture.marks import BALLOON, ILLUSION, INK, LIFT, SHIELD
from gmbot.picture.scene import scene_of
from gmbot.service.outbox.render import render
from gmbot.service.views.pictures import results_picture
from gmbot.service.views.results import results_view
from gmbot.service.views.shown import PublicView, View
from gmbot.variants.cases import case_outcome
from tests.picture.mapkit import colours, decode, nearest, neutral

SPELLS = {"variant": "warlock", "phase": "S1901M", "orders": {
    "TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON - BUL", "CAST BALLOON A SMY"],
    "GERMANY": ["CAST ILLUSION BUR - RUH", "A MUN H"],
    "FRANCE": ["CAST POWER IMPERVIOUS A PAR", "A MAR - BUR"]}}
VIEWERS = ("TURKEY", "FRANCE", "ENGLAND", None)


def view_of(case: dict[str, Any], viewer: str | None) -> tuple[StandardRules, View]:
    rules, outcome = case_outcome(case)
    return rules, results_view(rules, outcome.start or outcome.before, outcome.after,
                               report_of(outcome), viewer)


def text_of(view: View) -> str:
    return render("results.txt.j2", view=view, game={"name": "w", "title": "w"}, nmr=[],
                  reason="deadline", deadline="none")[1]


def around(img: Any, p: tuple[int, int], r: int, looks: dict[str, Any]) -> list[str]:
    """What the pixels on a ring of radius `r` around `p` look like."""
    x, y = p
    return [nearest(img.getpixel((x + dx, y + dy)), looks)
            for dx, dy in ((r, 0), (-r, 0), (0, r), (0, -r))]


def test_an_illusions_two_provinces_are_joined_by_a_double_arrow_on_every_map() -> None:
    pic = map_picture("standard")
    (bx, by), (rx, ry) = pic.unit_point("BUR"), pic.unit_point("RUH")
    looks = {"illusion": ILLUSION, "ink": INK, **neutral("standard")}
    for viewer in VIEWERS:
        rules, view = view_of(SPELLS, viewer)
        assert "Germany: CAST ILLUSION BUR - RUH" in view.public.notes
        assert scene_of(view.public, []).swaps == [("BUR", "RUH")]
        img = decode(results_picture(rules, view))
        mid = ((bx + rx) // 2, (by + ry) // 2)
        seen = [nearest(img.getpixel((mid[0] + i, mid[1] + j)), looks)
                for i in range(-2, 3) for j in range(-2, 3)]
        assert "illusion" in seen, viewer


def test_an_illusion_that_fails_is_not_drawn() -> None:
    notes = ["Germany: CAST ILLUSION BUR - RUH", "Austria: CAST ILLUSION BUR - TYR",
             "Two illusions name BUR: the truth is seen by all and the illusion fails"]
    assert scene_of(PublicView("", "", notes=notes), []).swaps == []


def test_an_impervious_unit_is_ringed_on_every_map() -> None:
    x, y = map_picture("standard").unit_point("PAR")
    looks = {"shield": SHIELD, "ink": INK, **neutral("standard")}
    for viewer in VIEWERS:
        rules, view = view_of(SPELLS, viewer)
        assert scene_of(view.public, []).impervious == ["PAR"]
        img = decode(results_picture(rules, view))
        assert around(img, (x, y), 14, looks) == ["shield"] * 4, viewer
        # The unit itself is still France's.
        assert nearest(img.getpixel((x - 6, y)), colours("standard")) == "FRANCE"


def test_a_secret_impervious_spell_on_an_invisible_unit_rings_it_on_its_owners_map_only(
) -> None:
    case = {"variant": "warlock", "phase": "S1901M",
            "units": {"TURKEY": [{"unit": "F BLA", "invisible": "BLA"}, "A CON"]},
            "centers": {"TURKEY": ["ANK", "CON", "SMY"]},
            "orders": {"TURKEY": ["CAST POWER IMPERVIOUS F BLA", "F BLA H", "A CON H"]}}
    x, y = map_picture("standard").unit_point("BLA")
    looks = {"shield": SHIELD, "ink": INK, **neutral("standard")}
    for viewer in VIEWERS:
        rules, view = view_of(case, viewer)
        img = decode(results_picture(rules, view))
        ring = around(img, (x, y), 14, looks)
        if viewer == "TURKEY":
            assert ring == ["shield"] * 4
        else:
            assert "CAST POWER IMPERVIOUS" not in text_of(view)
            assert "shield" not in ring, viewer
            assert nearest(img.getpixel((x - 6, y)), neutral("standard")) == "sea", viewer


def test_an_invisible_unit_is_marked_invisible_on_its_owners_map_only() -> None:
    x, y = map_picture("standard").unit_point("BLA")
    looks = {"ink": INK, **neutral("standard")}
    for viewer in VIEWERS:
        rules, view = view_of(SPELLS, viewer)
        marks = {(p.loc, p.mark) for p in scene_of(view.public, []).pieces}
        img = decode(results_picture(rules, view))
        # The dashed ring: ink on one of its dashes (0-22 degrees), sea between dashes.
        dash = nearest(img.getpixel((x + 14, y + 3)), looks)
        gap = nearest(img.getpixel((x + 12, y + 7)), looks)  # 30 degrees
        if viewer == "TURKEY":
            assert ("BLA", "invisible") in marks
            assert (dash, gap) == ("ink", "sea")
            assert nearest(img.getpixel((x - 6, y)), colours("standard")) == "TURKEY"
        else:
            assert not [m for m in marks if m[0] == "BLA"], viewer
            assert dash == "sea", viewer


def test_a_unit_aloft_is_drawn_over_its_province_and_listed_and_counted() -> None:
    x, y = map_picture("standard").unit_point("SMY")
    looks = {"balloon": BALLOON, "ink": INK, **colours("standard"), **neutral("standard")}
    for viewer in VIEWERS:
        rules, view = view_of(SPELLS, viewer)
        turkey = next(r for r in view.public.board if r.power == "TURKEY")
        assert "A SMY (aloft)" in turkey.units
        text = text_of(view)
        # Turkey: A BUL, A SMY aloft (and, for Turkey alone, F BLA). How many units a
        # power has is public: the text counts F BLA for all, naming it to Turkey alone;
        # the legend counts the units the map draws.
        count = 3 if viewer == "TURKEY" else 2
        counted = "3 units\n" if viewer == "TURKEY" else "3 units (1 unseen)\n"
        assert f"TURKEY: 3 centres, {counted}" in text, viewer
        assert "A SMY (aloft)" in text.split("Supply centres and units:")[1]
        legend = next(s for s in scene_of(view.public, []).standings if s.power == "TURKEY")
        assert legend.units == count
        img = decode(results_picture(rules, view))
        # The unit over its province, in Turkey's colour, the envelope above it.
        assert nearest(img.getpixel((x - 6, y - LIFT)), colours("standard")) == "TURKEY"
        assert nearest(img.getpixel((x, y - LIFT - 26)), looks) == "balloon", viewer
    _, view = view_of(SPELLS, "TURKEY")
    assert view.private is not None and "A SMY (aloft)" in view.private.units
