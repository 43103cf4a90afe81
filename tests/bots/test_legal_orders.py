"""The legal orders (gmbot.engine.legal) against the judge, over random games of every
variant: every line listed is one the judge accepts, and every order the random players
got accepted (the variants' commands too, Wazirs' and casters' included) is among those
listed for its power or role. A line with a figure ("(3)": a pay, a bribe, a count of
votes) is listed once without it, for every figure up to the listing's `figure`."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from gmbot.engine import load_map, state_from_dict
from gmbot.engine.adjudicate import adjudicate, read_orders
from gmbot.engine.legal import LegalOrders, legal_orders
from gmbot.engine.orders import Order
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Phase
from gmbot.variants import make_rules
from tests.bots.variant_players import AndalusPlayer, ArpiessePlayer, WarlockPlayer
from tests.capitalist.test_capitalist_random import CapitalistPlayer
from tests.variants.randomkit import Player, Setup, example, games

FIGURE = re.compile(r"^(.*) \((\d+)\)$")
WAZIRS = {"LORDELINDEL": "wazir", "ASUDEVIL": "wazir", "NANOOK": "wazir"}


def _checked(state: GameState, rules: StandardRules, power: str,
             lines: list[str]) -> list[Order]:
    kept, _, _ = read_orders(state, rules, power, lines)
    return kept


def _bare(order: Order) -> tuple[str, int]:
    """An accepted order as the listing writes it, without its figure; and the figure."""
    m = FIGURE.match(str(order))
    return (m.group(1), int(m.group(2))) if m else (str(order), 0)


def _stands_for(text: str) -> str:
    """What a listed line stands for where the lines are too many to list, each of them
    for its first choice: Capitalist's list of ten capitals, Warlock's CUT 2 SUPPORTS and
    ILLUSION (one pair listed for each first target)."""
    words = text.split()
    if text.startswith("CAPITALS "):
        return " ".join(words[:2])
    if text.startswith("CAST CUT 2 SUPPORTS "):
        return " ".join(words[:6])
    if text.startswith("CAST ILLUSION "):
        return " ".join(words[:3])
    return text


def _listed(state: GameState, rules: StandardRules, key: str,
            legal: LegalOrders) -> set[str]:
    out = set()
    for line in legal.lines():
        # Read together, the lines of one unit replace each other: each alone instead.
        kept, rejected, _ = read_orders(state, rules, key, [line])
        assert kept and not rejected, f"{state.phase} {key}: {line!r} refused {rejected}"
        out.add(_stands_for(_bare(kept[0])[0]))
    return out


def _compare(state: GameState, rules: StandardRules, orders: dict[str, list[str]]) -> int:
    """The checks for one phase; the number of the players' accepted orders compared."""
    compared = 0
    for key in dict.fromkeys([*state.powers, *rules.voters(state), *orders]):
        legal = legal_orders(state, rules, key)
        listed = _listed(state, rules, key, legal)
        for order in _checked(state, rules, key, orders.get(key, [])):
            text, figure = _bare(order)
            assert figure <= max(legal.figure, 1), f"{state.phase} {key}: {order} too much"
            assert _stands_for(text) in listed, f"{state.phase} {key}: {order} not listed"
            compared += 1
    return compared


PLAYED: list[tuple[str, dict[str, Any] | None, type[Player]]] = [
    ("standard", None, Player),
    ("changing_home_centres", None, Player),
    ("al-andalus", {"wazir_generals": True}, AndalusPlayer),
    ("al-andalus", None, AndalusPlayer),
    ("capitalist", None, CapitalistPlayer),
    ("warlock", None, WarlockPlayer),
    ("arpiesse", None, ArpiessePlayer),
]


def _setup(name: str, options: dict[str, Any] | None) -> Setup:
    setup = example(name, options)
    if name == "al-andalus":  # the example's Wazirs, two of them at a court
        courts = {"LORDELINDEL": "CASTILLE", "ASUDEVIL": "ZARAGOZA", "NANOOK": None}
        extra = {"wazirs": {w: {"court": c, "dinars": 3} for w, c in courts.items()}}
        setup.state = setup.rules.seat_roles(setup.state.with_(extra=extra), WAZIRS)
    return setup


@pytest.mark.parametrize(("name", "options", "player"), PLAYED,
                         ids=["standard", "changing_home_centres", "al-andalus-generals",
                              "al-andalus", "capitalist", "warlock", "arpiesse"])
