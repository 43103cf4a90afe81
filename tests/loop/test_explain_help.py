"""HELP and every variant's primer (what RULES mails) name EXPLAIN and its forms in a
player's words: a unit as the results name it, a phase after it, the turn before a winter;
HELP's example is one of the reader's own units, and in Warlock the forms for a balloon
and a ghost are his own, told only while he has one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.loop.judgekit import make_judge
from tests.loop.test_explain import ask as ask_as
from tests.loop.test_explain import play
from tests.loop.test_explain_warlock import GAME as WARLOCK
from tests.loop.test_explain_warlock import TEXT as WARLOCK_TEXT
from tests.loop.test_learn_by_mail import ask, example

# Each variant's example game, a player of it, the phase form its primer shows, and HELP's
# example for him: his first unit, the phase his game has next (nothing processed yet).
GAMES = {"standard": ("standard-example", "austria", "EXPLAIN A PAR S1901M",
                      "EXPLAIN A BUD; EXPLAIN A BUD S1901M"),
         "arpiesse": ("arpiesse-example", "france", "EXPLAIN A PAR S1901M",
                      "EXPLAIN A MAR; EXPLAIN A MAR S1901M"),
         "capitalist": ("capitalist-example", "austria", "EXPLAIN A PAR S1899M",
                        "EXPLAIN A BUD; EXPLAIN A BUD S1897M"),
         "al_andalus": ("al-andalus-example", "castille", "EXPLAIN A TOL S1080M",
                        "EXPLAIN A BUR; EXPLAIN A BUR S1080M"),
         "warlock": ("warlock-example", "turkey", "EXPLAIN A PAR S1901M",
                     "EXPLAIN A CON; EXPLAIN A CON S1901M")}


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_help_and_the_primer_name_explain_and_its_forms(tmp_path: Path, variant: str) -> None:
    game, power, form, own = GAMES[variant]
    judge = make_judge(tmp_path, example(variant))
    _, rules = ask(judge, f"{power}@example.test", "RULES\n", game)
    flat = " ".join(rules.split())
    assert "in the last phase it had an order (after a winter, the turn before)" in flat
    assert form in flat
    _, text = ask(judge, f"{power}@example.test", "HELP\n", game)
    flat = " ".join(text.split())
    assert "EXPLAIN unit (phase): why one of your units did what it did in the last phase " \
        "it had an order, or in the phase you name after it" in flat
    assert f"the rules that decided it ({own} for that phase)" in flat


def test_helps_explain_example_is_the_readers_unit_in_the_last_phase(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WARLOCK_TEXT)
    before = " ".join(ask(judge, "germany@example.test", "HELP\n", WARLOCK)[1].split())
    assert "EXPLAIN BALLOON" not in before and "EXPLAIN GHOST" not in before
    play(judge, WARLOCK, {"GERMANY": ["CAST BALLOON A MUN", "A BER H", "F KIE H"],
                          "ENGLAND": ["F EDI H", "CAST GHOST F EDI - NWG", "F LON H",
                                      "A LVP H"]})
    german = " ".join(ask(judge, "germany@example.test", "HELP\n", WARLOCK)[1].split())
    assert "(EXPLAIN A BER; EXPLAIN A BER S1901M for that phase)" in german
    assert ("EXPLAIN your unit in the air: EXPLAIN BALLOON A MUN (EXPLAIN A MUN tells both "
            "where your army stands below).") in german
    assert "EXPLAIN GHOST" not in german
    english = " ".join(ask(judge, "england@example.test", "HELP\n", WARLOCK)[1].split())
    assert "EXPLAIN your ghost: EXPLAIN GHOST F NWG." in english
    assert "EXPLAIN your unit in the air" not in english
    # Another power reads of neither.
    french = " ".join(ask_as(judge, "FRANCE", WARLOCK, "HELP\n").split())
    assert "EXPLAIN GHOST" not in french and "EXPLAIN BALLOON" not in french
