"""Al-Andalus Wazirs at their courts, a Wazir-General's unit disbanded, and Capitalist
bribed units on the map (issue 26, item 3): drawn on every map, as every viewer's text
tells them (courts, dinars and bribes' totals are public; a briber is never named)."""

from __future__ import annotations

from typing import Any

from gmbot.engine.map import load_map
from gmbot.picture.data import map_picture
from gmbot.picture.inks import INK, WHY
from gmbot.picture.marks import COURT
from gmbot.picture.scene import Loss, scene_of
from gmbot.service.views.pictures import case_view, results_picture
from gmbot.variants.al_andalus.report import seat
from tests.picture.mapkit import colours, decode, nearest, neutral

COURTS = {"variant": "al-andalus", "phase": "S1080M",
          "extra": {"wazirs": {"nanook": {"court": "CASTILLE", "dinars": 1},
                               "amir": {"court": None, "dinars": 0}}},
          "orders": {"CASTILLE": ["A BUR H", "F GAL - AST", "A LEO - ZAM"]}}
GENERAL_LOST = {
    "variant": "al-andalus", "options": {"wazir_generals": True}, "phase": "F1083M",
    "units": {"NANOOK": [{"unit": "A BAZ", "general": "NANOOK"}], "GRANADA": ["A GRA"]},
    "centers": {"NANOOK": ["ALM"], "GRANADA": ["GRA", "JAE"]},
    "extra": {"owners": ["NANOOK"],
              "wazirs": {"NANOOK": {"court": None, "dinars": 2, "centres": ["ALM"]}}},
    "orders": {"GRANADA": ["A GRA - ALM"], "NANOOK": ["A BAZ H"]}}
CAPITALS = {"ENGLAND": {"capital": "LON", "balance": 0},
            "FRANCE": {"capital": "POR", "balance": 0},
            "RUSSIA": {"capital": "DEN", "balance": 0}}
BRIBE = {"variant": "capitalist", "phase": "S1900M",
         "units": {"ENGLAND": ["F LON"], "FRANCE": ["A POR"], "RUSSIA": ["F DEN"]},
         "centers": {"ENGLAND": ["LON"], "FRANCE": ["POR"], "RUSSIA": ["DEN"]},
         "homes": {"ENGLAND": ["LON"], "FRANCE": ["POR"], "RUSSIA": ["DEN"]},
         "powers": CAPITALS,
         "orders": {"ENGLAND": ["F LON - NTH (1)"], "FRANCE": ["BRIBE F LON - YOR (2)"]}}


def picture_bytes(rules: Any, view: Any) -> bytes:
    """The results picture of a view (every view here has one)."""
    png = results_picture(rules, view)
    assert png is not None
    return png


def rgb(img: Any, xy: tuple[int, int]) -> tuple[int, int, int]:
    """A pixel's colour as (r, g, b)."""
    pixel = img.getpixel(xy)
    assert isinstance(pixel, tuple)
    return (pixel[0], pixel[1], pixel[2])


def test_a_court_is_its_princes_own_city() -> None:
    iberia = load_map("iberia")
    assert {p: seat(iberia, p) for p in iberia.powers} == {
        "CASTILLE": "BUR", "ZARAGOZA": "ZAR", "BADAJOZ": "BAD", "SEVILLE": "SEV",
        "GRANADA": "GRA"}


def test_a_wazir_is_named_at_his_princes_court_on_every_map() -> None:
    # Above the unit standing on the court's city (A BUR), clear of it (issue 32).
    x, y = map_picture("iberia").unit_point("BUR")
    y -= 8
    looks = {"paper": COURT, "ink": INK, **neutral("iberia")}
    for viewer in ("CASTILLE", "GRANADA", "nanook", None):
        rules, view = case_view(COURTS, viewer)
        assert "  Wazir NANOOK: at the court of Kingdom of Castille, 2 dinars" in \
            view.public.notes
        # A free agent serves no court: only NANOOK is marked.
        assert scene_of(view.public, []).tags == {"BUR": ["Wazir NANOOK"]}
        img = decode(picture_bytes(rules, view))
        tag = [nearest(rgb(img, (x + i, y - 14 + j)), looks)
               for i in range(-25, 26) for j in range(-4, 4)]
        assert tag.count("paper") > len(tag) // 3, viewer
        assert "ink" in tag, viewer
    # Without the court, no tag there.
    rules, view = case_view({**COURTS, "extra": {"wazirs": {
        "nanook": {"court": None, "dinars": 1}}}}, "GRANADA")
    assert scene_of(view.public, []).tags == {}
    img = decode(picture_bytes(rules, view))
    tag = [nearest(rgb(img, (x + i, y - 14 + j)), looks)
           for i in range(-25, 26) for j in range(-4, 4)]
    assert tag.count("paper") < len(tag) // 10


