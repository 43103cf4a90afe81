"""The rule hooks are real: options change the game through them, mixins compose, and the
engine stays pure (no mail, storage, service or scheduling imports)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from gmbot.engine import StandardRules, adjudicate, compose, load_map, state_from_dict
from gmbot.engine.report import read_report
from gmbot.engine.resolve import ATTACK, Resolution
from gmbot.engine.state import Unit
from gmbot.variants import VariantError, make_rules
from gmbot.variants.cases import run_case
from gmbot.variants.options.build_anywhere.rules import BuildAnywhere

MAP = load_map("standard")

# -- build_anywhere -----------------------------------------------------------------------

# France owns Belgium besides its three home centres, all of which are occupied: one build,
# and Belgium is the only owned centre free.
BUILD_CASE: dict[str, Any] = {
    "phase": "W1901A",
    "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"]},
    "centers": {"FRANCE": ["PAR", "MAR", "BRE", "BEL"], "GERMANY": ["MUN"]},
}


def test_build_in_owned_non_home_centre_refused_by_default() -> None:
    out = run_case({**BUILD_CASE, "orders": {"FRANCE": ["BUILD A BEL"]}})
    assert out["errors"] == [{
        "power": "FRANCE", "order": "BUILD A BEL",
        "reason": "cannot build in BEL: it is not one of your home centres (no home centre "
        "of yours is free)", "province": "BEL",
    }]
    assert out["units_after"] == {"FRANCE": ["F BRE", "A MAR", "A PAR"]}
    assert "built" not in out


def test_build_anywhere_allows_an_owned_non_home_centre() -> None:
    case = {**BUILD_CASE, "options": {"build_anywhere": True},
            "orders": {"FRANCE": ["BUILD F BEL"]}}
    out = run_case(case)
    assert out["errors"] == []
    assert out["built"] == ["F BEL"]
    assert out["units_after"] == {"FRANCE": ["F BEL", "F BRE", "A MAR", "A PAR"]}
    assert out["next_phase"] == "S1902M"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("BUILD A MUN", "cannot build in MUN: you do not own it (you may build in BEL)"),
        ("BUILD A MAR", "cannot build in MAR: it is occupied (you may build in BEL)"),
        ("BUILD A HOL", "cannot build in HOL: you do not own it (you may build in BEL)"),
    ],
)
def test_build_anywhere_still_needs_an_owned_free_centre(line: str, reason: str) -> None:
    case = {**BUILD_CASE, "options": {"build_anywhere": True}, "orders": {"FRANCE": [line]}}
    out = run_case(case)
    assert [e["reason"] for e in out["errors"]] == [reason]
    assert "built" not in out


def test_build_anywhere_option_switched_off_is_the_standard_rule() -> None:
    case = {**BUILD_CASE, "options": {"build_anywhere": False},
            "orders": {"FRANCE": ["BUILD A BEL"]}}
    assert [e["order"] for e in run_case(case)["errors"]] == ["BUILD A BEL"]
    assert not isinstance(make_rules("standard", {"build_anywhere": False}), BuildAnywhere)
    assert isinstance(make_rules("standard", {"build_anywhere": True}), BuildAnywhere)


def test_unknown_option_is_refused() -> None:
    with pytest.raises(VariantError, match="unknown option 'build_everywhere'"):
        make_rules("standard", {"build_everywhere": True})


# -- solo -------------------------------------------------------------------------------------

SIXTEEN = ["PAR", "MAR", "BRE", "SPA", "POR", "BEL", "HOL", "MUN", "KIE", "BER", "DEN",
           "LON", "LVP", "EDI", "NWY", "SWE"]


def _fall_case(**extra: Any) -> dict[str, Any]:
    """France holds 16 centres and takes Rome in the Fall: 17 after the turn."""
    return {
        "phase": "F1905M",
        "units": {"FRANCE": ["A TUS"]},
        "centers": {"FRANCE": SIXTEEN},
        "orders": {"FRANCE": ["A TUS - ROM"]},
        **extra,
    }


def test_seventeen_centres_is_no_win_by_default() -> None:
    out = run_case(_fall_case())
    assert len(out["centers_after"]["FRANCE"]) == 17
    assert "winner" not in out
    assert out["next_phase"] == "W1905A"


def test_solo_option_lowers_the_victory_threshold() -> None:
    out = run_case(_fall_case(options={"solo": 17}))
    assert len(out["centers_after"]["FRANCE"]) == 17
    assert out["winner"] == "FRANCE"


def test_solo_option_can_raise_it() -> None:
    case = _fall_case(centers={"FRANCE": [*SIXTEEN, "VEN"]})  # 18 after taking Rome
    assert run_case(case)["winner"] == "FRANCE"
    assert "winner" not in run_case({**case, "options": {"solo": 19}})


def test_centres_count_only_after_the_fall() -> None:
    out = run_case({**_fall_case(options={"solo": 17}), "phase": "S1905M"})
    assert "winner" not in out  # Rome is taken in the spring but not yet owned
    assert len(out["centers_after"]["FRANCE"]) == 16


# -- compose --------------------------------------------------------------------------------


class Veterans(StandardRules):
    """Test mixin: a unit marked `veteran` attacks with one more strength."""

    name = "veterans"

    def strength(self, res: Resolution, kind: str, unit: Unit, supports: int) -> float:
        bonus = 1 if kind == ATTACK and unit.attrs.get("veteran") else 0
        return super().strength(res, kind, unit, supports) + bonus


class Elite(StandardRules):
    """Test mixin: a unit marked `elite` is one stronger in everything."""

    name = "elite"

    def strength(self, res: Resolution, kind: str, unit: Unit, supports: int) -> float:
        return super().strength(res, kind, unit, supports) + (1 if unit.attrs.get("elite") else 0)


# The French army in Burgundy, a veteran of the elite, attacks Munich, which holds with one
# support: 1 + 1 + 1 = 3 against 2 only when both bonuses count.
BATTLE = state_from_dict(
    {
        "phase": "S1901M",
        "units": {
            "FRANCE": [{"unit": "A BUR", "veteran": True, "elite": True}],
            "GERMANY": ["A MUN", "A BER"],
        },
        "centers": {},
    },
    MAP,
)
BATTLE_ORDERS = {"FRANCE": ["A BUR - MUN"], "GERMANY": ["A MUN H", "A BER S A MUN"]}


@pytest.mark.parametrize(
    ("layers", "dislodged"),
    [
        ((), False),
        ((Veterans,), False),
        ((Elite,), False),
        ((Veterans, Elite), True),
        ((Elite, Veterans), True),
    ],
)
def test_composed_mixins_call_every_override(layers: tuple[type, ...], dislodged: bool) -> None:
    rules = compose(*layers)()
    result = adjudicate(BATTLE, rules, BATTLE_ORDERS)
    assert ("MUN" in result.dislodged) is dislodged
    assert result.results["A BUR"] == ("succeeds" if dislodged else "bounced")


def test_compose_builds_one_class_over_the_standard_rules() -> None:
    cls = compose(Veterans, Elite)
    assert cls.__name__ == "Rules[veterans+elite]"
    assert cls.__mro__[1:4] == (Veterans, Elite, StandardRules)
    assert compose() is StandardRules
    rules = cls({"solo": 17})
    assert rules.options == {"solo": 17}


def test_compose_with_registered_option() -> None:
    """A test mixin and a real option mixin compose: both hooks are live."""
    rules = compose(Veterans, BuildAnywhere)()
    state = state_from_dict(BUILD_CASE, MAP)
    assert rules.build_sites(state, "FRANCE") == {"BEL"}
    result = adjudicate(BATTLE, compose(Veterans, BuildAnywhere, Elite)(), BATTLE_ORDERS)
    assert "MUN" in result.dislodged


# -- purity ---------------------------------------------------------------------------------

FORBIDDEN = ("gmbot.mail", "gmbot.store", "gmbot.service", "sqlalchemy", "imapclient",
             "apscheduler", "jinja2")

PROBE = """
import importlib, json, pkgutil, sys
import gmbot.engine
for info in pkgutil.walk_packages(gmbot.engine.__path__, "gmbot.engine."):
    importlib.import_module(info.name)
