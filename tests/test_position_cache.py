"""Decoded positions are kept by content (service/positions.py): the same stored position
is decoded once, and any change to it, however made, is decoded anew."""

from __future__ import annotations

import copy
from typing import Any

from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict
from gmbot.service.positions import decoded_state

START: dict[str, Any] = {"phase": "S1901M",
         "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN"]},
         "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN"]}}


def test_the_same_position_is_decoded_once_and_equals_a_fresh_decoding() -> None:
    gmap = load_map("standard")
    first = decoded_state(copy.deepcopy(START), gmap)
    again = decoded_state(copy.deepcopy(START), gmap)  # another read of the same row
    assert again is first
    assert first == state_from_dict(START, gmap)


def test_a_corrected_position_is_decoded_anew_even_when_changed_in_place() -> None:
    gmap = load_map("standard")
    data = copy.deepcopy(START)
    before = decoded_state(data, gmap)
    data["units"]["FRANCE"][0] = "A BUR"  # the same dict, changed (a GM's correction)
    after = decoded_state(data, gmap)
    assert "BUR" in after.units and "PAR" not in after.units
    assert "PAR" in before.units  # what was decoded before is not changed either


def test_a_position_on_another_map_is_its_own() -> None:
    data = {"phase": "S1901M", "units": {}, "centers": {}}
    standard = decoded_state(data, load_map("standard"))
    iberia = decoded_state(data, load_map("iberia"))
    assert standard.map is load_map("standard") and iberia.map is load_map("iberia")
