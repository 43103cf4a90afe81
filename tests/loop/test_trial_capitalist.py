"""What the trial of issue 32 (docs/trial.md) found in Capitalist Diplomacy past the
opening vote, read as its players read their mails: HELP's winter is votes, a standard
BUILD is answered with the vote it means, a vote for a centre that is not yet a home
centre says why, and no refusal cites the guide's rule numbers, which a player never
read; and (the third trial) a capital below the first choice says why the others were
passed over, a vote for an occupied home centre says a unit stands there, a bribe beaten by
bribes for the owner's order says so, a newcomer taking a seat over is told his capital
and balance, and a fleet vote's example names the coast."""

from __future__ import annotations

import re
from pathlib import Path

from tests.loop import joinkit
from tests.loop.judgekit import Judge, make_judge
from tests.loop.test_capitalist_mail import addr, capitalist_game, yaml_position
from tests.loop.trialkit import example, text

GAME = example("capitalist")
RULE_NUMBER = re.compile(r"\((rule )?\d\.\d+")

# The winter of 1898: Germany holds Berlin, its capital, and Munich; Italy Rome and Venice.
WINTER = """position:
  phase: W1898A
  units: {GERMANY: [A KIE], ITALY: [A VEN]}
  centers: {GERMANY: [BER, MUN], ITALY: [ROM, VEN]}
  powers:
    GERMANY: {capital: BER, balance: 4}
    ITALY: {capital: ROM, balance: 4}
"""


def ask(judge: Judge, who: str, lines: str) -> str:
    judge.send(addr(who), lines, subject="[g] orders")
    judge.tick()
    [reply] = [text(m) for m in judge.to(addr(who), judge.new_mail())]
    return reply


def own_section(judge: Judge, orders: dict[str, str], reader: str) -> list[str]:
    """The Spring 1899 results' section for `reader` alone, once every power has ordered."""
    for power, lines in orders.items():
        judge.send(addr(power), lines + "\n", subject="[g] orders")
    judge.tick()
    [results] = [text(m) for m in judge.to(addr(reader), judge.new_mail())
                 if "Spring 1899 Movement results" in m["Subject"]]
    return results.split(f"--- For {reader} only ---")[1].splitlines()


