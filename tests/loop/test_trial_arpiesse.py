"""What the trial of 3 December 2026 (docs/trial.md) found in an Arpiesse game, read as its
players read their mails: HELP's winter build names a colour (a build without one is
refused), the welcome shows an exchange the player's own units can make, the primer's
exchange names units of the starting board, and a void exchange says why beside it."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import make_judge
from tests.loop.trialkit import addr, example, spring_results, text

GAME = example("arpiesse")
SUBJECT = "[arpiesse-example] orders"


def test_help_and_the_welcome_show_builds_and_exchanges_the_player_can_send(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    [welcome] = [text(m) for m in judge.welcomes if m["To"] == addr("FRANCE")]
    judge.send(addr("FRANCE"), "HELP\nRULES\n", subject=SUBJECT)
    judge.tick()
    mails = [text(m) for m in judge.to(addr("FRANCE"), judge.new_mail())]
    [help_mail] = [m for m in mails if "How to use this judge" in m]
    [primer] = [m for m in mails if "a player's primer" in m]
    # The winter line used to say BUILD F BRE, which the judge refuses without a colour.
    assert "  winter: BUILD RED F BRE / REMOVE A MAR / WAIVE (a build you do not use)" \
        in help_mail.splitlines()
    # One of two units that could support the other may exchange: France's army in
    # Paris and fleet in Brest can, so the welcome and HELP show it, not "UNIT X UNIT".
    assert "    A PAR X F BRE (exchange colours with a neighbour: both order it)" \
        in welcome.splitlines()
    assert "  A PAR X F BRE: two neighbouring units exchange colours" in help_mail
    # The primer's example is a pair of the starting board (Trieste holds a fleet).
    assert "A VEN X F TRI" in primer and "A VEN X A TRI" not in primer
    assert "one of them able to support the other to hold" in primer
    # Its lines are as long as a mail's (the trial of 3 December, fourth: a line of 110
    # characters, then its last two words on a line of their own).
    assert "  supports cannot move a red one." in primer.splitlines()
    assert "  red one." not in primer.splitlines()


def test_a_void_exchange_says_why_beside_it(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    results = spring_results(judge, {"GERMANY": "F KIE X A BER\nA MUN H"}, SUBJECT, "GERMANY")
    # A standard player would not know "void": the line says the other unit did not agree.
    assert "  F KIE (silver) X A BER (A BER did not order A BER X F KIE: no colours " \
        "change): void" in results.splitlines()


LOST_SEV = """
position:
  phase: W1901A
  units:
    RUSSIA: [{unit: A GAL, colour: purple}, {unit: F BLA, colour: silver}]
    TURKEY: [{unit: A SEV, colour: red}, {unit: F ANK, colour: purple}]
  centers:
    RUSSIA: [MOS, STP, WAR, RUM]
    TURKEY: [ANK, CON, SMY, SEV]
"""


def test_a_build_without_colour_in_a_lost_centre_is_told_the_centre_first(
        tmp_path: Path) -> None:
    # The trial of 3 December (second): Russia's "BUILD F SEV" (Turkey had taken SEV) was
    # answered "name the new unit's colour: BUILD RED F SEV"; he did, and was refused again:
    # "you do not own it". A build he may make is still asked its colour.
    judge = make_judge(tmp_path, GAME[:GAME.index("\nposition:")] + LOST_SEV)
    judge.send(addr("RUSSIA"), "BUILD F SEV\nBUILD A MOS\n", subject=SUBJECT)
    judge.tick()
    [ack] = [text(m) for m in judge.to(addr("RUSSIA"), judge.new_mail())]
    assert "  line 1: BUILD F SEV\n    -> cannot build in SEV: you do not own it (you may " \
           "build in MOS STP WAR)\n" in ack
    assert "  line 2: BUILD A MOS\n    -> name the new unit's colour: BUILD RED A MOS " \
           "(colours: red, purple, silver)\n" in ack
    assert "BUILD RED F SEV" not in ack


LOST_BRE = """
position:
  phase: W1901A
  units:
    FRANCE: [{unit: A PAR, colour: red}, {unit: A SPA, colour: purple},
             {unit: F POR, colour: silver}]
    ENGLAND: [{unit: F BRE, colour: red}, {unit: F BEL, colour: purple},
              {unit: A YOR, colour: silver}]
  centers:
    FRANCE: [MAR, PAR, POR, SPA]
    ENGLAND: [BEL, BRE, EDI, LON, LVP]
