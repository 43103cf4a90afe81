"""What a picture draws of each row comes from its typed steps: read from the stored order
line with the judge's own grammar (a standard row stores none), or given by the variant
for a row the grammar does not read (a Warlock double order's two legs)."""

from __future__ import annotations

from gmbot.engine.report import read_report
from gmbot.picture.scene import Stroke, scene_of
from gmbot.service.views.results import results_view
from gmbot.variants.cases import case_outcome, result_to_dict

CONVOY: dict[str, object] = {"variant": "standard", "phase": "S1901M",
          "units": {"ENGLAND": ["F NTH", "A YOR", "F ENG"], "FRANCE": ["F BRE"]},
          "orders": {"ENGLAND": ["F NTH C A YOR - BEL", "A YOR - BEL", "F ENG S A YOR - BEL"],
                     "FRANCE": ["F BRE H"]}}

DOUBLE: dict[str, object] = {"variant": "warlock", "phase": "S1901M",
          "orders": {"FRANCE": ["CAST DOUBLE A MAR - SPA - POR"]}}


def strokes(case: dict[str, object], power: str) -> tuple[set[Stroke], dict[str, object]]:
    rules, outcome = case_outcome(case)
    stored = result_to_dict(outcome)
    view = results_view(rules, outcome.start or outcome.before, outcome.after,
                        read_report(stored), None)
    return {s for s in scene_of(view.public, []).strokes if s.power == power}, stored


def test_a_standard_rows_strokes_are_read_from_its_order_line() -> None:
    drawn, stored = strokes(CONVOY, "ENGLAND")
    assert "steps" not in stored  # the stored row is as it was
    assert drawn == {Stroke("convoy", "ENGLAND", "NTH", "BEL", "YOR", type="F"),
                     Stroke("move", "ENGLAND", "YOR", "BEL"),
                     Stroke("support", "ENGLAND", "ENG", "BEL", "YOR", type="F")}


def test_a_double_order_draws_both_legs() -> None:
    drawn, stored = strokes(DOUBLE, "FRANCE")
    assert {("MAR", "SPA"), ("SPA", "POR")} <= {(s.src, s.dst) for s in drawn
                                                if s.kind == "move"}
    assert stored["steps"] == {"A MAR": [{"kind": "move", "at": "MAR", "to": "SPA"},
                                         {"kind": "move", "at": "SPA", "to": "POR"}]}