def test_random_players_orders_are_all_listed(name: str, options: dict[str, Any] | None,
                                              player: type[Player]) -> None:
    compared = 0
    # Warlock's casts are many lines a power: one game of two years.
    long = name != "warlock"
    for game in range(games(3 if long else 1)):
        setup = _setup(name, options)
        state, rules = setup.state, setup.rules
        for _ in range(12 if long else 6):
            orders = player().orders(random.Random(f"legal:{name}:{game}:{state.phase}"),
                                     state, rules)
            compared += _compare(state, rules, orders)
            result = adjudicate(state, rules, orders)
            if result.winner:
                break
            state = result.after
    assert compared > 100  # the players' orders were mostly accepted: the test tested


def test_the_opening_lists_each_units_moves_and_supports() -> None:
    setup = example("standard")
    legal = legal_orders(setup.state, setup.rules, "FRANCE")
    assert set(legal.units) == {"BRE", "MAR", "PAR"}
    paris = legal.units["PAR"]
    assert {"A PAR H", "A PAR - BUR", "A PAR - PIC", "A PAR - GAS", "A PAR - BRE"} <= set(paris)
    assert "A PAR S A MAR - BUR" in paris and "A PAR S F BRE" in paris
    assert "A PAR - MUN" not in paris  # not adjacent
    # Fleets' coasts are named: Marseilles' army cannot reach Spain's south coast by sea.
    assert "F BRE - MAO" in legal.units["BRE"]


def _winter(name: str) -> tuple[GameState, StandardRules]:
    """The example game played by random players to its first winter with a build due."""
    setup = example(name)
    state, rules = setup.state, setup.rules
    seed = 0
    while state.phase.kind != "A":
        orders = Player().orders(random.Random(f"winter:{name}:{seed}"), state, rules)
        state = adjudicate(state, rules, orders).after
        seed += 1
    return state, rules


def test_arpiesse_lists_a_build_in_each_colour_and_the_exchanges() -> None:
    setup = example("arpiesse")
    legal = legal_orders(setup.state, setup.rules, "AUSTRIA")
    assert "A VIE X A BUD" in legal.other and "A BUD X A VIE" in legal.other
    # The fleet could support neither army, but the army in Budapest could support it;
    # and another power's unit is as good.
    assert "F TRI X A BUD" in legal.other and "F TRI X A VEN" in legal.other
    assert "A VIE X A VEN" not in legal.other  # neither could support the other
    state, rules = _winter("arpiesse")
    power = next(p for p in state.powers if legal_orders(state, rules, p).builds > 0)
    builds = [line for line in legal_orders(state, rules, power).other if "BUILD" in line]
    site = builds[0].split()[-1]
    assert {f"BUILD {c} A {site}" for c in ("RED", "PURPLE", "SILVER")} <= set(builds)
    assert not [line for line in builds if line.split()[1] in ("A", "F")]  # no colourless


def test_changing_home_centres_lists_assimilate_and_abandon() -> None:
    state, rules = _winter("changing_home_centres")
    for power in state.powers:
        other = legal_orders(state, rules, power).other
        foreign = [c for c, o in state.centers.items()
                   if o == power and c not in state.homes.get(power, ())]
        for centre in foreign:
            # Listed exactly when the option's own reading accepts it alone.
            accepted = not read_orders(state, rules, power, [f"ASSIMILATE {centre}"])[1]
            assert (f"ASSIMILATE {centre}" in other) == accepted


def _andalus(position: dict[str, Any], generals: bool = True) -> tuple[GameState, StandardRules]:
    rules = make_rules("al-andalus", {"wazir_generals": generals})
    return state_from_dict(position, load_map("iberia")), rules