def test_helps_winter_line_is_the_vote_not_a_build(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    judge.send("france@example.test", "HELP\n", subject="[capitalist-example] help")
    judge.tick()
    [help_mail] = [text(m) for m in judge.new_mail()]
    # The standard "winter: BUILD F BRE / REMOVE A MAR / WAIVE" would be refused here.
    assert "  winter: votes, not builds and removals (Winter votes, below)" \
        in help_mail.splitlines()
    assert "winter: BUILD" not in help_mail


def test_a_winter_build_is_answered_with_the_vote_it_means(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(WINTER))
    reply = ask(judge, "ITALY", "BUILD A ROM\n")
    # Italy's own build as a vote, not France's Paris or a NO BUILD that 1898 refuses.
    assert "adjustments are voted in Capitalist Diplomacy: write VOTE A ROM (1), or more " \
        "votes: VOTE A ROM (3)" in reply
    assert "PAR" not in reply
    # Munich is Germany's but no home centre before the end of Fall 1899.
    reply = ask(judge, "GERMANY", "VOTE A BER (5)\nVOTE A MUN (5)\n")
    assert "line 2: VOTE A MUN (5)\n    -> MUN is yours but no home centre: until the end " \
        "of Fall 1899 you build only in your capital (and a capital you took)" in reply
    assert not RULE_NUMBER.search(reply)


def test_bribe_refusals_say_the_limits_in_words(tmp_path: Path) -> None:
    spring = WINTER.replace("W1898A", "S1898M")
    judge = make_judge(tmp_path, capitalist_game(spring))
    reply = ask(judge, "ITALY", "A VEN H\nBRIBE A KIE - HOL (1)\n")
    assert "-> no bribes in 1898: they begin in Spring 1899, for one unit" in reply
    assert not RULE_NUMBER.search(reply)
    judge = make_judge(tmp_path / "1899", capitalist_game(
        spring.replace("S1898M", "S1899M").replace("[A KIE]", "[A KIE, A BER]")))
    reply = ask(judge, "ITALY", "A VEN H\nBRIBE A KIE - HOL (1)\nBRIBE A BER - SIL (1)\n")
    assert "-> you may bribe only 1 unit this season (1 in Spring 1899, 2 in Fall 1899, 3 " \
        "from 1900)" in reply
    assert not RULE_NUMBER.search(reply)


def test_a_bribe_not_taken_says_what_beat_it(tmp_path: Path) -> None:
    spring = WINTER.replace("W1898A", "S1899M")
    own = own_section(make_judge(tmp_path, capitalist_game(spring)),
                      {"GERMANY": "A KIE H (2)", "ITALY": "A VEN H\nBRIBE A KIE - HOL (2)"},
                      "ITALY")
    # Not "refused", which reads as the judge refusing his line: the pay it did not beat.
    assert "BRIBE A KIE - HOL (2): not taken: 2 offered did not beat the owner's pay of 2 " \
        "(a bribe wins only with more); nothing paid." in own


def test_the_vote_totals_say_what_each_centre_got(tmp_path: Path) -> None:
    position = """position:
  phase: W1900A
  units: {GERMANY: [A BER], FRANCE: [A BEL]}
  centers: {GERMANY: [BER], FRANCE: [PAR, BEL, BRE]}
  homes: {GERMANY: [BER], FRANCE: [PAR, BEL, BRE]}
  powers:
    GERMANY: {capital: BER, balance: 4}
    FRANCE: {capital: PAR, balance: 4}
"""
    judge = make_judge(tmp_path, capitalist_game(position))
    judge.send(addr("FRANCE"), "VOTE A PAR (5)\nVOTE F BRE (5)\n", subject="[g] votes")
    judge.send(addr("GERMANY"), "VOTE NO BUILD PAR (9)\n", subject="[g] votes")
    judge.tick()
    [results] = [text(m) for m in judge.to(addr("FRANCE"), judge.new_mail())
                 if "Winter 1900 Adjustment results" in m["Subject"]]
    # France's army in Paris was outvoted: the line says so in words, not "NONE 9".
    lines = results.splitlines()
    assert "FRANCE PAR: A 5, no build 9 = no build" in lines
    assert "FRANCE BRE: F 5 = F" in lines


def test_a_capital_below_the_first_choice_says_why_the_others_were_passed_over(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    lists = {"ENGLAND": "LON EDI LVP BRE PAR BEL HOL DEN KIE NWY",
             "FRANCE": "PAR BRE MAR SPA POR BEL LON MUN ROM TUN",
             "GERMANY": "BER MUN KIE HOL DEN BEL WAR VIE PAR SWE",
             "RUSSIA": "STP MOS WAR SEV RUM SWE NWY ANK CON BUD",
             "TURKEY": "CON ANK SMY BUL GRE RUM SEV SER TUN NAP",
             # Both want Vienna: a coin toss, and the loser's next two are Vienna's neighbours.
             "AUSTRIA": "VIE BUD TRI SER VEN RUM GRE BUL MUN WAR",
             "ITALY": "VIE BUD TRI SER VEN RUM GRE BUL MUN WAR"}
    for power, centres in lists.items():
        judge.send(addr(power), f"CAPITALS {centres}\n", subject="[capitalist-example] orders")
    judge.tick()
    [results] = [text(m) for m in judge.to(addr("AUSTRIA"), judge.new_mail())
                 if "Winter 1896 Adjustment results" in m["Subject"]]
    [won] = [p for p in ("AUSTRIA", "ITALY") if f"{p}: capital VIE (choice 1" in results]
    [lost] = {"AUSTRIA", "ITALY"} - {won}
    # It read "capital SER (choice 4)", and nothing of Vienna, Budapest and Trieste.
    assert f"{lost}: capital SER (choice 4: VIE went to {won}; BUD, TRI are next to {won}'s " \
        "capital VIE)" in results.splitlines()


def test_a_vote_for_an_occupied_home_centre_says_a_unit_stands_there(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(WINTER.replace("[A KIE]", "[A BER]")))
    reply = ask(judge, "GERMANY", "VOTE A BER (3)\n")
    # "BER is no one's open build site this winter", of his own capital: it told him nothing.
    assert "    -> BER is no build site this winter: your A BER stands there, and units are " \
        "built only in a free home centre" in reply.splitlines()


def test_a_bribe_beaten_by_bribes_for_the_owners_order_says_so(tmp_path: Path) -> None:
    spring = """position:
  phase: S1899M
  units: {FRANCE: [A BEL], GERMANY: [A HOL], ENGLAND: [F LON]}
  centers: {FRANCE: [PAR, BEL], GERMANY: [BER, HOL], ENGLAND: [LON]}
  powers:
    FRANCE: {capital: PAR, balance: 4}
    GERMANY: {capital: BER, balance: 4}
    ENGLAND: {capital: LON, balance: 4}
"""
    own = own_section(make_judge(tmp_path, capitalist_game(spring)),
                      {"FRANCE": "A BEL H (2)", "GERMANY": "A HOL H\nBRIBE A BEL - PIC (3)",
                       "ENGLAND": "F LON H\nBRIBE A BEL H (1)"}, "GERMANY")
    # "3 offered did not beat the owner's pay of 2": England's 1 for the hold was on his side.
    assert "BRIBE A BEL - PIC (3): not taken: 3 offered did not beat the 3 for its owner's " \
        "order, its pay of 2 and 1 offered for that same order (a bribe wins only with " \
        "more); nothing paid." in own


def test_a_newcomer_taking_over_is_told_his_capital_and_balance(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(yaml_position()))
    judge.send(addr("RUSSIA"), "RESIGN RUSSIA\n", subject="[g] resign")
    judge.tick()
    answer = joinkit.ask(judge, "nikolai@example.org", "TAKEOVER g RUSSIA\n")
    [welcome] = [text(m) for m in joinkit.reply_to(judge, "nikolai@example.org", answer)
                 if "Welcome" in m["Subject"]]
    lines = welcome.splitlines()
    # The position and the public results only: nothing said what he may pay his units.
    at = lines.index("What only you see of your power now:")
    assert lines[at + 1] == "  Your capital: MOS. Home centres: MOS."
    assert lines[at + 2].startswith("  Account: balance 16 + income ")


def test_a_fleet_vote_example_names_the_coast(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(yaml_position().replace(
        "MOS", "STP").replace("A STP", "A FIN")))
    help_mail = ask(judge, "RUSSIA", "HELP\n")
    # The example was VOTE F STP (3), which the judge refuses: "names the coast".
    assert "  VOTE F STP/NC (3) / VOTE NO BUILD STP (1) / VOTE REMOVE A FIN (2)" \
        in help_mail.splitlines()


def test_the_winter_names_the_site_to_vote_for(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(WINTER))
    reply = ask(judge, "ITALY", "VOTE A BER (1)\n")
    # "at least 1 vote for your own build(s)": which site, and how, went unsaid.
    assert "Still without orders: at least 1 vote for your own build(s), at ROM: e.g. " \
        "VOTE A ROM (1)" in reply.splitlines()


def test_the_capital_phase_gives_the_readers_own_list_as_its_example(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    judge.send(addr("FRANCE"), "CAPITOLS PAR BRE MAR SPA POR BEL LON MUN ROM TUN\n",
               subject="[capitalist-example] orders")
    judge.tick()
    [ack] = [text(m) for m in judge.to(addr("FRANCE"), judge.new_mail())]
    # England's `CAPITALS LON EDI ...`, where France's welcome had `CAPITALS BRE ...`.
    assert "LON EDI" not in ack
    assert "Still without orders: your 10 preferred capitals (CAPITALS BRE MAR PAR ...)" \
        in ack.splitlines()
    assert "in the capital phase send your 10 preferred capitals, best first: CAPITALS BRE " \
        "MAR PAR ... (did you mean CAPITALS?)" in ack
