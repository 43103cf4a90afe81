"""Order and unit objects: the movement orders have hand-written constructors (they are
made for every unit of every phase); they must behave exactly like the generated ones,
and a variant's own subclass, which gets a generated constructor, must still get the
derived fields (the unit's province, the destination's province)."""

from __future__ import annotations

import dataclasses

import pytest

from gmbot.engine.orders import Convoy, Hold, Move, SupportHold, SupportMove
from gmbot.engine.state import Unit


@pytest.mark.parametrize(
    ("order", "text", "prov", "dest_prov"),
    [
        (Hold("RUSSIA", "F", "STP/SC"), "F STP/SC H", "STP", None),
        (Move("FRANCE", "F", "MAO", "SPA/NC"), "F MAO - SPA/NC", "MAO", "SPA"),
        (Move("ENGLAND", "A", "LON", "BEL", True), "A LON - BEL VIA CONVOY", "LON", "BEL"),
        (SupportHold("FRANCE", "A", "PAR", "A", "BUR"), "A PAR S A BUR", "PAR", None),
        (SupportMove("FRANCE", "F", "GAS", "F", "MAO", "SPA/NC"), "F GAS S F MAO - SPA/NC",
         "GAS", "SPA"),
        (Convoy("ENGLAND", "F", "NTH", "LON", "BEL"), "F NTH C A LON - BEL", "NTH", None),
    ],
)
def test_movement_orders_derive_their_provinces(order, text, prov, dest_prov) -> None:  # noqa: ANN001
    assert str(order) == text
    assert order.prov == prov
    if dest_prov:
        assert order.dest_prov == dest_prov
    # Keyword construction, replace() and equality work as with generated constructors.
    again = type(order)(**{f.name: getattr(order, f.name) for f in dataclasses.fields(order)
                           if f.init})
    assert again == order and hash(again) == hash(order)
    moved = dataclasses.replace(order, loc="BUR")
    assert moved.prov == "BUR" and moved.power == order.power


def test_a_variants_order_subclass_gets_the_derived_fields() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class PaidMove(Move):
        ducats: int = 0

    @dataclasses.dataclass(frozen=True, slots=True)
    class ColouredHold(Hold):
        colour: str = "red"

    move = PaidMove("ITALY", "F", "ION", "TUN", False, 3)
    assert (move.prov, move.dest_prov, move.ducats) == ("ION", "TUN", 3)
    hold = ColouredHold("ITALY", "F", "STP/NC")
    assert (hold.prov, hold.colour) == ("STP", "red")


def test_units_behave_like_dataclasses() -> None:
    unit = Unit("RUSSIA", "F", "STP/SC")
    assert unit.prov == "STP" and unit.attrs == {} and str(unit) == "F STP/SC"
    assert unit == Unit("RUSSIA", "F", "STP/SC", {"colour": "red"})  # attrs not compared
    moved = dataclasses.replace(unit, loc="BOT")
    assert moved.prov == "BOT" and moved.attrs is unit.attrs
    with pytest.raises(dataclasses.FrozenInstanceError):
        unit.loc = "FIN"  # type: ignore[misc]


def test_game_state_with_changes_only_what_it_is_given() -> None:
    from gmbot.engine.map import load_map
    from gmbot.engine.position import state_from_dict

    state = state_from_dict({}, load_map("standard"))
    after = state.with_(standoffs=frozenset({"BUR"}))
    assert after.standoffs == {"BUR"} and state.standoffs == frozenset()
    assert after.units is state.units and after.phase == state.phase
    assert after == dataclasses.replace(state, standoffs=frozenset({"BUR"}))
    with pytest.raises(TypeError):
        state.with_(armies={})
