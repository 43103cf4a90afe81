"""What the trial of 3 December 2026 (docs/trial.md) found in a Warlock game, read as its
players read their mails: a spell written twice is one cast, HELP's spells are cast on
the reader's own units and home centres, an added support stands beside the battle it
won, and a winter's EXTRA BUILD is public, so that the builds add up; and past the Spring
(the third trial): a balloon landing where a unit moved in is dislodged from there, an army
under another's balloon stayed on the ground, the ack says what a balloon or an impervious
unit sets aside, lasting spells say until when in words, and HELP orders the unit aloft."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.loop.judgekit import Judge, make_judge
from tests.loop.trialkit import addr, example, spring_results, text

GAME = example("warlock")
SUBJECT = "[warlock-example] orders"


def test_a_spell_written_twice_is_one_cast(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    # A newcomer tries the short name, then writes the spell out in full.
    judge.send(addr("ENGLAND"), "CAST INVISIBLE F LON - NTH\nCAST MAKE INVISIBLE F LON - NTH\n",
               subject=SUBJECT)
    judge.tick()
    [ack] = [text(m) for m in judge.to(addr("ENGLAND"), judge.new_mail())]
    assert ack.count("CAST MAKE INVISIBLE F LON - NTH") == 1
    assert "Refused" not in ack


def test_help_casts_the_spells_on_the_readers_own_units(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    judge.send(addr("ENGLAND"), "HELP\n", subject=SUBJECT)
    judge.tick()
    [help_mail] = [text(m) for m in judge.to(addr("ENGLAND"), judge.new_mail())]
    lines = help_mail.splitlines()
    # England's own army, fleets and home centre, not France's Paris or Russia's fleet.
    for spell in ("CAST MOVE HOME SC EDI - CLY", "CAST DOUBLE ORDERS A LVP - CLY - EDI",
                    "CAST ADD 1 SUPPORT A LVP - CLY", "CAST MAKE INVISIBLE A LVP - CLY",
                    "CAST WALK ON WATER A LVP - IRI", "CAST SWIM IN LAND F EDI - LVP",
                    "CAST GHOST A LVP - CLY", "CAST VAPORIZE A BER"):
        assert any(line.startswith(f"  {spell} ") for line in lines), spell
    assert "PAR - BUR" not in help_mail and "F SEV - MOS" not in help_mail


def test_an_added_support_stands_beside_the_battle_it_won(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    results = spring_results(judge, {"AUSTRIA": "A VIE - GAL\nCAST ADD 1 SUPPORT A VIE - GAL",
                                     "RUSSIA": "A WAR - GAL",
                                     "FRANCE": "CAST ADD 1 SUPPORT A MAR H\nA MAR - PIE"},
                             SUBJECT, "RUSSIA")
    # One against one, and Vienna's army went in: the line says why.
    assert "  A VIE - GAL (ADD 1 SUPPORT cast on it: one support more than its orders had): " \
        "succeeds" in results.splitlines()
    assert "  A WAR - GAL: bounced" in results.splitlines()
    # A support cast for a hold adds nothing to a move: no reason beside it.
    assert "  A MAR - PIE: succeeds" in results.splitlines()


WINTER = """
position:
  phase: W1901A
  units:
    ENGLAND: [F NWY, F NWG, A YOR]
    FRANCE: [A PAR, A MAR, F BRE]
  centers:
    ENGLAND: [EDI, LON, LVP, NWY]
    FRANCE: [PAR, MAR, BRE]
"""


def test_a_winter_extra_build_is_told_to_everyone(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME + WINTER)
    judge.send(addr("ENGLAND"), "CAST EXTRA BUILD\nBUILD F LON\nBUILD F EDI\n", subject=SUBJECT)
    judge.tick()
    mails = judge.new_mail()
    [results] = [text(m) for m in judge.to(addr("FRANCE"), mails)
                 if "Winter 1901 Adjustment results" in m["Subject"]]
    # Two builds on four centres and three units: France reads the spell that made it so.
    assert "  BUILD F EDI: succeeds" in results.splitlines()
    assert "England: CAST EXTRA BUILD: one build more this winter" in results.splitlines()


GALICIA = """
position:
  phase: S1901M
  units:
    AUSTRIA: [A GAL, A VIE]
    RUSSIA: [A WAR, A MOS]
  centers:
    AUSTRIA: [VIE, BUD]
    RUSSIA: [WAR, MOS]
