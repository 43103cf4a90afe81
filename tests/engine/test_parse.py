"""The tolerant order parser and the order checker, together, as a player meets them:
`accept_orders` on real positions built with `state_from_dict`.

Each accepted spelling is paired with the canonical order it must become; each rejected line
with the exact reason the player reads."""

from __future__ import annotations

import pytest

from gmbot.engine import GameState, StandardRules, accept_orders, load_map, state_from_dict

MAP = load_map("standard")
RULES = StandardRules()

# A spring movement phase with something to order in every direction.
MOVEMENT = state_from_dict(
    {
        "phase": "S1901M",
        "units": {
            "FRANCE": ["A PAR", "A MAR", "A GAS", "A PIC", "F BRE", "F MAO", "F LYO"],
            "ENGLAND": ["F NTH", "A LON", "F ENG", "F NWG", "F NAO"],
            "GERMANY": ["A BER", "F KIE"],
            "ITALY": ["F TYS", "A ROM"],
            "RUSSIA": ["F BAR", "F BOT", "A MOS", "A SWE"],
        },
        "centers": {},
    },
    MAP,
)

# A fall retreat phase: the French army in Paris was dislodged from Picardy, the fleet in the
# Mid-Atlantic from the English Channel, the fleet in the Gulf of Lyon from the Tyrrhenian;
# Gascony was left empty by a standoff.
RETREAT = state_from_dict(
    {
        "phase": "F1901R",
        "units": {
            "GERMANY": ["A PAR", "A MUN"],
            "FRANCE": ["A BRE"],
            "ENGLAND": ["F MAO"],
            "ITALY": ["F LYO"],
        },
        "dislodged": {
            "A PAR": {"power": "FRANCE", "attacker_from": "PIC"},
            "F MAO": {"power": "FRANCE", "attacker_from": "ENG"},
            "F LYO": {"power": "FRANCE", "attacker_from": "TYS"},
        },
        "standoffs": ["GAS"],
        "centers": {},
    },
    MAP,
)

# A winter adjustment: France builds (5 centres, 2 units; Marseilles occupied, Spain and
# Belgium are not home centres), Germany removes (1 centre, 2 units), Russia builds with
# no units on the board.
ADJUSTMENT = state_from_dict(
    {
        "phase": "W1901A",
        "units": {"FRANCE": ["A BEL", "A MAR"], "GERMANY": ["A MUN", "F KIE"]},
        "centers": {
            "FRANCE": ["PAR", "MAR", "BRE", "SPA", "BEL"],
            "GERMANY": ["BER"],
            "RUSSIA": ["STP", "MOS", "WAR", "SEV"],
        },
    },
    MAP,
)


def accept(state: GameState, power: str, line: str) -> tuple[list[str], list[str]]:
    ok, bad = accept_orders(state, RULES, power, [line])
    return [str(o) for o in ok], [r.reason for r in bad]


def assert_accepted(state: GameState, power: str, line: str, canonical: str) -> None:
    ok, bad = accept(state, power, line)
    assert bad == [], f"{line!r} was rejected: {bad}"
    assert ok == [canonical], f"{line!r} became {ok}, expected {canonical!r}"


def assert_rejected(state: GameState, power: str, line: str, reason: str) -> None:
    ok, bad = accept(state, power, line)
    assert ok == [], f"{line!r} was accepted as {ok}"
    assert bad == [reason], f"{line!r}: got {bad}"


# -- movement: accepted ------------------------------------------------------------------

