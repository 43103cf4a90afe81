"""What the third trial of 3 December 2026 (docs/trial.md) found of EXPLAIN, read as its
players read their mails: a unit written with its kind is the unit of that kind that
stood, or ended, in the province named; a supported unit names the support it lacked and
why it was cut; a bribed unit says what its owner ordered; a ghost asked about after it
faded is told when it faded."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import POWERS, Judge, make_judge
from tests.loop.test_capitalist_mail import UNITS, capitalist_game, yaml_position
from tests.loop.trialkit import addr, example, spring_results, text

WARLOCK = example("warlock")
SUBJECT = "[warlock-example] orders"


def explained(judge: Judge, power: str, line: str, subject: str = SUBJECT) -> str:
    judge.send(addr(power), line + "\n", subject=subject)
    judge.tick()
    [why] = [text(m) for m in judge.to(addr(power), judge.new_mail())]
    return why


def past_the_deadline(judge: Judge, orders: dict[str, str], subject: str) -> None:
    """Mail each power's orders and let the phase's deadline and its grace pass."""
    for power, lines in orders.items():
        judge.send(addr(power), lines + "\n", subject=subject)
    judge.tick()
    judge.clock.advance(hours=70)
    judge.tick()
    judge.new_mail()


def test_a_unit_written_with_its_kind_is_the_one_of_that_kind_that_ended_there(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WARLOCK)
    spring_results(judge, {"RUSSIA": "CAST SWIM IN LAND F SEV - MOS\nA MOS - UKR\n"
                                               "A WAR H\nF STP/SC H"}, SUBJECT, "RUSSIA")
    why = explained(judge, "RUSSIA", "EXPLAIN F MOS")
    # It answered of A MOS, the army that stood in Moscow and left it for Ukraine.
    assert "F SEV in Spring 1901 Movement (S1901M):" in why
    assert "A MOS in" not in why
    # The army is still A MOS's answer, and a line without the kind the unit that stood
    # there.
    assert "A MOS in Spring 1901 Movement (S1901M):" in explained(judge, "RUSSIA",
                                                                  "EXPLAIN A MOS")


CUTTING = """
position:
  phase: S1902M
  units:
    TURKEY: [A BUL, F BLA]
    RUSSIA: [A RUM, A SER]
    ENGLAND: [F LON]
  centers:
    TURKEY: [ANK, CON, SMY]
    RUSSIA: [MOS, SEV, STP, WAR]
    ENGLAND: [LON, EDI, LVP]
"""


def test_a_supported_units_explain_names_the_support_a_spell_cut(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WARLOCK + CUTTING)
    past_the_deadline(judge, {"TURKEY": "A BUL H\nF BLA S A BUL",
                              "RUSSIA": "A RUM - BUL\nA SER S A RUM - BUL\n"
                                        "CAST CUT SUPPORT DEFENCE BUL",
                              "ENGLAND": "F LON H"}, SUBJECT)
    why = explained(judge, "TURKEY", "EXPLAIN A BUL S1902M")
    # It read "hold strength 1 against attack strength 2", nothing of the support it lacked.
    assert "  - F BLA's support was cut by a CUT SUPPORT spell on DEFENCE BUL" in why.splitlines()
    # A power with no part in it does not learn it through EXPLAIN.
    assert "support" not in explained(judge, "ENGLAND", "EXPLAIN F LON S1902M")


STANDARD_CUT = """
position:
  phase: S1901M
  units:
    TURKEY: [A BUL, F BLA]
    RUSSIA: [A RUM, A SER, F ARM]
  centers:
    TURKEY: [ANK, CON, SMY]
    RUSSIA: [MOS, SEV, STP, WAR]
