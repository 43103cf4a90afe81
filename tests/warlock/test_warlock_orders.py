"""Casts as the service stores them: an accepted line is kept as its canonical text
(`str(order)`), which must read back to the same order, whatever synonym the player
wrote."""

from __future__ import annotations

import pytest

from gmbot.engine import accept_orders, load_map, state_from_dict
from gmbot.engine.adjudicate import adjudicate
from gmbot.variants import make_rules
from gmbot.variants.cases import run_case
from gmbot.variants.warlock.spells import SPELLS, TOTAL_USES

MAP = load_map("standard")
RULES = make_rules("warlock")
STATE = state_from_dict({
    "phase": "S1901M",
    "units": {"ENGLAND": ["F NTH", "A EDI", "F LON"], "FRANCE": ["A PAR", "F BRE"],
              "GERMANY": ["A MUN"], "RUSSIA": ["F SEV"]},
    "centers": {"FRANCE": ["PAR", "BRE", "MAR"], "ENGLAND": ["EDI", "LON", "LVP"]},
}, MAP)

LINES = {
    "ENGLAND": [
        "cast vaporise a mun", "CAST double orders F NTH convoy A EDI to Norway",
        "Cast X2 army Edinburgh -> Norway -> Sweden", "CAST ADD ONE SUPPORT A PAR - BUR",
        "CAST ADD TWO SUPPORTS A MUN", "CAST CUT 2 SUPPORTS attacking Trieste, defence SER",
        "CAST SUPER HOLD F LON", "CAST MAKE INVISIBLE F NTH - NWG",
        "CAST WALK ON WATER A EDI - NTH", "CAST SPIN THE BOTTLE",
        "CAST CATASTROPHY Burgundy", "CAST GHOST F LON - ENG", "CAST BALLOON A PAR",
    ],
    "FRANCE": ["CAST MOVE HOME SC PAR - BUR", "CAST EXTRA BUILD", "CAST CUT SUPPORT INTO MUN",
               "CAST ILLUSIONIST Paris and Moscow", "CAST SWIM IN LAND F BRE - PAR"],
    "RUSSIA": ["CAST SWIM IN LAND F SEV - UKR"],
}


@pytest.mark.parametrize("power", sorted(LINES))
def test_casts_read_back_from_their_canonical_text(power: str) -> None:
    orders, rejected = accept_orders(STATE, RULES, power, LINES[power])
    assert rejected == []
    assert len(orders) == len(LINES[power])
    texts = [str(o) for o in orders]
    again, rejected = accept_orders(STATE, RULES, power, texts)
    assert rejected == []
    assert [str(o) for o in again] == texts
    assert again == orders


def test_the_canonical_texts() -> None:
    orders, _ = accept_orders(STATE, RULES, "ENGLAND", LINES["ENGLAND"][:4])
    assert [str(o) for o in orders] == [
        "CAST VAPORIZE A MUN", "CAST DOUBLE ORDERS F NTH C A EDI - NWY",
        "CAST DOUBLE ORDERS A EDI - NWY - SWE", "CAST ADD 1 SUPPORT A PAR - BUR",
    ]


def test_nineteen_uses_of_eighteen_spells() -> None:
    assert TOTAL_USES == 19 and len(SPELLS) == 18 and SPELLS["double"].count == 2


def test_casts_are_refused_outside_movement_phases_save_the_winter_extra_build() -> None:
    winter = STATE.with_(phase=STATE.phase.parse("W1901A"))
    orders, rejected = accept_orders(winter, RULES, "FRANCE",
                                     ["CAST EXTRA BUILD", "CAST VAPORIZE A MUN"])
    assert [str(o) for o in orders] == ["CAST EXTRA BUILD"]  # "(Winter)" in the text
    assert [r.reason for r in rejected] == [
        "spells are cast with the orders of a Spring or Fall movement phase"
        " (EXTRA BUILD also in the winter)"]


def test_another_powers_invisible_unit_is_answered_as_an_empty_province() -> None:
    seen = state_from_dict({"phase": "S1901M", "units": {
        "TURKEY": [{"unit": "A BUL", "invisible": "CON"}], "RUSSIA": ["A RUM"]}}, MAP)
    empty = state_from_dict({"phase": "S1901M", "units": {"RUSSIA": ["A RUM"]}}, MAP)
    lines = ["A BUL - SER", "A RUM S A BUL - SER", "A RUM S A BUL", "CAST VAPORIZE A BUL",
             "CAST ADD 1 SUPPORT A BUL"]
    for line in lines:
        kept, hidden = accept_orders(seen, RULES, "RUSSIA", [line])
        kept_blank, blank = accept_orders(empty, RULES, "RUSSIA", [line])
        assert [r.reason for r in hidden] == [r.reason for r in blank], line
        assert [str(o) for o in kept] == [str(o) for o in kept_blank], line
        # A support of a unit not seen waits for the first legs of double orders (the
        # rulings): accepted alike, with the same note, and refused alike at adjudication.
        assert (hidden != []) == (" S " not in line), line
        assert RULES.ack_lines(seen, "RUSSIA", kept) == RULES.ack_lines(empty, "RUSSIA", kept)
        results = [adjudicate(state, RULES, {"RUSSIA": [line]}) for state in (seen, empty)]
        assert [[r.reason for r in res.rejected] for res in results] == \
            [[r.reason for r in results[1].rejected]] * 2 != [[]] * 2, line
    winter = seen.with_(phase=seen.phase.parse("W1901A"))
    _, hidden = accept_orders(winter, RULES, "RUSSIA", ["REMOVE A BUL"])
    _, blank = accept_orders(empty.with_(phase=winter.phase), RULES, "RUSSIA", ["REMOVE A BUL"])
    assert [r.reason for r in hidden] == [r.reason for r in blank]
    # Its owner orders it as usual.
    orders, rejected = accept_orders(seen, RULES, "TURKEY", ["A BUL - SER"])
    assert rejected == [] and [str(o) for o in orders] == ["A BUL - SER"]


