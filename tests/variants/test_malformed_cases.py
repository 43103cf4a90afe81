"""A case with a value of the wrong type gets one clear line naming the field, never a
Python error (issue 26: 553 of 6,919 such cases once ended in a traceback, and a --jsonl
batch then lost its other answers). The fuzz takes valid cases from every variant's
cases/ folder and puts a value of another type at one of their fields."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmbot.engine.map import MapError
from gmbot.engine.position import PositionError
from gmbot.variants import VariantError
from gmbot.variants.cases import CaseError, run_case
from tests.engine.test_cli import gmbot
from tests.variants.case_inputs import case_inputs

CLEAR = (CaseError, PositionError, VariantError, MapError)
CASES = [case for inputs in case_inputs().values() for case in inputs]

_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2),
                     st.sampled_from(["", "X", "A PAR", "FRANCE", "F1901M"]))
# Values of every JSON type, nested a little: a list for a table, a table for a string...
WRONG = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=2), st.dictionaries(st.sampled_from(["X", "unit", "year"]),
                                                 inner, max_size=2)), max_leaves=4)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for n, inner in enumerate(value):
            found += _paths(inner, (*path, n))
    return found


def _put(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _put(value[path[0]], path[1:], new)
    return copy


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    case = draw(st.sampled_from(CASES))
    paths = [p for p in _paths(case) if p and p[0] != "variant"]
    return _put(case, draw(st.sampled_from(paths)), draw(WRONG))


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_wrong_type_is_a_clear_error_or_a_result(case: dict[str, Any]) -> None:
    try:
        out = run_case(case)
    except CLEAR as e:
        assert "\n" not in str(e) and str(e)
    else:
        json.dumps(out)


def test_the_error_names_the_field_and_the_type() -> None:
    case = {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": "A PAR"},
            "orders": {}}
    assert _error(case) == "units.FRANCE: expected a list, got a string"
    case = {"variant": "standard", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": 7}}
    assert _error(case) == "orders.FRANCE: expected a string or a list, got a whole number"
    case = {"variant": "al-andalus", "extra": {"wazirs": {"NANOOK": {"dinars": [1]}}}}
    assert _error(case) == "extra.wazirs.NANOOK.dinars: expected a whole number, got a list"
    case = {"variant": "warlock", "extra": {"aloft": {"BUR": {"unit": "A BUR"}}}}
    assert _error(case) == "extra.aloft.BUR: the field 'power' is missing"
    case = {"variant": "warlock", "extra": {"aloft": {"BUR": {"unit": "BUR", "power": "X"}}}}
    assert _error(case) == ("extra.aloft.BUR.unit: 'BUR' is not a unit such as 'A BUR'; "
                            "extra.aloft.BUR.power: unknown power 'X'")


def _error(case: dict[str, Any]) -> str:
    try:
        run_case(case)
    except CaseError as e:
        return str(e)
    raise AssertionError("no error")


def test_a_jsonl_batch_answers_every_line_around_a_malformed_case() -> None:
    good = {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
            "orders": {"FRANCE": ["A PAR - BUR"]}}
    bad = {**good, "centers": {"FRANCE": 3}}
    proc = gmbot("adjudicate", "--jsonl", "-",
                 stdin="".join(json.dumps(c) + "\n" for c in (good, bad, good)))
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == 3
    assert lines[0]["moves"] == lines[2]["moves"] == {"A PAR": "BUR"}
    assert lines[1] == {"error": "centers.FRANCE: expected a list, got a whole number"}


def test_a_single_malformed_case_exits_1_with_one_line() -> None:
    proc = gmbot("adjudicate", "-", stdin=json.dumps({"units": [], "orders": {}}))
    assert proc.returncode == 1
    assert proc.stderr.strip() == ("Error: units: expected an object (a table of names), "
                                   "got a list")


def test_a_misspelt_field_or_an_empty_variant_is_refused_not_an_empty_board() -> None:
    """A typo once adjudicated an empty board (issue 37): `unitz` was passed over, an empty
    variant read as standard. Each is one line naming the field."""
    good = {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
            "orders": {"FRANCE": ["A PAR - BUR"]}}
    for case, line in [
        ({**good, "units": None, "unitz": {"FRANCE": ["A PAR"]}},
         "Error: unitz: no such field (misspelt?)"),
        ({**good, "variant": "arpiesse", "units": {"FRANCE": [
            {"unit": "A PAR", "colour_x": "red"}]}},
         "Error: units.FRANCE[0].colour_x: no such field (misspelt?)"),
        ({**good, "options": {"sollo": 18}}, "Error: unknown option 'sollo' for standard"),
        ({**good, "variant": ""},
         "Error: variant: empty: name the variant, or leave the field out for standard"),
    ]:
        proc = gmbot("adjudicate", "-", stdin=json.dumps(case))
        assert (proc.returncode, proc.stderr.strip()) == (1, line)
    assert gmbot("adjudicate", "-", stdin=json.dumps(good)).returncode == 0
