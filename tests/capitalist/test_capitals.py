"""The capital phase (section 1): preferences, coin tosses for ties, the distance rule."""

from __future__ import annotations

import itertools
import random
from typing import Any

from gmbot.engine.map import load_map
from gmbot.variants.capitalist.capitals import allocate, distance, too_near
from gmbot.variants.cases import run_case

MAP = load_map("standard")
POWERS = ["ENGLAND", "FRANCE"]
# The text's starting capitals (section 2).
EXAMPLE = ["LON", "DEN", "POR", "MOS", "SER", "ANK", "VEN"]


def test_the_texts_capitals_are_legal_so_two_moves_apart_is_allowed() -> None:
    pairs = list(itertools.combinations(EXAMPLE, 2))
    assert not any(too_near(MAP, a, b, 2) for a, b in pairs)
    # Serbia and Venice are two moves apart (by Trieste): "within 2 moves" cannot forbid that.
    assert distance(MAP, "SER", "VEN") == 2
    assert too_near(MAP, "EDI", "LVP", 2)


def test_a_tie_is_a_seeded_coin_toss_and_the_loser_takes_its_next_free_choice() -> None:
    prefs = {"ENGLAND": ["EDI", "LVP", "LON"], "FRANCE": ["EDI", "LVP", "PAR"]}
    winners = set()
    for seed in range(20):
        alloc = allocate(MAP, prefs, {}, POWERS, random.Random(seed))
        again = allocate(MAP, prefs, {}, POWERS, random.Random(seed))
        assert alloc.capitals == again.capitals  # the same seed, the same toss
        (draw,) = alloc.draws
        winner = draw["value"]
        assert draw["among"] == {"ENGLAND": "EDI", "FRANCE": "EDI"}
        assert alloc.capitals[winner] == "EDI"
        loser = "FRANCE" if winner == "ENGLAND" else "ENGLAND"
        # LVP borders EDI, so the loser skips it.
        assert alloc.capitals[loser] == {"ENGLAND": "LON", "FRANCE": "PAR"}[loser]
        winners.add(winner)
    assert winners == {"ENGLAND", "FRANCE"}  # the toss is a toss


def test_the_distance_is_an_option() -> None:
    prefs = {"FRANCE": ["LON", "LVP", "BRE"]}
    near = allocate(MAP, prefs, {"ENGLAND": "EDI"}, POWERS, random.Random(0))
    assert near.capitals == {"ENGLAND": "EDI", "FRANCE": "LON"}  # two moves apart
    far = allocate(MAP, prefs, {"ENGLAND": "EDI"}, POWERS, random.Random(0), min_distance=3)
    assert far.capitals == {"ENGLAND": "EDI", "FRANCE": "BRE"}


def test_the_gms_capitals_stand_and_others_keep_clear_of_them() -> None:
    prefs = {"ENGLAND": ["LON"], "FRANCE": ["LVP", "PAR"]}
    alloc = allocate(MAP, prefs, {"ENGLAND": "EDI"}, POWERS, random.Random(0))
    assert alloc.capitals == {"ENGLAND": "EDI", "FRANCE": "PAR"}
    assert alloc.draws == []


def test_the_capital_phase_logs_its_tosses_and_opens_winter_1897() -> None:
    case = {
        "variant": "capitalist", "options": {"seed": 5}, "phase": "W1896A",
        "units": {}, "centers": {},
        "orders": {"ENGLAND": ["CAPITALS " + " ".join(["LON", *EXAMPLE[1:], "EDI", "PAR", "BRE"])],
                   "FRANCE": ["CAPITALS " + " ".join(["LON", *EXAMPLE[1:], "EDI", "PAR", "BRE"])]},
    }
    out = run_case(case)
    assert out == run_case(case)
    assert out["next_phase"] == "W1897A"
    (draw,) = [d for d in out["random_notes"] if d["purpose"] == "capital coin toss"]
    assert draw["value"] in ("ENGLAND", "FRANCE")
    caps = {p: a["capital"] for p, a in out["position"]["powers"].items()}
    assert caps[draw["value"]] == "LON"
    assert any("won a coin toss" in line for line in out["public_notes"])
    assert out["position"]["centers"][draw["value"]] == ["LON"]
    assert len(caps) == 7 and not any(
        too_near(MAP, a, b, 2) for a, b in itertools.combinations(caps.values(), 2))


def test_capitals_a_gm_writes_keep_the_distance_rule() -> None:
    import pytest

    from gmbot.variants.cases import CaseError, run_case

    case: dict[str, Any] = {"variant": "capitalist", "phase": "S1898M",
            "units": {"ENGLAND": ["F LON"], "FRANCE": ["A PAR"]},
            "centers": {"ENGLAND": ["LON"], "FRANCE": ["PAR"]},
            "powers": {"ENGLAND": {"capital": "LON", "balance": 2},
                       "FRANCE": {"capital": "BEL", "balance": 2}},
            "orders": {}}
    assert run_case(case)["next_phase"] == "F1898M"  # LON and BEL: two moves apart
    case["powers"]["ENGLAND"]["capital"] = "BEL"
    case["powers"]["FRANCE"]["capital"] = "HOL"  # next to Belgium
    with pytest.raises(CaseError, match=r"HOL is fewer than 2 moves from ENGLAND's capital BEL"):
        run_case(case)
    case["powers"]["FRANCE"]["capital"] = "BUR"
    with pytest.raises(CaseError, match="BUR is not a supply centre"):
        run_case(case)


def test_capitals_a_gm_writes_leave_room_for_the_others() -> None:
    """1.3, 1.4: every player gets a capital. With capitals 3 moves apart, these five
    leave only Liverpool for England and Germany: the position is refused (the capital
    phase could not be played)."""
    import pytest

    from gmbot.variants.cases import CaseError, run_case

    caps = {"RUSSIA": "NWY", "AUSTRIA": "CON", "TURKEY": "VEN", "FRANCE": "BER",
            "ITALY": "SPA"}
    case: dict[str, Any] = {"variant": "capitalist", "options": {"capital_min_distance": 3},
            "phase": "W1896A", "units": {}, "centers": {},
            "powers": {p: {"capital": c} for p, c in caps.items()}, "orders": {}}
    with pytest.raises(CaseError, match="no room for a capital for each of ENGLAND, GERMANY"):
        run_case(case)
    del case["powers"]["ITALY"]  # without Spain there is room for three
    out = run_case(case)
    assert len(out["position"]["powers"]) == 7