MOVEMENT_OK = [
    # case does not matter
    ("FRANCE", "A PAR - BUR", "A PAR - BUR"),
    ("FRANCE", "a par - bur", "A PAR - BUR"),
    ("FRANCE", "A Par - Bur", "A PAR - BUR"),
    ("FRANCE", "a PAR - bUr", "A PAR - BUR"),
    # unit type given in full, or omitted
    ("FRANCE", "Army Paris - Burgundy", "A PAR - BUR"),
    ("FRANCE", "PAR - BUR", "A PAR - BUR"),
    ("FRANCE", "Paris - Burgundy", "A PAR - BUR"),
    ("FRANCE", "par-bur", "A PAR - BUR"),
    ("FRANCE", "fleet Brest - English Channel", "F BRE - ENG"),
    ("FRANCE", "BRE - MAO", "F BRE - MAO"),
    # move words
    ("FRANCE", "A PAR -> BUR", "A PAR - BUR"),
    ("FRANCE", "A PAR to BUR", "A PAR - BUR"),
    ("FRANCE", "A PAR moves to BUR", "A PAR - BUR"),
    ("FRANCE", "A PAR m BUR", "A PAR - BUR"),
    ("FRANCE", "A PAR M BUR", "A PAR - BUR"),
    ("FRANCE", "A PAR move BUR", "A PAR - BUR"),
    ("FRANCE", "A PAR attacks BUR", "A PAR - BUR"),
    ("FRANCE", "A PAR => BUR", "A PAR - BUR"),
    ("FRANCE", "A PAR → BUR", "A PAR - BUR"),
    ("FRANCE", "A PAR – BUR", "A PAR - BUR"),
    # hold words
    ("FRANCE", "A PAR H", "A PAR H"),
    ("FRANCE", "A PAR hold", "A PAR H"),
    ("FRANCE", "A PAR holds", "A PAR H"),
    ("FRANCE", "A PAR stand", "A PAR H"),
    ("FRANCE", "A PAR stands", "A PAR H"),
    ("FRANCE", "Paris holds", "A PAR H"),
    ("FRANCE", "A PAR", "A PAR H"),
    # support a move
    ("FRANCE", "A PAR S A MAR - BUR", "A PAR S A MAR - BUR"),
    ("FRANCE", "a par s a mar - bur", "A PAR S A MAR - BUR"),
    ("FRANCE", "A PAR support A MAR - BUR", "A PAR S A MAR - BUR"),
    ("FRANCE", "A PAR supports A MAR -> BUR", "A PAR S A MAR - BUR"),
    ("FRANCE", "A PAR supports MAR to BUR", "A PAR S A MAR - BUR"),
    ("FRANCE", "Paris supports Marseilles to Burgundy", "A PAR S A MAR - BUR"),
    ("FRANCE", "A PAR S MAR - BUR", "A PAR S A MAR - BUR"),
    ("FRANCE", "A PAR S F BRE - PIC", "A PAR S F BRE - PIC"),  # an army supports a fleet
    # support hold, with or without a trailing H
    ("FRANCE", "A PAR S A PIC", "A PAR S A PIC"),
    ("FRANCE", "A PAR S A PIC H", "A PAR S A PIC"),
    ("FRANCE", "A PAR supports A PIC holds", "A PAR S A PIC"),
    ("FRANCE", "A PAR supports PIC", "A PAR S A PIC"),
    ("FRANCE", "par s pic hold", "A PAR S A PIC"),
    # a supported move with or without a coast: a fleet's coast is kept, an army's dropped
    ("FRANCE", "F LYO S F MAO - SPA/NC", "F LYO S F MAO - SPA/NC"),
    ("FRANCE", "f lyo supports f mao - spa(nc)", "F LYO S F MAO - SPA/NC"),
    ("FRANCE", "F LYO S F MAO - Spain north coast", "F LYO S F MAO - SPA/NC"),
    ("FRANCE", "F LYO S F MAO - SPA", "F LYO S F MAO - SPA"),
    ("FRANCE", "A MAR S A GAS - SPA", "A MAR S A GAS - SPA"),
    ("FRANCE", "A MAR S A GAS - SPA/NC", "A MAR S A GAS - SPA"),
    # convoy words
    ("ENGLAND", "F NTH C A LON - BEL", "F NTH C A LON - BEL"),
    ("ENGLAND", "f nth c a lon - bel", "F NTH C A LON - BEL"),
    ("ENGLAND", "F NTH convoy A LON - BEL", "F NTH C A LON - BEL"),
    ("ENGLAND", "F NTH convoys A LON to BEL", "F NTH C A LON - BEL"),
    ("ENGLAND", "F NTH transports London to Belgium", "F NTH C A LON - BEL"),
    ("ENGLAND", "North Sea convoys London - Belgium", "F NTH C A LON - BEL"),
    ("ENGLAND", "F NTH C LON - BEL", "F NTH C A LON - BEL"),
    # via convoy
    ("ENGLAND", "A LON - BEL via convoy", "A LON - BEL VIA CONVOY"),
    ("ENGLAND", "A LON - BEL VIA CONVOY", "A LON - BEL VIA CONVOY"),
    ("ENGLAND", "A LON - BEL VIA", "A LON - BEL VIA CONVOY"),
    ("ENGLAND", "A LON - BEL by convoy", "A LON - BEL VIA CONVOY"),
    ("ENGLAND", "A LON - NWY", "A LON - NWY"),  # not adjacent: a convoy is implied
    # coasts: STP/NC, stp(nc), StP nc, St Petersburg north coast
    ("RUSSIA", "F BAR - STP/NC", "F BAR - STP/NC"),
    ("RUSSIA", "F BAR - stp(nc)", "F BAR - STP/NC"),
    ("RUSSIA", "F BAR - StP nc", "F BAR - STP/NC"),
    ("RUSSIA", "F BAR - St Petersburg north coast", "F BAR - STP/NC"),
    ("RUSSIA", "F BAR - Saint Petersburg (north coast)", "F BAR - STP/NC"),
    ("RUSSIA", "F BOT - STP/SC", "F BOT - STP/SC"),
    ("RUSSIA", "F BOT - stp(sc)", "F BOT - STP/SC"),
    ("RUSSIA", "F BOT - St Petersburg south coast", "F BOT - STP/SC"),
    ("RUSSIA", "F BOT - STP/S", "F BOT - STP/SC"),
    ("FRANCE", "F MAO - SPA/NC", "F MAO - SPA/NC"),
    ("FRANCE", "F MAO - spa sc", "F MAO - SPA/SC"),
    # a fleet's coast may be left out where only one coast is reachable
    ("RUSSIA", "F BAR - STP", "F BAR - STP/NC"),
    ("RUSSIA", "F BOT - STP", "F BOT - STP/SC"),
    ("FRANCE", "F LYO - SPA", "F LYO - SPA/SC"),
    # an army ignores a coast it was given
    ("FRANCE", "A GAS - SPA/NC", "A GAS - SPA"),
    # full names and both abbreviation traditions
    ("FRANCE", "F LYO - WES", "F LYO - WES"),
    ("FRANCE", "F GOL - WES", "F LYO - WES"),
    ("FRANCE", "F Gulf of Lyon - Western Mediterranean", "F LYO - WES"),
    ("FRANCE", "F gulf of lions - west med", "F LYO - WES"),
    ("FRANCE", "F MAO - NAO", "F MAO - NAO"),
    ("FRANCE", "F MID - NAT", "F MAO - NAO"),
    ("FRANCE", "F Mid-Atlantic Ocean - North Atlantic Ocean", "F MAO - NAO"),
    ("FRANCE", "F mid atlantic - north atlantic", "F MAO - NAO"),
    ("FRANCE", "F Mid-Atlantic - NAO", "F MAO - NAO"),
    ("FRANCE", "F mid-atlantic-nao", "F MAO - NAO"),
    ("ENGLAND", "F NAO - mid-atlantic", "F NAO - MAO"),
    ("RUSSIA", "A SWE-DEN", "A SWE - DEN"),  # not read as "Sweden"

    ("ENGLAND", "F NWG - NWY", "F NWG - NWY"),
    ("ENGLAND", "F NRG - NWY", "F NWG - NWY"),
    ("ENGLAND", "F Norwegian Sea - Norway", "F NWG - NWY"),
    ("ENGLAND", "F NWG - NOR", "F NWG - NWY"),
    ("RUSSIA", "F BOT - SWE", "F BOT - SWE"),
    ("RUSSIA", "F GOB - SWE", "F BOT - SWE"),
    ("RUSSIA", "F Gulf of Bothnia - Sweden", "F BOT - SWE"),
    ("ENGLAND", "F ENG - BEL", "F ENG - BEL"),
    ("ENGLAND", "F ECH - BEL", "F ENG - BEL"),
    ("ENGLAND", "F English Channel - Belgium", "F ENG - BEL"),
    ("ITALY", "F TYS - ION", "F TYS - ION"),
    ("ITALY", "F TYN - ION", "F TYS - ION"),
    ("ITALY", "F Tyrrhenian Sea - Ionian Sea", "F TYS - ION"),
    ("ITALY", "F TYS - TUN", "F TYS - TUN"),
    ("ENGLAND", "F NTH - HEL", "F NTH - HEL"),
    ("ENGLAND", "F NTH - HGB", "F NTH - HEL"),
    ("ENGLAND", "F NTH - Heligoland Bight", "F NTH - HEL"),
    ("ENGLAND", "F NTS - SKA", "F NTH - SKA"),
    ("ENGLAND", "F NAO - IRI", "F NAO - IRI"),
    ("ENGLAND", "F NAO - IRS", "F NAO - IRI"),
    ("FRANCE", "F LYO - TYS", "F LYO - TYS"),
    ("FRANCE", "F LYO - TYN", "F LYO - TYS"),
    ("RUSSIA", "A MOS - LVN", "A MOS - LVN"),
    ("RUSSIA", "A MOS - LIV", "A MOS - LVN"),
    ("RUSSIA", "A Moscow - Sevastopol", "A MOS - SEV"),
    ("RUSSIA", "A MOS - Sebastopol", "A MOS - SEV"),
    ("ITALY", "A ROM - APU", "A ROM - APU"),
    ("ITALY", "A Roma - Napoli", "A ROM - NAP"),
    # a leading power name is noise
    ("FRANCE", "France: A PAR - BUR", "A PAR - BUR"),
    ("FRANCE", "FRANCE A PAR - BUR", "A PAR - BUR"),
    ("FRANCE", "french: a par - bur", "A PAR - BUR"),
    ("ENGLAND", "England: F NTH C A LON - BEL", "F NTH C A LON - BEL"),
]


