"""An Arpiesse exchange of colours is drawn (issue 26, item 3): an arrow each way between
the two units, from the results line that tells it."""

from __future__ import annotations

import math

from gmbot.engine.record import report_of
from gmbot.picture.data import map_picture
from gmbot.picture.inks import INK, SWAP
from gmbot.picture.scene import scene_of
from gmbot.service.views.pictures import results_picture
from gmbot.service.views.results import results_view
from gmbot.service.views.shown import PublicView
from gmbot.variants.cases import case_outcome
from tests.picture.mapkit import decode, nearest, neutral

EXCHANGE = {"variant": "arpiesse", "phase": "S1901M",
            "units": {"RUSSIA": [{"unit": "F STP/SC", "colour": "red"}],
                      "ENGLAND": [{"unit": "F NWY", "colour": "purple"}]},
            "orders": {"RUSSIA": ["F STP/SC X F NWY"], "ENGLAND": ["F NWY X F STP"]}}


def test_an_exchange_is_an_arrow_each_way() -> None:
    rules, outcome = case_outcome(EXCHANGE)
    view = results_view(rules, outcome.before, outcome.after, report_of(outcome), None)
    assert "F NWY and F STP/SC exchange colours: F NWY (red), F STP/SC (purple)." in \
        view.public.notes
    assert scene_of(view.public, []).exchanges == [("NWY", "STP/SC")]
    img = decode(results_picture(rules, view))
    pic = map_picture("standard")
    a, b = pic.unit_point("NWY"), pic.unit_point("STP/SC")
    length = math.dist(a, b)
    nx, ny = -(b[1] - a[1]) / length * 4, (b[0] - a[0]) / length * 4
    looks = {"swap": SWAP, "ink": INK, **neutral("standard")}
    for t in (0.35, 0.5, 0.65):  # along both shafts, one on each side of the line
        mid = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        for side in (1, -1):
            p = (round(mid[0] + nx * side), round(mid[1] + ny * side))
            assert nearest(img.getpixel(p), looks) == "swap", (t, side)


def test_no_arrow_for_an_exchange_that_did_not_happen() -> None:
    notes = ["F ADR (purple) and A TRI (silver) do not exchange colours: one of them was "
             "dislodged."]
    assert scene_of(PublicView("", "", notes=notes), []).exchanges == []
