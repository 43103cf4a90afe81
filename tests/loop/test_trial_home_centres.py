"""What the trial of issue 32 (docs/trial.md) found in a game with changing home centres,
read as its players read their mails: Austria is told from his welcome on that Trieste is
his but no home centre, his winter says why he has fewer builds than the public count and
that an assimilation lets him build only from the next winter, the limit on home centres
is a number and not the rule text's "N", and Spring orders sent in the winter are told to
wait."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, make_judge, standard_game
from tests.loop.test_home_centres_mail import POSITION
from tests.loop.test_trial_standard import REMOVAL
from tests.loop.trialkit import example, text

GAME = example("options/home_centres")
SUBJECT = "[standard-homecentres-example] orders"
AUSTRIA, ITALY = "austria@example.test", "italy@example.test"

# Fall 1901: Austria with Trieste as its extra starting centre, Italy beside it.
FALL = POSITION


def test_the_welcome_and_help_say_an_extra_centre_is_no_home_centre(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    [welcome] = [text(m) for m in judge.welcomes if m["To"] == AUSTRIA]
    # Austria's own centre to assimilate, not Russia's Warsaw; and why no build in TRI.
    assert "    ASSIMILATE TRI (winter: a centre held since last winter becomes a home " \
        "centre)" in welcome.splitlines()
    assert "  TRI is yours but not a home centre: no builds there until you ASSIMILATE it." \
        in welcome.splitlines()
    judge.send(AUSTRIA, "HELP\n", subject=SUBJECT)
    judge.tick()
    [help_mail] = [text(m) for m in judge.to(AUSTRIA, judge.new_mail())]
    assert "Home centres change in this game, in the winter:" in help_mail
    assert "option changing_home_centres" not in help_mail  # the GM's word, not a player's
    assert "  TRI is yours but not a home centre: no builds there until you ASSIMILATE it." \
        in help_mail.splitlines()
    # France has no extra centre: no such line.
    [france] = [text(m) for m in judge.welcomes if m["To"] == "france@example.test"]
    assert "is yours but not a home centre" not in france


def test_the_winter_says_where_he_builds_and_when_an_assimilated_centre_takes_builds(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra=FALL))
    judge.send(AUSTRIA, "A BUD - SER\nA TRI - ALB\nA VIE H\n", subject="[g] fall")
    judge.send(ITALY, "A VEN H\nA ROM H\nF NAP H\n", subject="[g] fall")
    judge.tick()
    [results] = [text(m) for m in judge.to(AUSTRIA, judge.new_mail())
                 if "Fall 1901 Movement results" in m["Subject"]]
    # Public: one build (four centres, three units); private: where, and why not TRI or SER.
    assert "AUSTRIA: 4 centres, 3 units: builds 1" in results
    own = results.split("--- For AUSTRIA only ---")[1].splitlines()
    assert "Your home centres: BUD VIE (2; you may have at most 3)." in own
    assert "You build only in a free home centre: BUD; SER TRI are yours but not home " \
        "centres." in own
    assert "N = " not in results

    # Winter: the fleet he wants in Trieste is refused; the assimilation says when it helps.
    judge.send(AUSTRIA, "BUILD F TRI\nASSIMILATE TRI\nA BUD - GAL\n", subject="[g] winter")
    judge.tick()
    [ack] = [text(m) for m in judge.to(AUSTRIA, judge.new_mail())]
    assert "cannot build in TRI: it is not one of your home centres" in ack
    assert "ASSIMILATE TRI: TRI is a home centre after this winter; you may build there " \
        "from the next winter on." in ack.splitlines()
    # A Spring order sent too soon: told it waits, with no other power's example.
    assert ("line 3: A BUD - GAL\n    -> movement orders are given in the Spring and Fall, "
            "not in the winter: send them again after the winter's results; now write BUILD, "
            "REMOVE or WAIVE") in ack
    assert "BUILD A PAR" not in ack


def test_status_lists_the_home_centres(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra=FALL))
    judge.send(AUSTRIA, "STATUS\n", subject="[g] status")
    judge.tick()
    [status] = [text(m) for m in judge.to(AUSTRIA, judge.new_mail())]
    # As the results do: the homes change in this game, so the board shows them.
    assert "AUSTRIA: 3 centres, 3 units\n  centres: BUD TRI VIE\n  units: A BUD, A TRI, " \
        "A VIE\n  homes: BUD VIE" in status


def after_the_fall(tmp_path: Path, austria: str, italy: str) -> Judge:
    """The game of FALL past its Fall, Austria and Italy ordering, its mails read."""
    judge = make_judge(tmp_path, standard_game(extra=FALL))
    judge.send(AUSTRIA, austria + "\n", subject="[g] fall")
    judge.send(ITALY, italy + "\n", subject="[g] fall")
    judge.tick()
    judge.new_mail()
    return judge


def test_the_winters_help_assimilates_a_centre_he_may_assimilate_now(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): Austria's HELP in the winter gave "ASSIMILATE GRE"
    # for Greece, taken that Fall, which the winter refuses ("a centre taken this year may
    # be assimilated next winter"); Trieste, his since the start, was the one he could.
    judge = after_the_fall(tmp_path, "A BUD - SER\nA TRI - ALB\nA VIE H",
                           "A VEN H\nA ROM H\nF NAP H")
    judge.send(AUSTRIA, "HELP\n", subject="[g] help")
    judge.tick()
    [help_mail] = [text(m) for m in judge.to(AUSTRIA, judge.new_mail())]
    lines = help_mail.splitlines()
    assert "  ASSIMILATE TRI: a centre you have held since last winter becomes a home centre" \
        in lines
    assert "ASSIMILATE SER" not in help_mail
    judge.send(AUSTRIA, "ASSIMILATE TRI\n", subject="[g] winter")
    judge.tick()
    [ack] = [text(m) for m in judge.to(AUSTRIA, judge.new_mail())]
    assert "Not accepted" not in ack


def test_abandoning_a_home_centre_lost_this_fall_says_when_he_may(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Italy, Venice lost in the Fall, sent "ABANDON VEN"
    # and read "you have controlled VEN since the previous winter", which he had not since
    # the Fall.
    judge = after_the_fall(tmp_path, "A TRI - VEN\nA BUD - SER\nA VIE H",
                           "A VEN - PIE\nA ROM H\nF NAP H")
    judge.send(ITALY, "ABANDON VEN\nREMOVE A PIE\n", subject="[g] winter")
    judge.tick()
    [ack] = [text(m) for m in judge.to(ITALY, judge.new_mail())]
    assert "  line 1: ABANDON VEN\n    -> you lost VEN only this year: a home centre may be " \
        "abandoned once you have not owned it since the previous winter, so next winter at " \
        "the earliest\n" in ack
    assert "Orders for W1901A (version 1):\n  REMOVE A PIE\n" in ack


# The standard trial's winter (Italy lost VEN to Austria in the Fall), home centres changing.
LOST_VEN = "options: {changing_home_centres: true}\n" + REMOVAL


def test_the_winters_help_gives_no_home_centre_to_assimilate(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Italy, with nothing he could assimilate this winter,
    # read "ASSIMILATE NAP" in his HELP, a home centre of his already.
    judge = make_judge(tmp_path, standard_game(extra=LOST_VEN))
    judge.send(ITALY, "HELP\n", subject="[g] help")
    judge.tick()
    [help_mail] = [text(m) for m in judge.to(ITALY, judge.new_mail())]
    lines = help_mail.splitlines()
    assert "  ASSIMILATE (centre): a centre you have held since last winter becomes a home " \
        "centre (none you may assimilate this winter)" in lines
    # Venice, Austria's when the game began in this winter, he may abandon.
    assert "  ABANDON VEN: a home centre you have not held since then is one no more" in lines
    assert "ASSIMILATE NAP" not in help_mail and "ASSIMILATE ROM" not in help_mail
