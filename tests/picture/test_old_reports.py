"""Phases stored before the report had marks (version 1: no `version`, no `events`) are
read as they are: the same rows and notes, no marks, and a picture of orders and units."""

from __future__ import annotations

from gmbot.engine.report import REPORT_VERSION, marks_from
from gmbot.service.views.pictures import results_picture
from gmbot.service.views.results import results_view
from gmbot.variants.cases import case_outcome, result_to_dict

VAPORIZE = {"variant": "warlock", "phase": "S1901M",
            "orders": {"TURKEY": ["CAST VAPORIZE A BUD"], "AUSTRIA": ["A BUD - SER"]}}


def test_a_version_one_row_reads_without_marks() -> None:
    rules, outcome = case_outcome(VAPORIZE)
    new = {**result_to_dict(outcome), "version": REPORT_VERSION}
    old = {k: v for k, v in new.items() if k not in ("version", "events")}
    assert marks_from(new.get("events")) and marks_from(old.get("events")) == []
    start = outcome.start or outcome.before
    for viewer in (None, "AUSTRIA"):
        now = results_view(rules, start, outcome.after, new, viewer)
        then = results_view(rules, start, outcome.after, old, viewer)
        assert then["public"]["events"] == []
        assert {k: v for k, v in then["public"].items() if k != "events"} == \
            {k: v for k, v in now["public"].items() if k != "events"}
        assert then["private"] == now["private"]
        assert results_picture(rules, then) is not None