from gmbot.engine import StandardRules, adjudicate, load_map, state_from_dict
gmap = load_map("standard")
state = state_from_dict({"phase": "F1901M"}, gmap)
adjudicate(state, StandardRules(), {"FRANCE": ["A PAR - BUR", "F BRE - MAO"]})
forbidden = json.loads(sys.argv[1])
print(json.dumps(sorted(
    m for m in sys.modules if any(m == f or m.startswith(f + ".") for f in forbidden)
)))
"""


def test_engine_imports_nothing_from_mail_store_service_or_their_libraries() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(FORBIDDEN)],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == []


# -- reporting and randomness hooks --------------------------------------------------------


class Herald(StandardRules):
    """A toy variant: announces a public line, tells France a secret, draws a number."""

    def after_movement(self, state, res):
        return state

    def unit_label(self, unit: Unit) -> str:
        return f"{unit} (herald)"

    def ack_lines(self, state, power, orders):
        return [f"{power} gave {len(orders)} order(s)"]


def _herald_result() -> dict[str, Any]:
    from gmbot.variants.cases import result_to_dict

    rules = Herald()
    state = state_from_dict({"phase": "S1901M"}, MAP)
    outcome = adjudicate(state, rules, {"FRANCE": ["A PAR - BUR"]})
    draw = rules.rng(state, "herald").randint(1, 1000)
    outcome.notes.update(public=["the herald speaks"], private={"FRANCE": ["psst"]},
                         random=[{"purpose": "herald", "value": draw}])
    return result_to_dict(outcome)


def test_notes_reach_the_public_and_only_their_viewer() -> None:
    from gmbot.service.views.results import results_view

    result = _herald_result()
    state = state_from_dict({"phase": "S1901M"}, MAP)
    after = state_from_dict(result["position"], MAP)
    france = results_view(Herald(), state, after, read_report(result), "FRANCE")
    england = results_view(Herald(), state, after, read_report(result), "ENGLAND")
    public = results_view(Herald(), state, after, read_report(result), None)
    assert france.public.notes == england.public.notes == ["the herald speaks"]
    assert france.private is not None and "psst" in france.private.extra
    assert "psst" not in str(england) and "psst" not in str(public)
    assert "A BUR (herald)" in france.private.units


def test_rng_repeats_for_the_same_seed_phase_and_purpose() -> None:
    state = state_from_dict({"phase": "S1901M"}, MAP)
    a = Herald({"seed": 7}).rng(state, "x").random()
    assert a == Herald({"seed": 7}).rng(state, "x").random()
    assert a != Herald({"seed": 8}).rng(state, "x").random()
    assert a != Herald({"seed": 7}).rng(state, "y").random()
    assert _herald_result()["random_notes"] == _herald_result()["random_notes"]


# -- adjustment_offset, shown_to, phase_notes -------------------------------------------


class Tithe(StandardRules):
    """A toy variant: France builds one unit fewer; German armies are hidden from others;
    every phase gets a public line."""

    def adjustment_offset(self, state, power):
        return -1 if power == "FRANCE" else 0

    def shown_to(self, state, unit, viewer):
        return unit.type != "A" or unit.power != "GERMANY" or viewer == "GERMANY"

    def phase_notes(self, result):
        result.notes["public"] = [f"{result.before.phase} is over"]


def test_adjustment_offset_changes_the_winter_count() -> None:
    fall = state_from_dict({"phase": "F1901M", "units": {"FRANCE": ["A PAR", "A MAR"]},
                            "centers": {"FRANCE": ["PAR", "MAR", "BRE"]}}, MAP)
    assert str(adjudicate(fall, StandardRules(), {}).after.phase) == "W1901A"  # one build
    assert str(adjudicate(fall, Tithe(), {}).after.phase) == "S1902M"  # one fewer: none


def test_shown_to_filters_the_board_per_viewer() -> None:
    from gmbot.service.views.results import board_summary

    state = state_from_dict({"phase": "S1901M"}, MAP)
    units = {v: {r.power: r.units for r in board_summary(state, Tithe(), v)}
             for v in (None, "FRANCE", "GERMANY")}
    assert units[None]["GERMANY"] == ["F KIE"] == units["FRANCE"]["GERMANY"]
    assert units["GERMANY"]["GERMANY"] == ["A BER", "A MUN", "F KIE"]


def test_phase_notes_has_the_last_word() -> None:
    from gmbot.variants.cases import result_to_dict

    out = adjudicate(state_from_dict({"phase": "S1901M"}, MAP), Tithe(), {})
    assert result_to_dict(out)["public_notes"] == ["S1901M is over"]


# -- kept hooks -------------------------------------------------------------------------


class _NoBurgundy:
    """A mixin closing the border between Paris and Burgundy, for armies."""

    def army_adjacent(self, state: Any, src: str, dest: str) -> bool:
        if {src, dest} == {"PAR", "BUR"}:
            return False
        return super().army_adjacent(state, src, dest)  # type: ignore[misc]


def test_a_rule_set_knows_which_hooks_it_keeps() -> None:
    closed = compose(_NoBurgundy)
    assert {"army_adjacent", "may_order", "strength", "check_set"} <= StandardRules.keeps
    assert "army_adjacent" not in closed.keeps
    assert "may_order" in closed.keeps
    assert "missing_orders" not in StandardRules.keeps  # StandardRules' own algorithm


def test_an_overridden_hook_is_called_where_a_kept_one_is_inlined() -> None:
    """The checks do the standard adjacency inline for a rule set that keeps it; one that
    overrides it is asked, order by order."""
    state = state_from_dict({"phase": "S1901M"}, MAP)
    orders = {"FRANCE": ["A PAR - BUR"]}
    assert adjudicate(state, StandardRules(), orders).moves == {"A PAR": "BUR"}
    result = adjudicate(state, compose(_NoBurgundy)(), orders)
    assert result.moves == {}
    assert [r.line for r in result.rejected] == ["A PAR - BUR"]