@pytest.mark.parametrize(("power", "line", "canonical"), MOVEMENT_OK)
def test_movement_accepted(power: str, line: str, canonical: str) -> None:
    assert_accepted(MOVEMENT, power, line, canonical)


# -- movement: rejected ------------------------------------------------------------------

MOVEMENT_BAD = [
    ("FRANCE", "A PAR - XYZ", "unknown province 'XYZ'"),
    ("FRANCE", "A XYZ - BUR", "unknown province 'XYZ'"),
    ("FRANCE", "A MUN - BUR", "no unit in MUN"),
    ("FRANCE", "A BER - PRU", "not your unit: A BER belongs to Germany"),
    ("GERMANY", "A PAR - BUR", "not your unit: A PAR belongs to France"),
    ("FRANCE", "F PAR - BUR", "the unit in PAR is an army (A PAR)"),
    ("FRANCE", "A BRE - PIC", "the unit in BRE is a fleet (F BRE)"),
    ("FRANCE", "F BRE - PAR", "fleets cannot move inland: PAR"),
    ("FRANCE", "A PAR - NTH", "armies cannot move to sea: NTH"),
    ("FRANCE", "A PAR - SWI", "SWI cannot be entered"),
    ("FRANCE", "A PAR - PAR", "a unit cannot move to the province it is in"),
    ("FRANCE", "A PAR - MUN", "A PAR - MUN: not adjacent, and no fleets stand to convoy it"),
    ("ITALY", "A ROM - ALB", "A ROM - ALB: not adjacent, and no fleets stand to convoy it"),
    ("FRANCE", "F BRE - SPA", "F BRE - SPA: fleets can only move to an adjacent coast or sea"),
    ("FRANCE", "F LYO - POR", "F LYO - POR: fleets can only move to an adjacent coast or sea"),
    ("FRANCE", "F MAO - SPA", "F MAO - SPA: name the coast, SPA/NC or SPA/SC"),
    ("FRANCE", "F mao - spain", "F MAO - SPA: name the coast, SPA/NC or SPA/SC"),
    ("FRANCE", "F LYO - SPA/NC", "F LYO cannot reach SPA/NC; it can reach SPA/SC"),
    ("RUSSIA", "F BAR - STP/SC", "F BAR cannot reach STP/SC; it can reach STP/NC"),
    ("RUSSIA", "F BOT - STP/EC", "STP has no EC coast (its coasts: NC, SC)"),
    ("FRANCE", "F BRE - PIC VIA CONVOY", "only armies can be convoyed"),
    # supports
    ("FRANCE", "A PAR S A PAR", "a unit cannot support itself"),
    ("FRANCE", "A PAR S A PAR - BUR", "a unit cannot support itself"),
    ("FRANCE", "A PAR S A BUR", "no unit in BUR to support"),
    ("FRANCE", "A PAR S F PIC", "the unit in PIC is an army (A PIC)"),
    ("FRANCE", "A PAR S A PIC - PIC", "a supported move must go to another province"),
    ("FRANCE", "A PAR S A MAR - PAR", "a unit cannot support a move into its own province"),
    ("FRANCE", "A PAR S A PIC - BEL",
     "A PAR cannot support into BEL: it could not move there itself"),
    ("FRANCE", "A PAR S A MAR", "A PAR cannot support into MAR: it could not move there itself"),
    ("FRANCE", "F BRE S A PAR - BUR",
     "F BRE cannot support into BUR: it could not move there itself"),
    ("FRANCE", "A MAR S A PIC - MUN", "A PIC cannot reach MUN, so the move cannot be supported"),
    # convoys
    ("ENGLAND", "F NTH C F ENG - BEL", "only armies can be convoyed"),
    ("ENGLAND", "F NTH C ENG - BEL", "only armies can be convoyed"),
    ("FRANCE", "A PAR C A PIC - BEL", "only fleets can convoy"),
    ("FRANCE", "F BRE C A PIC - GAS", "F BRE cannot convoy: only fleets at sea convoy"),
    ("ENGLAND", "F NTH C A BEL - LON", "no army in BEL to convoy"),
    ("ENGLAND", "F NTH C A LON - LON", "a convoyed army must go to another province"),
    ("ENGLAND", "F NTH C A LON - NTH", "an army cannot be convoyed to NTH"),
    ("ENGLAND", "F NTH C A LON",
     "a convoy order names where the army goes: F NTH C A LON - BEL"),
    ("ENGLAND", "F NTH C A PIC - BEL",
     "F NTH is not needed on any convoy route from PIC to BEL"),
    # lines the parser cannot read
    ("FRANCE", "", "empty order"),
    ("FRANCE", "A PAR -", "expected a destination at the end of the order"),
    ("FRANCE", "A PAR - BUR now", "did not understand 'NOW' at the end"),
    ("FRANCE", "A PAR VIA BUR", "did not understand 'VIA': expected -, H, S or C after the unit"),
    ("FRANCE", "A PAR R BUR", "retreats and disbands are given in a retreat phase, not now"),
    ("FRANCE", "A PAR D", "retreats and disbands are given in a retreat phase, not now"),
    # The order words docs/orders.md lists, first, in a phase without such orders.
    ("FRANCE", "RETREAT A PAR - BUR",
     "retreats and disbands are given in a retreat phase, not now"),
    ("FRANCE", "DISBAND A PAR", "retreats and disbands are given in a retreat phase, not now"),
    ("FRANCE", "BUILD A PAR",
     "builds, removals and waives are given in the winter (adjustment) phase, not now"),
    ("FRANCE", "REMOVE A PAR",
     "builds, removals and waives are given in the winter (adjustment) phase, not now"),
    ("FRANCE", "WAIVE",
     "builds, removals and waives are given in the winter (adjustment) phase, not now"),
]


