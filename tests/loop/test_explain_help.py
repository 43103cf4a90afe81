"""HELP and every variant's primer (what RULES mails) name EXPLAIN and its forms in a
player's words: a unit as the results name it, a phase after it, the turn before a winter."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.loop.judgekit import make_judge
from tests.loop.test_learn_by_mail import ask, example

# Each variant's example game, a player of it, and the phase form its primer shows.
GAMES = {"standard": ("standard-example", "austria", "EXPLAIN A PAR S1901M"),
         "arpiesse": ("arpiesse-example", "austria", "EXPLAIN A PAR S1901M"),
         "capitalist": ("capitalist-example", "austria", "EXPLAIN A PAR S1899M"),
         "al_andalus": ("al-andalus-example", "castille", "EXPLAIN A TOL S1080M"),
         "warlock": ("warlock-example", "austria", "EXPLAIN A PAR S1901M")}


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_help_and_the_primer_name_explain_and_its_forms(tmp_path: Path, variant: str) -> None:
    game, power, form = GAMES[variant]
    judge = make_judge(tmp_path, example(variant))
    _, rules = ask(judge, f"{power}@example.test", "RULES\n", game)
    flat = " ".join(rules.split())
    assert "in the last phase it had an order (after a winter, the turn before)" in flat
    assert form in flat
    _, text = ask(judge, f"{power}@example.test", "HELP\n", game)
    assert "EXPLAIN unit (phase): why one of your units did what it did in the last phase " \
        "it had an order, or in the phase you name after it" in " ".join(text.split())
