"""The turn's bookkeeping while a phase is adjudicated: what the spells did this turn,
kept in `state.extra["_turn"]` between the hooks and turned into the phase's notes at
the end (`WarlockRules.phase_notes`). Never stored in a position."""

from __future__ import annotations

from typing import Any

from gmbot.engine.report import RULE, Fact, Mark
from gmbot.engine.state import GameState, Unit

TURN = "_turn"


def turn_of(state: GameState) -> dict[str, Any]:
    return state.extra.get(TURN) or {}


def with_turn(state: GameState) -> tuple[GameState, dict[str, Any]]:
    """The state with a turn record (created if missing), and the record to fill in."""
    turn = state.extra.get(TURN)
    if turn is None:
        turn = new_turn()
        state = state.with_(extra={**state.extra, TURN: turn})
    return state, turn


def new_turn() -> dict[str, Any]:
    return {
        "public": [], "private": {}, "random": [],
        "marks": [],  # the events as the picture draws them (engine/report.py)
        # per owner: rows of the report other viewers must not see; ghosts' rows for all
        "hidden_rows": {}, "ghost_rows": {},
        "rows": {},  # unit name -> [order text, result] for units the resolver never saw
        "rename": {},  # name after a double order's first leg -> name at the start
        "refused": [],  # [power, line, reason]
        "imperv": [], "bonus": {}, "blocked": [], "swap": {}, "victims": [], "ghosts": [],
        "cuts": [], "walked": [],
        "air_rows": {}, "landing": [], "landed": [],  # balloons
    }


def mark(turn: dict[str, Any], event: Mark) -> None:
    turn.setdefault("marks", []).append(event)


def fact(turn: dict[str, Any], unit: str, words: str, event: str, surprise: bool = True,
         seen_by: tuple[str, ...] | None = None, kind: str = RULE,
         names: tuple[str, ...] = ()) -> None:
    """What a spell did to a unit's order, for its results and EXPLAIN (engine/report.py):
    `surprise` puts it beside the result; `seen_by` keeps a secret cast's to those who may
    know it (a fact naming a unit a viewer may not see is never shown him either)."""
    turn.setdefault("facts", []).append(Fact(unit, kind, words, event, surprise, seen_by,
                                             names))


def private(turn: dict[str, Any], power: str, line: str) -> None:
    turn["private"].setdefault(power, []).append(line)


def with_attrs(unit: Unit, **changes: Any) -> Unit:
    """A copy of the unit with attributes set (None removes one): attrs are never shared."""
    attrs = {k: v for k, v in {**unit.attrs, **changes}.items() if v is not None}
    return Unit(unit.power, unit.type, unit.loc, attrs)