def test_a_misspelt_spell_gets_did_you_mean() -> None:
    _, rejected = accept_orders(STATE, RULES, "FRANCE", ["CAST MAKE INVISBLE A PAR",
                                                         "CAST VAPORIZ A MUN"])
    assert [r.reason.split(";")[0] for r in rejected] == [
        "unknown spell 'MAKE' (did you mean MAKE INVISIBLE?)",
        "unknown spell 'VAPORIZ' (did you mean VAPORIZE?)"]


def test_floating_up_is_the_units_order() -> None:
    """The ruling: a unit in a balloon is ordered by its balloon, and floating up counts as
    its order, so early processing does not wait for another line for it."""
    orders, rejected = accept_orders(STATE, RULES, "FRANCE", ["CAST BALLOON A PAR"])
    assert rejected == []
    assert RULES.missing_orders(STATE, "FRANCE", orders) == ["F BRE"]
    assert sorted(RULES.missing_orders(STATE, "FRANCE", [])) == ["A PAR", "F BRE"]


def test_a_move_legal_only_under_a_spell_is_accepted_with_a_note() -> None:
    orders, rejected = accept_orders(STATE, RULES, "ENGLAND", ["F LON - WAL", "A EDI - NTH"])
    assert rejected == [] and [str(o) for o in orders] == ["F LON - WAL", "A EDI - NTH"]
    notes = [line for line in RULES.ack_lines(STATE, "ENGLAND", orders) if "Note" in line]
    assert notes == ["Note: A EDI - NTH is legal only if WALK ON WATER is cast on A EDI "
                     "this turn; it is decided at adjudication"]
    # Nothing makes an army reach a province two seas away in one move.
    _, rejected = accept_orders(STATE, RULES, "ENGLAND", ["A EDI - BAR"])
    assert rejected != []
    # In two legs it may (double orders and walk on water, both decided at adjudication);
    # a second leg beyond any reach is refused, with the leg named.
    orders, rejected = accept_orders(STATE, RULES, "ENGLAND", ["A EDI - NWG - BAR"])
    assert rejected == [] and [str(o) for o in orders] == ["A EDI - NWG - BAR"]
    _, rejected = accept_orders(STATE, RULES, "ENGLAND", ["A EDI - NWG - MOS"])
    assert [r.reason.split(":")[0] for r in rejected] == ["second leg A NWG - MOS"]


def test_a_build_on_a_centre_the_bottle_hit_is_refused_for_that_reason() -> None:
    """The text: a home centre the bottle lands on in the Fall "may not build in the Winter".
    The refusal names the bottle, not "not one of your home centres"."""
    winter = state_from_dict({
        "phase": "W1901A", "units": {"FRANCE": ["A BUR"]},
        "centers": {"FRANCE": ["PAR", "MAR", "BRE"]}, "extra": {"bottle": {"PAR": "S1902M"}},
    }, MAP)
    orders, rejected = accept_orders(winter, RULES, "FRANCE", ["BUILD A PAR", "BUILD A MAR"])
    assert [str(o) for o in orders] == ["BUILD A MAR"]
    assert [r.reason for r in rejected] == [
        "cannot build in PAR: the bottle destroyed it and it is impassable until after "
        "Spring 1902 Movement"]


def test_builds_owed_beyond_the_home_centres_are_explained() -> None:
    """Public "builds 4" (three centres gained and an extra build) against the private
    "3 build(s)": the private section says how 4 is made and why only 3 can be built."""
    winter = state_from_dict({
        "phase": "W1901A", "units": {"FRANCE": ["A BUR"]},
        "centers": {"FRANCE": ["PAR", "MAR", "BRE", "SPA"]},
        "powers": {"FRANCE": {"extra_build": {"year": 1901}}},
    }, MAP)
    assert RULES.missing_orders(winter, "FRANCE", []) == [
        "3 build(s) or WAIVE (4 owed, but you may build only in BRE, MAR, PAR)"]
    lines = RULES.private_lines(winter, "FRANCE")
    assert "Builds: 4 (4 centres, 1 units on the board, an extra build)." in lines
    assert ("Builds are made on your free home centres only (BRE, MAR, PAR): "
            "1 build(s) cannot be made and are waived.") in lines
    ruined = winter.with_(extra={"bottle": {"PAR": "S1902M"}})
    assert ("Builds are made on your free home centres only (BRE, MAR); PAR was destroyed "
            "by the bottle: 2 build(s) cannot be made and are waived."
            ) in RULES.private_lines(ruined, "FRANCE")


def test_chained_double_orders_credit_each_move_to_its_own_unit() -> None:
    out = run_case({"variant": "warlock", "phase": "S1901M",
                    "units": {"ENGLAND": ["A EDI", "A LVP"]},
                    "orders": {"ENGLAND": ["CAST DOUBLE ORDERS A EDI - YOR - LON",
                                           "CAST DOUBLE ORDERS A LVP - EDI - CLY"]}})
    assert out["orders"] == {"A EDI": "A EDI - YOR - LON", "A LVP": "A LVP - EDI - CLY"}
    assert out["moves"] == {"A EDI": "LON", "A LVP": "CLY"}
