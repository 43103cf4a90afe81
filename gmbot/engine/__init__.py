"""The pure adjudication engine: no I/O, no database, no mail."""

from gmbot.engine.adjudicate import accept_orders, adjudicate
from gmbot.engine.map import GameMap, load_map
from gmbot.engine.position import PositionError, state_from_dict, state_to_dict
from gmbot.engine.result import PhaseResult, Rejection
from gmbot.engine.rules import StandardRules, compose
from gmbot.engine.state import GameState, Phase, Unit

__all__ = [
    "GameMap", "GameState", "Phase", "PhaseResult", "PositionError", "Rejection",
    "StandardRules", "Unit", "accept_orders", "adjudicate", "compose", "load_map",
    "state_from_dict", "state_to_dict",
]