@pytest.mark.parametrize(("power", "line", "reason"), MOVEMENT_BAD)
def test_movement_rejected(power: str, line: str, reason: str) -> None:
    assert_rejected(MOVEMENT, power, line, reason)


# -- retreats ------------------------------------------------------------------------------

RETREAT_OK = [
    ("A PAR R BUR", "A PAR R BUR"),
    ("a par r bur", "A PAR R BUR"),
    ("A PAR - BUR", "A PAR R BUR"),
    ("A PAR -> BUR", "A PAR R BUR"),
    ("A PAR retreats to BUR", "A PAR R BUR"),
    ("Paris retreats to Burgundy", "A PAR R BUR"),
    ("PAR R BUR", "A PAR R BUR"),
    ("France: A PAR R BUR", "A PAR R BUR"),
    ("A PAR D", "A PAR D"),
    ("A PAR disband", "A PAR D"),
    ("A PAR disbands", "A PAR D"),
    ("disband A PAR", "A PAR D"),
    ("DISBAND A PAR", "A PAR D"),
    # The order word first, as docs/orders.md lists it (issue 26: RETREAT was read as a
    # province).
    ("RETREAT A PAR - BUR", "A PAR R BUR"),
    ("retreat A PAR to BUR", "A PAR R BUR"),
    ("RETREAT A PAR BUR", "A PAR R BUR"),
    ("Retreats army Paris to Burgundy", "A PAR R BUR"),
    ("RETREAT F MAO - SPA/NC", "F MAO R SPA/NC"),
    ("RETREAT A PAR R BUR", "A PAR R BUR"),
    ("REMOVE A PAR", "A PAR D"),
    ("F MAO R SPA/NC", "F MAO R SPA/NC"),
    ("F MAO R spa (sc)", "F MAO R SPA/SC"),
    ("F MID - Spain north coast", "F MAO R SPA/NC"),
    ("F MAO R NAO", "F MAO R NAO"),
    ("F MAO R NAT", "F MAO R NAO"),
    ("F MAO D", "F MAO D"),
    # one reachable coast: it may be left out
    ("F LYO R SPA", "F LYO R SPA/SC"),
    ("F GOL R SPA", "F LYO R SPA/SC"),
]


