"""The legend of the powers below every map: each power's colour, name, centres and units,
counted from the viewer's own view (issue 26, item 3): a Warlock player does not count
another power's unit he cannot see."""

from __future__ import annotations

from typing import Any

from gmbot.engine.record import report_of
from gmbot.picture.data import map_picture
from gmbot.picture.legend import entry_text, layout
from gmbot.picture.scene import Standing, scene_of
from gmbot.service.views.pictures import results_picture
from gmbot.service.views.results import results_view
from gmbot.variants.cases import case_outcome
from tests.picture.mapkit import decode, nearest, neutral

INVISIBLE = {"variant": "warlock", "phase": "S1901M", "orders": {
    "TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON - BUL", "A SMY H"],
    "ENGLAND": ["F EDI - NTH", "F LON - ENG", "A LVP - YOR"]}}


def legend_of(viewer: str) -> tuple[Any, dict[str, Standing], Any]:
    rules, outcome = case_outcome(INVISIBLE)
    view = results_view(rules, outcome.before, outcome.after, report_of(outcome), viewer)
    standings = {s.power: s for s in scene_of(view.public, []).standings}
    return view, standings, decode(results_picture(rules, view))


def test_a_viewer_does_not_count_a_unit_he_cannot_see() -> None:
    _, english, _ = legend_of("ENGLAND")
    _, turkish, _ = legend_of("TURKEY")
    assert (turkish["TURKEY"].centres, turkish["TURKEY"].units) == (3, 3)
    assert (english["TURKEY"].centres, english["TURKEY"].units) == (3, 2)
    assert english["ENGLAND"] == Standing("ENGLAND", "England", 3, 3)
    assert entry_text(english["TURKEY"]) == "Turkey: 3 centres, 2 units"
    assert entry_text(Standing("X", "Xia", 1, 1)) == "Xia: 1 centre, 1 unit"


def test_the_legend_shows_every_power_in_its_colour() -> None:
    view, standings, img = legend_of("ENGLAND")
    width, height = map_picture("standard").size
    assert img.width == width and img.height > height
    entries, strip = layout(list(standings.values()), width, height)
    assert img.height == height + strip
    assert [e.power for e in entries] == [r.power for r in view.public.board]
    assert len(entries) == 7
    for e in entries:
        x0, y0, x1, y1 = e.swatch
        assert y0 > height  # below the map, which keeps every map point where it was
        pixel = img.getpixel(((x0 + x1) // 2, (y0 + y1) // 2))
        assert nearest(pixel, neutral("standard")) == e.power  # the PNG's palette is near
        # The text is written beside the swatch: dark ink on the white strip.
        x, y = e.at
        ink = [img.getpixel((x + i, y + j)) for i in range(60) for j in range(-5, 6)]
        assert any(sum(p) < 150 for p in ink), e.power
    # Between the entries the strip is bare.
    last = entries[-1]
    assert nearest(img.getpixel((width - 3, last.at[1])), neutral("standard")) == "white"
