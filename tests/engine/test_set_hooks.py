"""The hooks a variant uses to refuse an order set as a whole (`check_set`), to turn its
own adjustment orders into builds (`before_adjustments`) and to add report lines
(`phase_notes`): each is called by the engine, and the defaults change nothing."""

from __future__ import annotations

from typing import Any

from gmbot.engine import StandardRules, adjudicate, load_map, state_from_dict
from gmbot.engine.adjudicate import accept_orders
from gmbot.engine.orders import Build, Move

MAP = load_map("standard")


class OneMove(StandardRules):
    """A toy variant: one move a turn; every winter England builds in London; a note."""

    def check_set(self, state, power, orders):
        moves = [o for o in orders if isinstance(o, Move)]
        return [(o, "one move a turn") for o in moves[1:]]

    def before_adjustments(self, state, orders):
        return state, [*orders, Build("ENGLAND", "F", "LON")]

    def phase_notes(self, result: Any) -> None:
        result.notes["public"] = [f"{len(result.accepted)} order(s) in {result.start.phase}"]


def test_check_set_refuses_with_its_reason() -> None:
    state = state_from_dict({"phase": "S1901M"}, MAP)
    lines = ["A PAR - BUR", "A MAR - SPA", "F BRE H"]
    kept, refused = accept_orders(state, OneMove(), "FRANCE", lines)
    assert [str(o) for o in kept] == ["A PAR - BUR", "F BRE H"]
    assert [(r.line, r.reason, r.prov) for r in refused] == [
        ("A MAR - SPA", "one move a turn", "MAR")]
    assert len(accept_orders(state, StandardRules(), "FRANCE", lines)[0]) == 3


def test_before_adjustments_and_phase_notes_reach_the_result() -> None:
    state = state_from_dict({"phase": "W1901A", "units": {"ENGLAND": ["A WAL"]},
                             "centers": {"ENGLAND": ["LON", "EDI", "LVP"]}}, MAP)
    out = adjudicate(state, OneMove(), {"ENGLAND": ["BUILD A EDI"]})
    assert sorted(out.built) == ["A EDI", "F LON"]
    assert out.notes["public"] == ["1 order(s) in W1901A"]
    plain = adjudicate(state, StandardRules(), {"ENGLAND": ["BUILD A EDI"]})
    assert plain.built == ["A EDI"] and "public" not in plain.notes
