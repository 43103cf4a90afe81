"""What one phase's adjudication gives: the next position, each unit's order and result,
refused lines and the variant's notes (the shape results mails and cases read)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmbot.engine.orders import Order
from gmbot.engine.report import Fact, Mark, Step
from gmbot.engine.state import Dislodged, GameState


@dataclass(frozen=True)
class Rejection:
    power: str
    line: str
    reason: str
    prov: str | None = None  # the unit the line was about, when it can be told
    at: int | None = None  # the line's place among the mail's lines (corrections.py)
    # The unit a later line of the mail gave an order that stands: the player corrected
    # this line himself, and it does not hold early processing (corrections.py).
    corrected: str | None = None


@dataclass
class PhaseResult:
    before: GameState
    after: GameState  # the game at its next phase
    orders: dict[str, str] = field(default_factory=dict)  # unit -> order as executed
    # Where the executed order is not simply its owner's order as given (a variant merges,
    # overrides or holds orders): unit -> the order(s) the players gave, and unit -> why
    # the unit executed what it did. Results show them beside the executed order.
    given: dict[str, str] = field(default_factory=dict)
    why: dict[str, str] = field(default_factory=dict)
    # unit -> the strokes of a row a variant wrote in other than the judge's grammar
    # (engine/report.py's PhaseReport.steps).
    steps: dict[str, list[Step]] = field(default_factory=dict)
    results: dict[str, str] = field(default_factory=dict)  # unit -> result code
    moves: dict[str, str] = field(default_factory=dict)  # unit -> where it went
    dislodged: dict[str, Dislodged] = field(default_factory=dict)  # after movement
    retreats: dict[str, list[str]] = field(default_factory=dict)  # unit -> options
    built: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # ordered and civil disorder
    civil_disorder: list[str] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    winner: str | None = None
    eliminated: list[str] = field(default_factory=list)
    notes: dict[str, Any] = field(default_factory=dict)  # variant reports
    # The variants' events as marks (engine/report.py): what the picture draws and the
    # explanations are made from.
    marks: list[Mark] = field(default_factory=list)
    # What the adjudicator weighed for each unit's order (engine/facts.py, and the
    # variants' hooks): what the results' reasons and EXPLAIN are made of.
    facts: list[Fact] = field(default_factory=list)
    # For rules.phase_notes: the phase's state as given (before any before_* hook) and the
    # orders accepted for it.
    start: GameState | None = None
    accepted: list[Order] = field(default_factory=list)