"""


def test_a_unit_lost_to_a_catastrophe_reads_destroyed(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME + GALICIA)
    results = spring_results(judge, {"RUSSIA": "CAST CATASTROPHE GAL\nA WAR - GAL",
                                     "AUSTRIA": "A GAL H\nA VIE H"}, SUBJECT, "AUSTRIA")
    # The hold was carried out, but the army is lost: its row used to say "succeeds".
    assert "  A GAL H (it stayed in a catastrophe's province, which destroys a unit that " \
        "stays): destroyed" in results.splitlines()


def test_an_army_still_at_sea_reads_drowned(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    spring_results(judge, {"ENGLAND": "CAST WALK ON WATER A LVP - IRI\nF LON H\nF EDI H"},
                   SUBJECT, "ENGLAND")
    judge.send(addr("ENGLAND"), "A IRI H\nF LON H\nF EDI H\n", subject=SUBJECT)
    judge.clock.advance(hours=70)
    judge.tick()
    [fall] = [text(m) for m in judge.to(addr("FRANCE"), judge.new_mail())
              if "Fall 1901 Movement results" in m["Subject"]]
    assert "  A IRI H (it was still at sea when its WALK ON WATER ended): drowned" \
        in fall.splitlines()


def test_a_build_where_a_home_centre_was_moved_says_why(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    spring_results(judge, {"TURKEY": "CAST MOVE HOME SC SMY - SYR\nA SMY - ARM\nA CON - BUL"},
                   SUBJECT, "TURKEY")
    judge.clock.advance(hours=70)  # the Fall: Bulgaria is Turkey's
    judge.tick()
    judge.send(addr("TURKEY"), "BUILD A SYR\n", subject=SUBJECT)
    judge.tick()
    [winter] = [text(m) for m in judge.to(addr("FRANCE"), judge.new_mail())
                if "Winter 1901 Adjustment results" in m["Subject"]]
    # Syria is no supply centre: the line says why an army may be built there.
    assert "  BUILD A SYR (the home centre SMY lies in SYR, moved by CAST MOVE HOME SC): " \
        "succeeds" in winter.splitlines()


def test_an_unknown_spell_points_to_help_uncut(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    judge.send(addr("FRANCE"), "CAST FIREBALL A MUN\nCAST BALOON A MAR\n", subject=SUBJECT)
    judge.tick()
    [ack] = [text(m) for m in judge.to(addr("FRANCE"), judge.new_mail())]
    lines = ack.splitlines()
    assert "    -> unknown spell 'FIREBALL'; HELP lists the 18 spells, each with an example" \
        in lines
    assert "    -> unknown spell 'BALOON' (did you mean BALLOON?); HELP lists the 18 spells, " \
        "each with an example" in lines
    assert "…" not in ack


# The results carry the double order out, not the hold written beside it, and add nothing
# to a hold; the balloon's rise is its unit's move, an impervious unit stands (the third
# trial: both acknowledged, then refused or dropped in the results). The ack says so
# before the deadline, not the results after it.
SET_ASIDE = [
    ("ENGLAND", "CAST DOUBLE ORDERS F LON - NTH - NWY\nF LON H\nCAST ADD 1 SUPPORT A LVP - YOR\n"
                "A LVP H\nF EDI H",
     ["Note: CAST DOUBLE ORDERS F LON - NTH - NWY is F LON's order this turn: F LON H is not "
      "carried out",
      "Note: CAST ADD 1 SUPPORT A LVP - YOR adds supports only to A LVP - YOR, and A LVP is "
      "ordered A LVP H"]),
    ("FRANCE", "CAST BALLOON A PAR\nA PAR - BUR\nCAST POWER IMPERVIOUS A MAR\nA MAR - PIE\n"
               "F BRE H",
     ["Note: CAST BALLOON A PAR: floating up is A PAR's move this turn, so A PAR - BUR is "
      "refused",
      "Note: CAST POWER IMPERVIOUS A MAR: an impervious unit stands, so A MAR - PIE is not "
      "carried out (it may hold or support)"]),
]


@pytest.mark.parametrize(("power", "orders", "notes"), SET_ASIDE, ids=["double", "balloon"])
def test_the_ack_says_which_order_a_spell_sets_aside(tmp_path: Path, power: str, orders: str,
                                                     notes: list[str]) -> None:
    judge = make_judge(tmp_path, GAME)
    judge.send(addr(power), orders + "\n", subject=SUBJECT)
    judge.tick()
    [ack] = [text(m) for m in judge.to(addr(power), judge.new_mail())]
    for note in notes:
        assert note in ack.splitlines()


def play_out(judge: Judge, orders: dict[str, str], reader: str, season: str) -> str:
    """Mail each power's orders, let the deadline pass, and return the results of
    `season` as `reader` reads them."""
    for power, lines in orders.items():
        judge.send(addr(power), lines + "\n", subject=SUBJECT)
    judge.tick()
    mails = judge.new_mail()
    if not any(f"{season} results" in m["Subject"] for m in mails):  # not processed early
        judge.clock.advance(hours=70)
        judge.tick()
        mails = judge.new_mail()
    [results] = [text(m) for m in judge.to(addr(reader), mails)
                 if f"{season} results" in m["Subject"]]
    return results


# The trial of 3 December 2026 (third): France's balloon over Burgundy, which Italy's army
# leaves as Germany's comes in.
LANDING = """
position:
  phase: S1902M
  units:
    FRANCE: [A PAR]
    ITALY: [A BUR]
    GERMANY: [A MUN]
  centers:
    FRANCE: [PAR, MAR, BRE]
    ITALY: [ROM, VEN, NAP]
    GERMANY: [MUN, BER, KIE]
  extra:
    aloft: {BUR: {power: FRANCE, unit: A BUR}}
