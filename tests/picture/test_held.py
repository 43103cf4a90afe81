"""A unit that executed other than its owner's order is captioned with why (issue 26,
item 3): an Al-Andalus auto-hold, ARREST or PLUNDER, from the same reason its results
rows give."""

from __future__ import annotations

from msgspec.structs import replace
from PIL import ImageChops

from gmbot.engine.record import report_of
from gmbot.engine.state import Unit
from gmbot.picture.data import map_picture
from gmbot.picture.inks import INK, WHY
from gmbot.picture.scene import scene_of
from gmbot.service.views.pictures import results_picture
from gmbot.service.views.results import results_view
from gmbot.variants.al_andalus.report import held_mark
from gmbot.variants.cases import case_outcome
from tests.picture.mapkit import colours, decode, nearest, neutral

# Every Prince orders every unit to move: one unit of each holds (auto-hold).
EVERY_UNIT = {"variant": "al-andalus", "phase": "S1080M", "orders": {
    "CASTILLE": ["A BUR - MED", "F GAL - AST", "A LEO - ZAM"],
    "ZARAGOZA": ["A LLE - BAR", "F TOR - GOV", "A ZAR S A LLE"]}}


def test_an_auto_hold_is_captioned_under_the_unit() -> None:
    rules, outcome = case_outcome(EVERY_UNIT)
    view = results_view(rules, outcome.before, outcome.after, report_of(outcome),
                        "ZARAGOZA")
    owner = {r.unit.partition(" ")[2]: power
             for power, rows in view.public.orders.items() for r in rows
             if r.why.startswith("auto-hold")}
    held = set(owner)
    assert {"GAL", "TOR"} <= held  # one unit of each Prince who ordered every unit
    scene = scene_of(view.public, [])
    assert scene.why == {loc: "auto-hold" for loc in held}
    img = decode(results_picture(rules, view))
    looks = {"paper": WHY, "ink": INK, **neutral("iberia")}
    for loc in held:
        x, y = map_picture("iberia").unit_point(loc)
        box = [nearest(img.getpixel((x + i, y + j)), looks)
               for i in range(-18, 19) for j in range(12, 21)]
        assert box.count("paper") > len(box) // 3, loc  # the caption's paper ...
        assert "ink" in box, loc  # ... with its word
        # The unit itself is still drawn, in its power's colour.
        assert nearest(img.getpixel((x - 6, y)), colours("iberia")) == owner[loc]
    # Without the marks, the same picture has no captions, and differs only there.
    bare = replace(view.public, events=[m for m in view.public.events if m.kind != "label"])
    plain = decode(results_picture(rules, replace(view, public=bare)))
    # (The PNG's palette may shift a shade elsewhere: only real differences count.)
    diff = ImageChops.difference(img, plain).convert("L").point(
        lambda v: 255 if v > 40 else 0).getbbox()
    assert diff is not None
    boxes = [map_picture("iberia").unit_point(loc) for loc in held]
    x0, y0, x1, y1 = diff
    assert min(x for x, _ in boxes) - 40 <= x0 and x1 <= max(x for x, _ in boxes) + 40
    assert min(y for _, y in boxes) <= y0 and y1 <= max(y for _, y in boxes) + 24


def why_word(why: str) -> str:
    mark = held_mark(Unit("CASTILLE", "A", "BUR"), why)
    return mark.words if mark is not None else ""


def test_the_caption_words() -> None:
    assert why_word("auto-hold: the Prince ordered every unit") == "auto-hold"
    assert why_word("plundered by Wazir ALI: all units hold") == "plundered"
    assert why_word("held by ARREST: all units hold") == "arrest"
    assert why_word("held: no orders (NMR), which acts as ARREST") == "arrest"
    assert why_word("ordered by Wazir ALI") == ""