@pytest.mark.parametrize(("line", "canonical"), RETREAT_OK)
def test_retreat_accepted(line: str, canonical: str) -> None:
    assert_accepted(RETREAT, "FRANCE", line, canonical)


# A refused retreat says where the unit may go (issue 32, the fifth trial).
PAR_MAY = " (it may retreat to BUR, or disband)"
MAO_MAY = " (it may retreat to IRI, NAF, NAO, POR, SPA/NC, SPA/SC, WES, or disband)"
LYO_MAY = " (it may retreat to MAR, PIE, SPA/SC, TUS, WES, or disband)"
RETREAT_BAD = [
    ("FRANCE", "A PAR R PIC",
     "A PAR cannot retreat to PIC: the attacker came from there" + PAR_MAY),
    ("FRANCE", "A PAR R GAS",
     "A PAR cannot retreat to GAS: it was left empty by a standoff" + PAR_MAY),
    ("FRANCE", "A PAR R BRE", "A PAR cannot retreat to BRE: it is occupied" + PAR_MAY),
    ("FRANCE", "A PAR R BOH", "A PAR cannot retreat to BOH: it is not adjacent" + PAR_MAY),
    # occupied but not adjacent: the reason is that it is not adjacent
    ("FRANCE", "A PAR R MUN", "A PAR cannot retreat to MUN: it is not adjacent" + PAR_MAY),
    ("FRANCE", "A PAR R NTH", "A PAR cannot retreat to NTH: it is not adjacent" + PAR_MAY),
    ("FRANCE", "A PAR R XYZ", "unknown province 'XYZ'"),
    ("FRANCE", "F MAO R ENG",
     "F MAO cannot retreat to ENG: the attacker came from there" + MAO_MAY),
    ("FRANCE", "F MAO R GAS",
     "F MAO cannot retreat to GAS: it was left empty by a standoff" + MAO_MAY),
    ("FRANCE", "F MAO R BRE", "F MAO cannot retreat to BRE: it is occupied" + MAO_MAY),
    ("FRANCE", "F MAO R PAR", "F MAO cannot retreat to PAR: it is not adjacent" + MAO_MAY),
    ("FRANCE", "F MAO R SPA", "F MAO R SPA: name the coast, SPA/NC or SPA/SC"),
    ("FRANCE", "F LYO R TYS",
     "F LYO cannot retreat to TYS: the attacker came from there" + LYO_MAY),
    ("FRANCE", "A MUN R BOH", "no dislodged unit in MUN"),
    ("FRANCE", "F PAR R BUR", "the unit in PAR is an army (A PAR)"),
    ("GERMANY", "A PAR R BUR", "not your unit: A PAR belongs to France"),
    ("FRANCE", "A PAR", "say where the unit retreats (A PAR R BUR) or disband it (A PAR D)"),
    ("FRANCE", "A PAR H", "did not understand 'H': expected R (retreat) or D (disband)"),
    ("FRANCE", "RETREAT A PAR - PIC",
     "A PAR cannot retreat to PIC: the attacker came from there" + PAR_MAY),
    ("FRANCE", "RETREAT A PAR",
     "say where the unit retreats (A PAR R BUR) or disband it (A PAR D)"),
    ("FRANCE", "BUILD A PAR",
     "builds, removals and waives are given in the winter (adjustment) phase, not now"),
]