def test_a_courts_tag_moves_with_the_city_and_clears_the_unit_on_it() -> None:
    """Castille lost BUR in the phase: the tag stands on a city he still holds, not on
    BUR; and the fleet on that city is drawn whole under its tag."""
    lost = {**COURTS, "phase": "F1080M",
            "units": {"CASTILLE": ["A LEO", "F GAL"], "ZARAGOZA": ["A PAM", "A MED"]},
            "centers": {"CASTILLE": ["BUR", "GAL", "LEO"], "ZARAGOZA": ["ZAR"]},
            "orders": {"ZARAGOZA": ["A PAM - BUR", "A MED S A PAM - BUR"],
                       "CASTILLE": ["A LEO H", "F GAL H"]}}
    rules, view = case_view(lost, "CASTILLE")
    # Its first home centre he still holds.
    assert scene_of(view.public, []).tags == {"GAL": ["Wazir NANOOK"]}
    pic = map_picture("iberia")
    img = decode(picture_bytes(rules, view))
    ux, uy = pic.unit_point("GAL")
    looks = {"paper": COURT, "ink": INK, **neutral("iberia"), **colours("iberia")}
    tag = [nearest(rgb(img, (ux + i, uy - 22 + j)), looks)
           for i in range(-20, 21) for j in range(-3, 3)]
    assert tag.count("paper") > len(tag) // 3
    # The fleet is not covered by the tag.
    assert nearest(rgb(img, (ux - 5, uy + 3)), colours("iberia")) == "CASTILLE"
    bx, by = pic.unit_point("BUR")
    near_bur = [nearest(rgb(img, (bx + i, by - 22 + j)), looks)
                for i in range(-20, 21) for j in range(-3, 3)]
    assert near_bur.count("paper") < len(near_bur) // 10


def test_a_wazir_generals_disbanded_unit_is_crossed_out_on_every_map() -> None:
    x, y = map_picture("iberia").unit_point("BAZ")
    looks = {"ink": INK, **neutral("iberia")}
    for viewer in ("GRANADA", "NANOOK", "CASTILLE", None):
        rules, view = case_view(GENERAL_LOST, viewer)
        scene = scene_of(view.public, [])
        assert scene.losses == [Loss("A", "BAZ", "disbanded")]
        img = decode(picture_bytes(rules, view))
        for dx, dy in ((0, 0), (-4, -4), (4, 4), (-4, 4), (4, -4)):
            assert nearest(rgb(img, (x + dx, y + dy)), looks) == "ink", (viewer, dx, dy)
        assert nearest(rgb(img, (x - 5, y)), looks) == "white", viewer


def test_a_bribed_unit_is_captioned_on_every_map_without_its_briber() -> None:
    x, y = map_picture("standard").unit_point("LON")
    looks = {"paper": WHY, "ink": INK, **neutral("standard")}
    for viewer in ("ENGLAND", "FRANCE", "RUSSIA", None):
        rules, view = case_view(BRIBE, viewer)
        assert ("ENGLAND's F LON, ordered to move to NTH and paid 1, was offered 2 to move to "
                "YOR: the 2 to move to YOR beat its owner's pay of 1, so it carried that out, "
                "and the 2 was paid.") in view.public.notes
        scene = scene_of(view.public, [])
        assert scene.why == {"LON": "bribed"}
        img = decode(picture_bytes(rules, view))
        box = [nearest(rgb(img, (x + i, y + j)), looks)
               for i in range(-16, 17) for j in range(12, 20)]
        assert box.count("paper") > len(box) // 3, viewer
        assert "ink" in box, viewer
        # The fleet went where the bribe sent it, in England's colour.
        yx, yy = map_picture("standard").unit_point("YOR")
        assert nearest(rgb(img, (yx - 6, yy)), colours("standard")) == "ENGLAND"


def test_a_bribe_refused_marks_nothing() -> None:
    refused = {**BRIBE, "orders": {"ENGLAND": ["F LON - NTH (3)"],
                                   "FRANCE": ["BRIBE F LON - YOR (2)"]}}
    for viewer in ("ENGLAND", "FRANCE"):
        _, view = case_view(refused, viewer)
        assert ("ENGLAND's F LON, ordered to move to NTH and paid 3, was offered 2 to move "
                "to YOR: no bribe beat its owner's pay of 3, so it followed its order; no "
                "bribe was paid.") in view.public.notes
        assert scene_of(view.public, []).why == {}