"""


def test_the_winters_help_builds_where_he_may_build(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): France, Brest lost to England and Paris occupied,
    # read "winter: BUILD RED F BRE" in his HELP: a build the judge refuses.
    judge = make_judge(tmp_path, GAME[:GAME.index("\nposition:")] + LOST_BRE)
    judge.send(addr("FRANCE"), "HELP\n", subject=SUBJECT)
    judge.tick()
    [help_mail] = [text(m) for m in judge.to(addr("FRANCE"), judge.new_mail())]
    assert "  winter: BUILD RED F MAR / REMOVE A PAR / WAIVE (a build you do not use)" \
        in help_mail.splitlines()
    assert "BUILD RED F BRE" not in help_mail


PURPLE_ON_RED = """
position:
  phase: S1901M
  units:
    FRANCE: [{unit: A BUR, colour: red}, {unit: A MAR, colour: purple}]
    GERMANY: [{unit: A RUH, colour: purple}, {unit: A MUN, colour: red}]
    ITALY: [{unit: A VEN, colour: red}]
  centers:
    FRANCE: [PAR, MAR, BRE]
    GERMANY: [BER, MUN, KIE]
    ITALY: [VEN]
"""


def test_a_colour_met_by_a_supporters_colour_says_why_strength_decided(
        tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Germany's purple A RUH, sent against France's red
    # A BUR ("purple beats red"), read "A RUH (purple) - BUR: bounced"; only a line further
    # down said A BUR "defended as red and purple", A MAR's purple with its support.
    judge = make_judge(tmp_path, GAME[:GAME.index("\nposition:")] + PURPLE_ON_RED)
    orders = {"GERMANY": "A RUH - BUR\nA MUN H", "FRANCE": "A BUR H\nA MAR S A BUR"}
    results = spring_results(judge, orders, SUBJECT, "GERMANY")
    assert "  A RUH (purple) - BUR (its purple beats A BUR's red, but A MAR's support added " \
        "purple: A BUR defended as red and purple, so strength decided): bounced" \
        in results.splitlines()
    judge.send(addr("GERMANY"), "EXPLAIN A RUH\n", subject=SUBJECT)
    judge.send(addr("FRANCE"), "EXPLAIN A BUR\n", subject=SUBJECT)
    judge.tick()
    mails = judge.new_mail()
    [german] = [text(m) for m in judge.to(addr("GERMANY"), mails)]
    assert "  - its purple beats A BUR's red, but A MAR's support added purple: A BUR " \
        "defended as red and purple, so strength decided" in german.splitlines()
    [french] = [text(m) for m in judge.to(addr("FRANCE"), mails)]
    assert "  - A RUH's purple beats its own red, but A MAR's support added purple: it " \
        "defended as red and purple, so strength decided" in french.splitlines()


def test_an_exchange_with_his_own_unit_ordered_to_move_is_told_in_the_ack(
        tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Turkey's "A SMY - ARM" and "F ANK X A SMY" in one
    # mail were acknowledged "the colours are exchanged only if A SMY is ordered A SMY X
    # F ANK", beside the move he had just given A SMY; the results then read "void".
    judge = make_judge(tmp_path, GAME)
    judge.send(addr("TURKEY"), "A CON - BUL\nA SMY - ARM\nF ANK X A SMY\n", subject=SUBJECT)
    judge.tick()
    [ack] = [text(m) for m in judge.to(addr("TURKEY"), judge.new_mail())]
    assert "F ANK X A SMY: no colours change, since A SMY is ordered A SMY - ARM: order " \
        "A SMY X F ANK for the exchange." in ack.splitlines()
    # Both sides ordered, or the other power's unit: the ack says what the exchange needs.
    judge.send(addr("TURKEY"), "A SMY X F ANK\n", subject=SUBJECT)
    judge.tick()
    [ack] = [text(m) for m in judge.to(addr("TURKEY"), judge.new_mail())]
    assert "F ANK X A SMY: the colours are exchanged only if A SMY is ordered A SMY X F ANK " \
        "and neither unit is dislodged." in ack.splitlines()