@pytest.mark.parametrize(("power", "line", "reason"), RETREAT_BAD)
def test_retreat_rejected(power: str, line: str, reason: str) -> None:
    assert_rejected(RETREAT, power, line, reason)


# -- adjustments -----------------------------------------------------------------------------

ADJUSTMENT_OK = [
    ("FRANCE", "BUILD A PAR", "BUILD A PAR"),
    ("FRANCE", "build a par", "BUILD A PAR"),
    ("FRANCE", "Build army Paris", "BUILD A PAR"),
    ("FRANCE", "builds A PAR", "BUILD A PAR"),
    ("FRANCE", "A PAR B", "BUILD A PAR"),
    ("FRANCE", "A PAR build", "BUILD A PAR"),
    ("FRANCE", "+ A PAR", "BUILD A PAR"),
    ("FRANCE", "+A PAR", "BUILD A PAR"),
    ("FRANCE", "France: BUILD A PAR", "BUILD A PAR"),
    ("FRANCE", "BUILD F BRE", "BUILD F BRE"),
    ("FRANCE", "Build fleet Brest", "BUILD F BRE"),
    ("FRANCE", "WAIVE", "WAIVE"),
    ("FRANCE", "waive", "WAIVE"),
    ("FRANCE", "waive a build", "WAIVE"),
    ("FRANCE", "Waive one build", "WAIVE"),
    ("RUSSIA", "BUILD F STP/NC", "BUILD F STP/NC"),
    ("RUSSIA", "build f stp(nc)", "BUILD F STP/NC"),
    ("RUSSIA", "build fleet St Petersburg south coast", "BUILD F STP/SC"),
    ("RUSSIA", "BUILD F SEV", "BUILD F SEV"),
    ("RUSSIA", "BUILD A STP", "BUILD A STP"),
    ("GERMANY", "REMOVE A MUN", "REMOVE A MUN"),
    ("GERMANY", "remove a mun", "REMOVE A MUN"),
    ("GERMANY", "DISBAND A MUN", "REMOVE A MUN"),
    ("GERMANY", "A MUN D", "REMOVE A MUN"),
    ("GERMANY", "A MUN disband", "REMOVE A MUN"),
    ("GERMANY", "A MUN remove", "REMOVE A MUN"),
    ("GERMANY", "remove Munich", "REMOVE A MUN"),
    ("GERMANY", "- A MUN", "REMOVE A MUN"),
    ("GERMANY", "REMOVE F KIE", "REMOVE F KIE"),
    ("GERMANY", "Germany: remove fleet Kiel", "REMOVE F KIE"),
]


