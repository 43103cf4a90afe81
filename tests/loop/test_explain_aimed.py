"""EXPLAIN of the province a player sent his unit to (the trial of 3 December, second:
France's `EXPLAIN A BUR`, whose A PAR was bounced from BUR, got "There was no unit of
yours in BUR"): the unit whose order moved it there, or tried to, is explained, after the
other power's unit that stood there, if one did. In every variant alike."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import make_judge, standard_game
from tests.loop.test_explain import ask, play
from tests.loop.trialkit import example, spring_results, text

SPRING = "Spring 1901 Movement (S1901M)"


def test_arpiesse_explains_the_unit_bounced_from_where_it_was_sent(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("arpiesse"))
    french = spring_results(judge, {"FRANCE": "A PAR - BUR\nA MAR H\nF BRE H",
                                    "GERMANY": "A MUN - BUR\nA BER H\nF KIE H"},
                            "[arpiesse-example] orders", "FRANCE")
    assert "A PAR (red) - BUR: bounced" in french
    text = ask(judge, "FRANCE", "arpiesse-example", "EXPLAIN A BUR\n")
    assert "There was no unit" not in text
    assert f"A PAR (red) in {SPRING}:\n  ordered: A PAR (red) - BUR\n  result: bounced\n" \
        in text
    # Germany's army that took BUR is Germany's to ask about, not France's.
    assert f"A MUN (purple) in {SPRING}" not in text


def test_the_unit_sent_where_another_stood_follows_that_one(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    play(judge, "g", {"FRANCE": ["A PAR - BUR", "A MAR H", "F BRE H"],
                      "GERMANY": ["A MUN - BUR", "A BER H", "F KIE H"],
                      "ITALY": ["A VEN - TRI", "A ROM H", "F NAP H"]})
    standoff = ask(judge, "FRANCE", "g", "EXPLAIN BUR\n")
    assert f"A PAR in {SPRING}:\n  ordered: A PAR - BUR\n  result: bounced\n" in standoff
    assert "  - attack strength 1 against strength 1 of A MUN, also moving to BUR\n" in standoff
    italian = ask(judge, "ITALY", "g", "EXPLAIN TRI\n")
    assert (f"F TRI was not one of your units in {SPRING}: EXPLAIN tells the reasoning for "
            f"your own units.\n\nA VEN in {SPRING}:\n  ordered: A VEN - TRI\n"
            "  result: bounced\n") in italian
    # A province nobody of his was sent to is still none of his.
    assert f"There was no unit of yours in PIC in {SPRING}." in ask(
        judge, "FRANCE", "g", "EXPLAIN A PIC\n")
    # The GM is told of every unit sent there.
    judge.send("gm@example.test", "EXPLAIN BUR\n", subject="[g] question")
    judge.tick()
    [gm] = judge.to("gm@example.test", judge.new_mail())
    told = text(gm)
    assert f"A PAR in {SPRING}:\n  ordered: A PAR - BUR\n" in told
    assert f"A MUN in {SPRING}:\n  ordered: A MUN - BUR\n" in told


def test_one_unit_asked_by_both_its_provinces_is_answered_once(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): `EXPLAIN A PAR` and `EXPLAIN A BUR` in one mail, A
    # PAR having moved to BUR, gave the same answer twice.
    judge = make_judge(tmp_path, standard_game())
    play(judge, "g", {"FRANCE": ["A PAR - BUR", "A MAR H", "F BRE H"]})
    both = ask(judge, "FRANCE", "g", "EXPLAIN A PAR\nEXPLAIN A BUR\n")
    assert both.count(f"A PAR in {SPRING}:\n  ordered: A PAR - BUR\n") == 1
    assert "EXPLAIN A BUR: the same unit as answered above." in both
