"""Phases stored before the report had marks (version 1: no `version`, no `events`) are
read as they are: the same rows and notes, no marks, and a picture of orders and units."""

from __future__ import annotations

from msgspec.structs import replace

from gmbot.engine.map import load_map
from gmbot.engine.report import (
    LABEL,
    REPORT_VERSION,
    STRIPES,
    TAG,
    Mark,
    current_form,
    marks_from,
    read_report,
)
from gmbot.picture.data import map_picture
from gmbot.picture.draw import render
from gmbot.picture.scene import scene_of
from gmbot.service.views.pictures import results_picture
from gmbot.service.views.results import results_view
from gmbot.service.views.shown import PublicView
from gmbot.variants.cases import case_outcome, result_to_dict

VAPORIZE = {"variant": "warlock", "phase": "S1901M",
            "orders": {"TURKEY": ["CAST VAPORIZE A BUD"], "AUSTRIA": ["A BUD - SER"]}}

ARPIESSE = {"variant": "arpiesse", "units": {"GERMANY": [{"unit": "A PRU", "colour": "red"}],
                                             "RUSSIA": [{"unit": "A WAR", "colour": "silver"}]},
            "orders": {"GERMANY": ["A PRU - WAR"], "RUSSIA": ["A WAR H"]}}


def test_a_version_one_row_reads_without_marks() -> None:
    rules, outcome = case_outcome(VAPORIZE)
    new = {**result_to_dict(outcome), "version": REPORT_VERSION}
    old = {k: v for k, v in new.items() if k not in ("version", "events")}
    assert marks_from(new.get("events")) and marks_from(old.get("events")) == []
    start = outcome.start or outcome.before
    for viewer in (None, "AUSTRIA"):
        now = results_view(rules, start, outcome.after, read_report(new), viewer)
        then = results_view(rules, start, outcome.after, read_report(old), viewer)
        assert then.public.events == []
        assert replace(then.public, events=[]) == replace(now.public, events=[])
        assert then.private == now.private
        assert results_picture(rules, then) is not None


def test_a_version_two_row_reads_without_facts() -> None:
    """Rows stored before the facts (version 2), in the current form (as migration 0023
    and an import make them): no facts, no reasons, told as adjudicated unreasoned."""
    rules, outcome = case_outcome(ARPIESSE)
    new = result_to_dict(outcome)
    old = current_form({**{k: v for k, v in new.items() if k != "facts"}, "version": 2})
    assert read_report(new).facts and read_report(new).reasoned
    assert current_form(new) is new and "reasoned" not in new
    assert read_report(old).facts == [] and read_report(old).version == REPORT_VERSION
    assert not read_report(old).reasoned
    now = results_view(rules, outcome.before, outcome.after, read_report(new), None)
    then = results_view(rules, outcome.before, outcome.after, read_report(old), None)
    row = next(r for r in now.public.orders["GERMANY"] if r.unit == "A PRU")
    assert "superior" in row.why
    assert next(r for r in then.public.orders["GERMANY"]
                if r.unit == "A PRU").why == ""


def test_a_new_variants_marks_are_drawn_without_the_picture_knowing_it() -> None:
    """Marks of words no variant of today uses are drawn by their kind alone."""
    gmap = load_map("standard")
    centres = [c for c, p in gmap.provinces.items() if p.sc]
    bare = render(scene_of(PublicView("S1901M", ""), centres), gmap)
    events = [Mark(STRIPES, "BOH", "flood", words="flooded"),
              Mark(TAG, "PAR", "guild", words="Guild of Paris"),
              Mark(LABEL, "MUN", "sulk", words="sulking")]
    scene = scene_of(PublicView("S1901M", "", events=events), centres)
    assert scene.tags == {"PAR": ["Guild of Paris"]} and scene.why == {"MUN": "sulking"}
    img = render(scene, gmap)
    pic = map_picture("standard")
    for prov, (dx, dy) in (("BOH", (0, 0)), ("PAR", (0, -14)), ("MUN", (0, 16))):
        x, y = pic.centres[prov] if prov == "PAR" else pic.unit_point(prov)
        around = [(x + dx + i, y + dy + j) for i in range(-6, 7) for j in range(-3, 4)]
        assert any(img.getpixel(p) != bare.getpixel(p) for p in around), prov