def test_al_andalus_lists_each_roles_court_orders() -> None:
    state, rules = _andalus({
        "phase": "S1083M",
        "units": {"SEVILLE": ["A GRA", "A SEV"],
                  "CASTILLE": [{"unit": "A LEO", "general": "NANOOK"}, "A BUR"]},
        "centers": {"SEVILLE": ["CAD", "NIE", "SEV", "COR", "GRA"], "CASTILLE": ["LEO", "BUR"]},
        "extra": {"wazirs": {"LORDELINDEL": {"court": None, "dinars": 9},
                             "NANOOK": {"court": "CASTILLE", "dinars": 1},
                             "ASUDEVIL": {"court": "SEVILLE", "dinars": 0}},
                  "captives": {"LORDELINDEL": "SEVILLE"}}})
    seville = legal_orders(state, rules, "SEVILLE").other
    # Seville holds the captive but has a Wazir: he may execute him, not take him.
    assert "EXECUTE LORDELINDEL" in seville and "TAKE LORDELINDEL" not in seville
    assert {"ARREST", "APPOINT GENERAL A GRA", "HIRE NANOOK"} <= set(seville)
    assert "HIRE ASUDEVIL" not in seville  # he serves Seville already
    # The captive cannot change court; he has no Prince to plunder.
    assert legal_orders(state, rules, "LORDELINDEL").lines() == []
    general = legal_orders(state, rules, "NANOOK")
    assert list(general.units) == ["LEO"] and "RESIGN" in general.other
    assert "LEO" not in legal_orders(state, rules, "CASTILLE").units  # the general's unit
    asudevil = legal_orders(state, rules, "ASUDEVIL")
    assert set(asudevil.units) == {"GRA", "SEV"}
    assert {"PLUNDER", "GO TO COURT CASTILLE"} <= set(asudevil.other)
    assert "GO TO COURT SEVILLE" not in asudevil.other and "RESIGN" not in asudevil.other


def test_al_andalus_court_orders_wait_for_the_movement_phases() -> None:
    state, rules = _andalus({
        "phase": "W1082A", "units": {"SEVILLE": ["A GRA"]},
        "centers": {"SEVILLE": ["CAD", "NIE", "SEV", "COR", "GRA"]},
        "extra": {"wazirs": {"LORDELINDEL": {"court": None, "dinars": 9}},
                  "captives": {"LORDELINDEL": "SEVILLE"}}})
    assert not [line for line in legal_orders(state, rules, "SEVILLE").other
                if "LORDELINDEL" in line]
    assert legal_orders(state, rules, "LORDELINDEL").lines() == []


def test_capitalist_lists_bribes_and_votes_without_their_figure() -> None:
    rules = make_rules("capitalist", {"seed": 1})
    state = state_from_dict({
        "phase": "S1900M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
        "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]},
        "powers": {"FRANCE": {"capital": "PAR", "balance": 4, "income_phase": "S1900M"},
                   "GERMANY": {"capital": "MUN", "balance": 0, "income_phase": "S1900M"}}},
        load_map("standard"))
    france = legal_orders(state, rules, "FRANCE")
    assert france.figure == 4
    assert "A PAR - BUR" in france.units["PAR"]
    assert "BRIBE A MUN - BUR" in france.other and "BRIBE A MUN S A PAR - BUR" in france.other
    assert not any(line.startswith("BRIBE A PAR") for line in france.other)
    broke = legal_orders(state, rules, "GERMANY")
    assert broke.figure == 0 and broke.lines() == []  # every line costs 1 at least


def test_warlock_lists_casts_with_uses_left_on_the_targets_the_caster_sees() -> None:
    rules = make_rules("warlock", None)
    state = state_from_dict({
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "F BRE"],
                  "GERMANY": ["A MUN", {"unit": "A RUH", "invisible": True}]},
        "powers": {"FRANCE": {"spells": {"vaporize": 0}}}}, load_map("standard"))
    france = legal_orders(state, rules, "FRANCE").other
    assert not [line for line in france if line.startswith("CAST VAPORIZE")]  # used up
    assert "CAST POWER IMPERVIOUS A MUN" in france
    # Germany's invisible army is no target of France's spells on a unit.
    assert not {"CAST POWER IMPERVIOUS A RUH", "CAST BALLOON A RUH", "CAST ADD 1 SUPPORT A RUH H",
                "CAST ADD 1 SUPPORT A RUH - BUR"} & set(france)
    assert "CAST DOUBLE ORDERS A PAR - BUR - MUN" in france
    assert "CAST GHOST F BRE - MAO" in france and "CAST GHOST A MUN - BUR" not in france
    germany = legal_orders(state, rules, "GERMANY").other
    assert "CAST VAPORIZE A RUH" in germany  # his own unit he sees
    winter = state.with_(phase=Phase.parse("W1901A"), units={})
    assert legal_orders(winter, rules, "FRANCE").other[-1:] == ["CAST EXTRA BUILD"]