@pytest.mark.parametrize(("power", "line", "canonical"), ADJUSTMENT_OK)
def test_adjustment_accepted(power: str, line: str, canonical: str) -> None:
    assert_accepted(ADJUSTMENT, power, line, canonical)


ADJUSTMENT_BAD = [
    ("FRANCE", "BUILD A MAR", "cannot build in MAR: it is occupied (you may build in BRE PAR)"),
    ("FRANCE", "BUILD A MUN", "cannot build in MUN: you do not own it (you may build in BRE PAR)"),
    ("FRANCE", "BUILD A SPA", "cannot build in SPA: it is not one of your home centres "
     "(you may build in BRE PAR)"),
    # An owned, occupied centre that is no home centre: the real problem is named.
    ("FRANCE", "BUILD A BEL", "cannot build in BEL: it is not one of your home centres "
     "(you may build in BRE PAR)"),
    ("FRANCE", "BUILD A BUR", "cannot build in BUR: you do not own it (you may build in BRE PAR)"),
    ("FRANCE", "BUILD F PAR", "cannot build a fleet in PAR: it has no coast"),
    ("RUSSIA", "BUILD F MOS", "cannot build a fleet in MOS: it has no coast"),
    ("RUSSIA", "BUILD F STP", "BUILD F STP: name the coast, STP/NC or STP/SC"),
    ("FRANCE", "BUILD PAR", "say what to build: BUILD A PAR or BUILD F BRE"),
    ("FRANCE", "BUILD A XYZ", "unknown province 'XYZ'"),
    ("GERMANY", "REMOVE A BEL", "not your unit: A BEL belongs to France"),
    ("GERMANY", "REMOVE A BER", "no unit in BER"),
    ("GERMANY", "REMOVE F MUN", "the unit in MUN is an army (A MUN)"),
    ("FRANCE", "A PAR - BUR", "movement orders are given in the Spring and Fall, not in the "
     "winter: send them again after the winter's results; now write BUILD, REMOVE or WAIVE"),
    ("FRANCE", "A PAR BUR", "in an adjustment phase write BUILD, REMOVE or WAIVE (HELP shows "
     "them with your units)"),
    ("FRANCE", "RETREAT A PAR - BUR",
     "retreats and disbands are given in a retreat phase, not now"),
]


