"""Warlock spells that draw from the seeded random source: spin the bottle and undead.
The same seed and phase draw the same; what was drawn is in the random notes."""

from __future__ import annotations

from typing import Any

from gmbot.variants.cases import run_case


def case(seed: int, orders: dict[str, list[str]], **position: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"variant": "warlock", "options": {"seed": seed},
                            "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {}}
    return run_case({**base, **position, "orders": orders})


def drawn(out: dict[str, Any], purpose: str) -> str:
    notes = [n for n in out["random_notes"] if n["purpose"] == purpose]
    assert len(notes) == 1
    return str(notes[0]["drawn"])


def test_the_bottle_is_seeded_and_logged() -> None:
    first = case(7, {"FRANCE": ["CAST SPIN THE BOTTLE"]})
    again = case(7, {"FRANCE": ["CAST SPIN THE BOTTLE"]})
    assert first["random_notes"] == again["random_notes"]
    where = drawn(first, "spin the bottle")
    assert first["position"]["extra"]["bottle"] == {where: "F1901M"}
    others = {drawn(case(s, {"FRANCE": ["CAST SPIN THE BOTTLE"]}), "spin the bottle")
              for s in range(8)}
    assert len(others) > 1  # the seed matters


def test_the_bottle_destroys_the_unit_there_and_blocks_the_space_for_two_turns() -> None:
    where = drawn(case(7, {"FRANCE": ["CAST SPIN THE BOTTLE"]}), "spin the bottle")
    # The same draw with a unit standing there: it is destroyed on impact.
    units = {"FRANCE": ["A PAR"], "GERMANY": [f"{'F' if where in SEAS else 'A'} {where}"]}
    out = case(7, {"FRANCE": ["CAST SPIN THE BOTTLE"]}, units=units)
    assert "GERMANY" not in out["units_after"]
    assert any("destroyed by the bottle" in n for n in out["public_notes"])
    # An impervious unit survives it.
    out = case(7, {"FRANCE": ["CAST SPIN THE BOTTLE"],
                   "GERMANY": [f"CAST POWER IMPERVIOUS {where}"]}, units=units)
    assert "GERMANY" in out["units_after"]


SEAS = {"ADR", "AEG", "BAL", "BAR", "BLA", "BOT", "EAS", "ENG", "HEL", "ION", "IRI", "LYO",
        "MAO", "NAO", "NTH", "NWG", "SKA", "TYS", "WES"}


def test_the_bottle_blocks_moves_until_its_second_turn_ends() -> None:
    # Seed 1 points the bottle at Spain (recorded in the random notes).
    out = case(1, {"FRANCE": ["CAST SPIN THE BOTTLE"]}, units={"FRANCE": ["A MAR"]})
    assert drawn(out, "spin the bottle") == "SPA"
    nxt = run_case({"variant": "warlock", **out["position"],
                    "orders": {"FRANCE": ["A MAR - SPA"]}})
    assert [e["reason"] for e in nxt["errors"]] == [
        "SPA is destroyed by the bottle: no unit may enter"]
    assert "bottle" not in nxt["position"].get("extra", {})
    later = run_case({"variant": "warlock", **nxt["position"],
                      "orders": {"FRANCE": ["A MAR - SPA"]}})
    assert later["errors"] == [] and later["moves"] == {"A MAR": "SPA"}


def test_a_bottle_cast_in_the_fall_on_a_home_centre_forbids_a_build_there() -> None:
    # Seed 43 points France's Fall bottle at Kiel.
    out = case(43, {"FRANCE": ["CAST SPIN THE BOTTLE"]}, phase="F1901M",
               units={"GERMANY": ["A BER"], "FRANCE": ["A BUR"]},
               centers={"GERMANY": ["BER", "KIE", "MUN"], "FRANCE": ["PAR"]})
    assert drawn(out, "spin the bottle") == "KIE"
    assert out["next_phase"] == "W1901A"
    winter = run_case({"variant": "warlock", **out["position"],
                       "orders": {"GERMANY": ["BUILD F KIE", "BUILD A MUN"]}})
    assert [e["order"] for e in winter["errors"]] == ["BUILD F KIE"]
    assert winter["built"] == ["A MUN"]


def undead(seed: int) -> dict[str, Any]:
    return case(seed, {"ENGLAND": ["CAST UNDEAD FLEET"]}, units={"FRANCE": ["A MAR"]},
                centers={"FRANCE": ["MAR"]}, powers={"ENGLAND": {"fallen": 1900}})


def test_undead_without_a_centre_by_the_fall_goes_to_purgatory() -> None:
    out = undead(0)
    assert out == undead(0)
    assert drawn(out, "undead") == "LYO"  # seed 0: the Gulf of Lyon
    assert out["units_after"]["ENGLAND"] == ["F LYO"]
    fall = run_case({"variant": "warlock", **out["position"], "orders": {}})
    assert "ENGLAND" not in fall["units_after"]
    assert fall["position"]["powers"]["ENGLAND"]["purgatory"] is True


def test_undead_taking_a_centre_makes_it_his_home() -> None:
    out = undead(1)
    assert drawn(out, "undead") == "SWE"  # seed 1: Sweden, a centre
    fall = run_case({"variant": "warlock", **out["position"], "orders": {}})
    assert fall["units_after"]["ENGLAND"] == ["F SWE"]
    assert fall["centers_after"]["ENGLAND"] == ["SWE"]
    assert "SWE" in fall["position"]["homes"]["ENGLAND"]


def test_undead_is_refused_while_the_warlock_has_a_centre_or_out_of_spring() -> None:
    out = case(1, {"FRANCE": ["CAST UNDEAD"]}, centers={"FRANCE": ["PAR"]})
    assert [e["reason"] for e in out["errors"]] == [
        "UNDEAD is cast only by a warlock who has lost all his centres"]
    out = case(1, {"FRANCE": ["CAST UNDEAD"]}, phase="F1901M")
    assert [e["reason"] for e in out["errors"]] == ["UNDEAD is cast in a Spring turn"]
    out = case(1, {"FRANCE": ["CAST UNDEAD"]}, phase="S1905M",
               powers={"FRANCE": {"fallen": 1901}})
    assert "expired" in out["errors"][0]["reason"]


def test_illusion_coast_at_equal_distance_is_drawn_and_logged() -> None:
    """Ankara swapped with Bulgaria: F Constantinople - Ankara lands in Bulgaria, whose
    two coasts are both one move away: "the GM will make a random selection"."""
    orders = {"ITALY": ["CAST ILLUSION ANK - BUL"], "TURKEY": ["F CON - ANK"]}
    units = {"TURKEY": ["F CON"], "ITALY": ["A ROM"]}
    out = case(5, orders, units=units)
    assert out == case(5, orders, units=units)
    coast = drawn(out, "illusion coast")
    assert coast in ("BUL/EC", "BUL/SC")
    assert out["units_after"]["TURKEY"] == [f"F {coast}"]
    coasts = {drawn(case(s, orders, units=units), "illusion coast") for s in range(10)}
    assert coasts == {"BUL/EC", "BUL/SC"}


def test_an_undead_home_serves_one_more_winter_after_an_original_home_is_back() -> None:
    """England rose undead in Sweden (seed 1), which became his home; once he holds
    London again, Sweden gives one more winter's build and is then shut down."""
    fall = run_case({"variant": "warlock", **undead(1)["position"], "orders": {}})
    position = fall["position"]
    assert position["powers"]["ENGLAND"]["undead_home"] == "SWE"
    # Two years on: England holds London and Sweden again, his fleet at sea.
    position.update(phase="W1903A", units={"ENGLAND": ["F NTH"]},
                    centers={"ENGLAND": ["LON", "SWE"], "FRANCE": ["MAR"]})
    winter = run_case({"variant": "warlock", **position,
                       "orders": {"ENGLAND": ["BUILD F SWE"]}})
    assert winter["built"] == ["F SWE"]
    assert "SWE" not in winter["position"]["homes"]["ENGLAND"]
    assert "undead_home" not in winter["position"].get("powers", {}).get("ENGLAND", {})
