"""Units lost outside the battles are marked where they were (issue 26, item 3): a
vaporized army no longer looks like a bounce, and each viewer's map shows such a loss
exactly when his text tells it."""

from __future__ import annotations

from msgspec.structs import replace

from gmbot.engine.record import report_of
from gmbot.engine.report import LOSS, Mark
from gmbot.engine.rules import StandardRules
from gmbot.picture.data import map_picture
from gmbot.picture.inks import INK
from gmbot.picture.scene import Loss, scene_of
from gmbot.service.views.pictures import results_picture
from gmbot.service.views.results import results_view
from gmbot.service.views.shown import PublicView, View
from gmbot.variants.cases import case_outcome
from tests.picture.mapkit import colours, decode, nearest, neutral

VAPORIZE = {"variant": "warlock", "phase": "S1901M", "orders": {
    "TURKEY": ["CAST VAPORIZE A BUD", "A CON - BUL"], "AUSTRIA": ["A BUD - SER"]}}


def vaporized(viewer: str) -> tuple[StandardRules, View]:
    rules, outcome = case_outcome(VAPORIZE)
    return rules, results_view(rules, outcome.before, outcome.after,
                               report_of(outcome), viewer)


def test_a_vaporized_army_is_crossed_out_where_it_stood_on_every_map() -> None:
    x, y = map_picture("standard").unit_point("BUD")
    looks = {"ink": INK, **neutral("standard")}
    for viewer in ("AUSTRIA", "TURKEY", "ENGLAND"):
        rules, view = vaporized(viewer)
        assert any("A BUD (Austria) is vaporized" in n for n in view.public.notes)
        scene = scene_of(view.public, [])
        assert scene.losses == [Loss("A", "BUD", "vaporized")]
        # Its order is not drawn as a failed move (it looked like a bounce).
        assert not [s for s in scene.strokes if s.src == "BUD"]
        img = decode(results_picture(rules, view))
        # The empty outline, crossed out: ink on its diagonals and middle, white between.
        for dx, dy in ((0, 0), (-4, -4), (4, 4), (-4, 4), (4, -4)):
            assert nearest(img.getpixel((x + dx, y + dy)), looks) == "ink", (viewer, dx, dy)
        assert nearest(img.getpixel((x - 5, y)), looks) == "white", viewer
        # "vaporized" is written under it, on a white tag.
        tag = [img.getpixel((x + i, y + j)) for i in range(-20, 21) for j in range(12, 20)]
        assert any(nearest(p, looks) == "ink" for p in tag)
        assert sum(nearest(p, looks) == "white" for p in tag) > len(tag) // 2
        # Austria's other units are still drawn as such.
        vie = map_picture("standard").unit_point("VIE")
        assert nearest(img.getpixel((vie[0] - 6, vie[1])), colours("standard")) == "AUSTRIA"


def test_no_loss_is_marked_that_the_viewers_text_does_not_tell() -> None:
    _, view = vaporized("ENGLAND")
    public = view.public
    # The picture draws the report's marks, never what the notes' English says.
    told = replace(public, events=[m for m in public.events if m.kind != LOSS])
    assert public.notes and scene_of(told, []).losses == []


def test_every_loss_mark_is_drawn_where_it_says() -> None:
    """A variant's losses come as loss marks (engine/report.py): the picture draws each
    without knowing the variant; a second loss at the same place is drawn once."""
    events = [Mark(LOSS, "NTH", "drowned", unit="F", words="drowned"),
              Mark(LOSS, "MUN", "beached", unit="F", words="beached"),
              Mark(LOSS, "PAR", "catastrophe", unit="A", words="destroyed"),
              Mark(LOSS, "STP/NC", "destroyed by the bottle", unit="F", words="destroyed"),
              Mark(LOSS, "PAR", "again", unit="A", words="melted")]
    scene = scene_of(PublicView("", "", events=events), [])
    assert scene.losses == [Loss("F", "NTH", "drowned"), Loss("F", "MUN", "beached"),
                            Loss("A", "PAR", "destroyed"), Loss("F", "STP/NC", "destroyed")]


def test_a_vaporized_units_row_is_its_owners_in_a_cases_view() -> None:
    """The row of a unit a spell took away before the battle is filed under its owner (it
    was under "?", the view being built from the state the battle saw)."""
    from gmbot.service.views.pictures import case_view

    for viewer in ("ENGLAND", "AUSTRIA", None):
        _, view = case_view(VAPORIZE, viewer)
        orders = view.public.orders
        assert "?" not in orders
        assert [r.result for r in orders["AUSTRIA"] if r.unit == "A BUD"] == ["vaporized"]
