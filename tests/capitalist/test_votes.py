"""Vote ties the adjusting power's own votes cannot break: a seeded, logged coin toss."""

from __future__ import annotations

from typing import Any

from gmbot.variants.cases import run_case


def _case(seed: int) -> dict[str, Any]:
    return run_case({
        "variant": "capitalist", "options": {"seed": seed}, "phase": "W1900A",
        "units": {"ENGLAND": ["A YOR"], "FRANCE": ["A PAR"], "GERMANY": ["A BER"]},
        "centers": {"ENGLAND": ["LON", "EDI"], "FRANCE": ["PAR"], "GERMANY": ["BER"]},
        "homes": {"ENGLAND": ["LON", "EDI"], "FRANCE": ["PAR"], "GERMANY": ["BER"]},
        "powers": {"ENGLAND": {"capital": "LON"}, "FRANCE": {"capital": "PAR"},
                   "GERMANY": {"capital": "BER"}},
        # One build, two sites with 3 votes each for an army, none of them England's.
        "orders": {"FRANCE": ["VOTE A LON (3)"], "GERMANY": ["VOTE A EDI (3)"]},
    })


def test_a_tie_between_sites_is_a_seeded_toss() -> None:
    built = set()
    for seed in range(12):
        out = _case(seed)
        assert out == _case(seed)
        (draw,) = out["random_notes"]
        assert draw["purpose"] == "builds ENGLAND" and draw["among"] == ["EDI", "LON"]
        assert out["built"] == [f"A {draw['value']}"]
        built.add(draw["value"])
    assert built == {"EDI", "LON"}
