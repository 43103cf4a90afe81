"""What the trial of 3 December 2026 (docs/trial.md) found in a Warlock game, read as its
players read their mails: a spell written twice is one cast, HELP's spells are cast on
the reader's own units and home centres, an added support stands beside the battle it
won, and a winter's EXTRA BUILD is public, so that the builds add up."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import make_judge
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


def test_the_ack_says_which_order_a_spell_sets_aside(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    judge.send(addr("ENGLAND"), "CAST DOUBLE ORDERS F LON - NTH - NWY\nF LON H\n"
               "CAST ADD 1 SUPPORT A LVP - YOR\nA LVP H\nF EDI H\n", subject=SUBJECT)
    judge.tick()
    [ack] = [text(m) for m in judge.to(addr("ENGLAND"), judge.new_mail())]
    lines = ack.splitlines()
    # The results carry the double order out, not the hold written beside it, and add
    # nothing to a hold: the ack says so before the deadline, not the results after it.
    assert "Note: CAST DOUBLE ORDERS F LON - NTH - NWY is F LON's order this turn: F LON H " \
        "is not carried out" in lines
    assert "Note: CAST ADD 1 SUPPORT A LVP - YOR adds supports only to A LVP - YOR, and " \
        "A LVP is ordered A LVP H" in lines