"""


def test_a_supported_units_explain_names_the_attack_that_cut_its_support(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("standard") + STANDARD_CUT)
    subject = "[standard-example] orders"
    past_the_deadline(judge, {"TURKEY": "A BUL H\nF BLA S A BUL",
                              "RUSSIA": "A RUM - BUL\nA SER S A RUM - BUL\nF ARM - BLA"},
                      subject)
    why = explained(judge, "TURKEY", "EXPLAIN A BUL S1901M", subject)
    # It read "support of F BLA cut", not by what.
    assert "  - F BLA's support was cut by the attack of F ARM" in why.splitlines()


def test_a_bribed_units_explain_says_what_its_owner_ordered_and_what_the_bribe_made_it_do(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(yaml_position()))
    orders = {"ENGLAND": "F LON H (3)", "FRANCE": "A POR H (2)\nBRIBE F LON - YOR (5)"}
    past_the_deadline(judge, {p: orders.get(p, f"{UNITS[p]} H") for p in POWERS}, "[g] orders")
    why = explained(judge, "ENGLAND", "EXPLAIN F LON S1899M", "[g] orders")
    # It read "ordered: F LON - YOR", the bribe's order, as if England had given it.
    lines = why.splitlines()
    assert "  ordered: F LON H" in lines
    assert "  carried out: F LON - YOR (bribed: 5 offered for YOR beat its owner's pay of 3 " \
        "for HOLD)" in lines
    # The briber is not named to the owner, and the reason is told once.
    assert "FRANCE" not in why.upper() and why.count("bribed") == 1


FADING = """
position:
  phase: F1901M
  units:
    ENGLAND: [F LON, {unit: F EDI, ghost: true}]
    FRANCE: [A BUR, A RUH]
    GERMANY: [A MUN]
  centers:
    ENGLAND: [LON, EDI, LVP]
    FRANCE: [PAR, MAR, BRE]
    GERMANY: [BER, KIE, MUN]
"""


def test_a_ghost_asked_about_after_it_faded_is_told_it_faded(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WARLOCK + FADING)
    # The fall has a retreat (A MUN's), the ghost fades at its end, the winter follows.
    past_the_deadline(judge, {"ENGLAND": "F LON H\nF EDI H",
                              "FRANCE": "A BUR - MUN\nA RUH S A BUR - MUN", "GERMANY": "A MUN H"},
                      SUBJECT)
    past_the_deadline(judge, {"GERMANY": "A MUN D"}, SUBJECT)
    why = explained(judge, "ENGLAND", "EXPLAIN GHOST F EDI")
    # It read "There was no ghost of yours in EDI in Winter 1901 Adjustment", then (the
    # fourth trial) "GHOST F EDI in Fall 1901 Retreat (F1901R):" over "- it faded ...".
    assert why.splitlines() == [
        "Your ghost F EDI faded into mist at the end of 1901, in the Fall 1901 Retreat "
        "results: a ghost lasts until the year's end."]
    # To France it was England's fleet: EXPLAIN tells him nothing of it.
    assert "ghost" not in explained(judge, "FRANCE", "EXPLAIN F EDI F1901R").lower()


TAKING = """position:
  phase: F1898M
  units:
    ITALY: [A VEN, A ALB]
    AUSTRIA: [A BUD]
  centers:
    ITALY: [VEN]
    AUSTRIA: [SER, BUD]
  homes:
    ITALY: [VEN]
    AUSTRIA: [SER]
  powers:
    ITALY: {capital: VEN, balance: 10}
    AUSTRIA: {capital: SER, balance: 10}
"""


def test_the_public_board_lists_a_taken_capital_among_its_captors_homes(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(TAKING))
    for power, lines in {"ITALY": "A ALB - SER\nA VEN H", "AUSTRIA": "A BUD H"}.items():
        judge.send(addr(power), lines + "\n", subject="[g] orders")
    judge.tick()
    [results] = [text(m) for m in judge.to(addr("AUSTRIA"), judge.new_mail())
                 if "Fall 1898 Movement results" in m["Subject"]]
    public = results.split("--- For", 1)[0]
    # The board said "homes: VEN" for Italy while his own section said "SER VEN".
    assert "  homes: SER VEN" in public.splitlines()