"""


def test_a_balloon_landing_where_a_unit_moved_in_is_dislodged_from_there(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME + LANDING)
    results = play_out(judge, {"FRANCE": "BALLOON A BUR LAND\nA PAR H",
                               "ITALY": "A BUR - PIC", "GERMANY": "A MUN - BUR"},
                       "FRANCE", "Spring 1902 Movement")
    lines = results.splitlines()
    # Its row read "succeeds", the retreats "attacked from None" and offered Munich, where
    # the army that took Burgundy came from.
    assert "  BALLOON A BUR LAND (it came down on BUR, where A MUN had moved in: a balloon " \
        "that lands on an occupied province is dislodged): dislodged" in lines
    [retreats] = [line for line in lines if line.startswith("  FRANCE A BUR ")]
    assert retreats == "  FRANCE A BUR (attacked from MUN): may retreat to BEL, GAS, MAR, RUH"
    assert "None" not in results


FLOATING = """
position:
  phase: S1901M
  units:
    FRANCE: [A PAR]
    ITALY: [A BUR]
  centers:
    FRANCE: [PAR, MAR, BRE]
    ITALY: [ROM, VEN, NAP]
"""


def test_a_unit_under_anothers_balloon_stayed_on_the_ground(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME + FLOATING.replace(
        "centers:", "extra:\n    aloft: {PAR: {power: FRANCE, unit: A PAR}}\n  centers:"))
    play_out(judge, {"FRANCE": "BALLOON A PAR - BUR\nA PAR H", "ITALY": "A BUR H"},
             "ITALY", "Spring 1901 Movement")
    judge.send(addr("ITALY"), "EXPLAIN A BUR\n", subject=SUBJECT)
    judge.tick()
    [why] = [text(m) for m in judge.to(addr("ITALY"), judge.new_mail())]
    # Italy's army held in Burgundy; the French balloon drifted over it.
    assert "A BUR in Spring 1901 Movement (S1901M):\n  ordered: A BUR H\n  result: succeeds\n" \
        in why
    assert "the air" not in why


def test_a_spell_that_lasts_says_until_when_in_words(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    results = spring_results(judge, {"ITALY": "CAST WALK ON WATER A ROM - TYS\nA VEN H\n"
                                              "F NAP H",
                                     "RUSSIA": "CAST SWIM IN LAND F SEV - UKR\nCAST SPIN THE "
                                               "BOTTLE\nA MOS H\nA WAR H\nF STP/SC H"},
                             SUBJECT, "ITALY")
    # "until the end of F1901M", a phase code, and nothing said of what comes then.
    assert "A TYS may walk on water until the end of Fall 1901 Movement: an army still at " \
        "sea then drowns" in results.splitlines()
    assert any(line.startswith("The bottle spun by Russia points at ") and line.endswith(
        "it is destroyed and impassable until after Fall 1901 Movement")
        for line in results.splitlines())
    [russia] = [text(m) for m in judge.to(addr("RUSSIA"))
                if "Spring 1901 Movement results" in m["Subject"]]
    assert "F UKR may swim in land until the end of Fall 1901 Movement: a fleet still on land " \
        "then takes the centre it stands on and is beached (lost)" in russia.splitlines()


def test_help_tells_how_to_order_the_unit_in_the_air(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    spring_results(judge, {"FRANCE": "CAST BALLOON A PAR\nA MAR H\nF BRE H"}, SUBJECT, "FRANCE")
    judge.send(addr("FRANCE"), "HELP\n", subject=SUBJECT)
    judge.tick()
    [help_mail] = [text(m) for m in judge.to(addr("FRANCE"), judge.new_mail())]
    lines = help_mail.splitlines()
    # "Your units: A MAR, F BRE." alone: the army in the air was nowhere in HELP.
    assert "Your units in the air: A PAR. Order one with BALLOON A PAR - (a" in lines
    assert "province next to it) to drift, or BALLOON A PAR LAND to come down." in lines


FALLEN = """
position:
  phase: S1903M
  units:
    ENGLAND: [F LON]
    FRANCE: [A PAR]
  centers:
    ENGLAND: [LON, EDI, LVP]
    FRANCE: [PAR, BRE, MAR]
  powers:
    ITALY: {fallen: 1902}
