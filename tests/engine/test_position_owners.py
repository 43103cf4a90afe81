"""`extra.owners`: keys besides the map's powers that may own units and centres in a
position (docs/position.md), and the `other_owners` hook that lists them in results."""

from __future__ import annotations

import pytest

from gmbot.engine import PositionError, load_map, state_from_dict, state_to_dict
from gmbot.engine.rules import StandardRules
from gmbot.service.views.results import board_summary

MAP = load_map("standard")
POSITION = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR"], "ROBIN": ["A BUR"]},
    "centers": {"FRANCE": ["PAR"], "ROBIN": ["BEL"]},
    "dislodged": {"A MUN": {"power": "ROBIN", "attacker_from": "RUH"}},
    "extra": {"owners": ["robin"]},
}


def test_a_listed_owner_round_trips() -> None:
    state = state_from_dict(POSITION, MAP)
    assert state.units["BUR"].power == "ROBIN" and state.centers["BEL"] == "ROBIN"
    assert state.dislodged["MUN"].unit.power == "ROBIN"
    assert state.powers == list(MAP.powers)  # an owner is no power
    data = state_to_dict(state)
    assert data["units"]["ROBIN"] == ["A BUR"] and data["centers"]["ROBIN"] == ["BEL"]
    assert state_to_dict(state_from_dict(data, MAP)) == data


def test_an_unlisted_owner_is_an_unknown_power() -> None:
    with pytest.raises(PositionError, match="units.ROBIN: unknown power 'ROBIN'"):
        state_from_dict({**POSITION, "extra": {}}, MAP)


def test_standard_rules_list_no_other_owner() -> None:
    rows = board_summary(state_from_dict(POSITION, MAP), StandardRules())
    assert [r.power for r in rows] == ["FRANCE"]