@pytest.mark.parametrize(("power", "line", "reason"), ADJUSTMENT_BAD)
def test_adjustment_rejected(power: str, line: str, reason: str) -> None:
    assert_rejected(ADJUSTMENT, power, line, reason)


# -- several lines ---------------------------------------------------------------------------


def test_later_order_replaces_earlier() -> None:
    ok, bad = accept_orders(MOVEMENT, RULES, "FRANCE", ["A PAR - BUR", "A PAR H"])
    assert [str(o) for o in ok] == ["A PAR H"]
    assert [(r.line, r.reason) for r in bad] == [
        ("A PAR - BUR", "replaced by a later order for the unit in PAR")
    ]


def test_rejection_names_the_unit_it_was_about() -> None:
    _, bad = accept_orders(MOVEMENT, RULES, "FRANCE", ["A PAR - XYZ", "F MAO - SPA", "gibberish"])
    assert [r.prov for r in bad] == ["PAR", "MAO", None]


def test_good_lines_survive_bad_ones() -> None:
    lines = ["A PAR - BUR", "A MUN - BUR", "F MAO - SPA/NC", "A XYZ H"]
    ok, bad = accept_orders(MOVEMENT, RULES, "FRANCE", lines)
    assert [str(o) for o in ok] == ["A PAR - BUR", "F MAO - SPA/NC"]
    assert [r.line for r in bad] == ["A MUN - BUR", "A XYZ H"]


@pytest.mark.parametrize("line", ["Austria-Hungary: A VIE - GAL", "austria : A VIE - GAL"])
def test_power_label_before_a_colon(line: str) -> None:
    from gmbot.engine.adjudicate import accept_orders
    from gmbot.engine.map import load_map
    from gmbot.engine.position import state_from_dict
    from gmbot.engine.rules import StandardRules

    state = state_from_dict({"phase": "S1901M"}, load_map("standard"))
    orders, rejected = accept_orders(state, StandardRules(), "AUSTRIA", [line])
    assert not rejected and [str(o) for o in orders] == ["A VIE - GAL"]