"""


def italys_help(judge: Judge) -> str:
    judge.new_mail()
    judge.send(addr("ITALY"), "What can I do?\nHELP\n", subject=SUBJECT)
    judge.tick()
    [help_mail] = judge.to(addr("ITALY"), judge.new_mail())
    return " ".join(text(help_mail).split())


def italys_spring_1903(judge: Judge) -> tuple[str, str]:
    """Italy's Spring 1903 results, the deadline passed: the whole, and his own section."""
    judge.clock.advance(hours=80)
    judge.tick()
    [results] = [text(m) for m in judge.to(addr("ITALY"), judge.new_mail())
                 if "Spring 1903 Movement results" in m["Subject"]]
    return results, " ".join(results.split("--- For ITALY only ---")[1].split())


def test_a_fallen_warlock_is_told_his_one_spell_and_what_the_undead_must_do(
        tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Italy, his last centre lost in Fall 1902, asked
    # "What can I do?": HELP listed every spell "1 of 1 left" (he may cast UNDEAD alone)
    # and his results said "Your units: none" and his spells, nothing of UNDEAD; once it
    # raised A YOR nothing said that it must take a centre by the Fall.
    judge = make_judge(tmp_path, GAME + FALLEN)
    help_mail = italys_help(judge)
    assert "You have no centre and no unit left: of your spells you may cast only UNDEAD " \
        "now, in a Spring until Spring 1905 (CAST UNDEAD ARMY or CAST UNDEAD FLEET)" in help_mail
    assert "CAST UNDEAD ARMY: 1 of 1 left" in help_mail
    assert "CAST VAPORIZE" not in help_mail
    # STATUS said "You have nothing to order": he may cast UNDEAD.
    judge.send(addr("ITALY"), "STATUS\n", subject=SUBJECT)
    judge.tick()
    [status] = [text(m) for m in judge.to(addr("ITALY"), judge.new_mail())]
    assert "Nothing waits for your orders, but you may order CAST UNDEAD ARMY or CAST " \
        "UNDEAD FLEET." in status
    judge.send(addr("ITALY"), "CAST UNDEAD ARMY\n", subject=SUBJECT)
    results, own = italys_spring_1903(judge)
    assert "your undead unit must take a centre by the end of Fall 1903, or you go to " \
        "purgatory, out of the game for good." in own
    # The raised army's row stands under ITALY, not under "?" (it was not on the board
    # when the phase began).
    assert "\n?:" not in results and "\nITALY:\n  A SER H: no order: holds\n" in results
    # A warlock whose undead unit took no centre is told he is out for good, HELP too.
    judge = make_judge(tmp_path / "purgatory", GAME + FALLEN.replace(
        "{fallen: 1902}", "{fallen: 1902, purgatory: true}"))
    help_mail = italys_help(judge)
    assert "you are in Warlock purgatory, out of the game for good, and cast no more " \
        "spells." in help_mail
    assert "CAST UNDEAD" not in help_mail and "Spells: one line each" not in help_mail
    _, own = italys_spring_1903(judge)
    assert "purgatory" in own and "Spells left" not in own
