"""EXPLAIN of a unit no order reached, through the mail: it says the unit had no order and
held (or, in a retreat, was disbanded), and what happened to it there: supported in place,
attacked, dislodged. Never "it went as ordered"."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import POWERS, Judge, body, make_judge, standard_game
from tests.loop.test_explain import START, addr, ask

SPRING, FALL = "Spring 1901 Movement (S1901M)", "Fall 1901 Movement (F1901M)"
HELD = "  ordered: nothing: no order for it reached the judge, so it held\n"


def at_the_deadline(judge: Judge, orders: dict[str, list[str]]) -> dict[str, str]:
    """The orders mailed (a power not named holds with every unit), the phase processed
    at its deadline: each one's results, by power."""
    for power in POWERS:
        lines = orders.get(power) or [f"{u} H" for u in START[power]]
        judge.send(addr(power), "\n".join(lines) + "\n", subject="[g] orders")
    judge.tick()
    judge.clock.advance(hours=200)
    judge.tick()
    mails = [m for m in judge.new_mail() if "results" in m["Subject"]]
    return {p: body(m).replace("\r\n", "\n") for p in POWERS for m in judge.to(addr(p), mails)}


def test_a_unit_with_no_order_is_told_it_held_and_what_befell_it(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    # Austria orders A BUD alone: A VIE and F TRI have no order.
    spring = at_the_deadline(judge, {"AUSTRIA": ["A BUD S A VIE H"],
                                     "ITALY": ["A VEN - TYR", "F NAP H", "A ROM - VEN"]})
    assert "  A VIE H: no order: holds\n" in spring["AUSTRIA"]
    text = ask(judge, "AUSTRIA", "g", "EXPLAIN A VIE\nEXPLAIN F TRI\n")
    assert (f"A VIE in {SPRING}:\n{HELD}  result: held\n  - supported by A BUD\n") in text
    assert (f"F TRI in {SPRING}:\n{HELD}  result: held\n"
            "  Nobody attacked it: it stayed where it was.") in text
    assert "went as ordered" not in text
    # Italy takes TRI from the fleet left without an order; its retreat is not ordered.
    at_the_deadline(judge, {"AUSTRIA": ["A BUD H", "A VIE H"],
                            "ITALY": ["A TYR - TRI", "A VEN S A TYR - TRI", "F NAP H"]})
    fall = ask(judge, "AUSTRIA", "g", "EXPLAIN F TRI F1901M\n")
    assert (f"F TRI in {FALL}:\n{HELD}  result: dislodged\n"
            "  - hold strength 1 against attack strength 2 of A TYR: dislodged by A TYR") in fall
    at_the_deadline(judge, {"AUSTRIA": ["A BUD H"]})
    retreat = ask(judge, "AUSTRIA", "g", "EXPLAIN F TRI\n")
    assert ("F TRI in Fall 1901 Retreat (F1901R):\n  ordered: nothing: no retreat for it "
            "reached the judge, so it was disbanded\n  result: disbanded") in retreat
    assert "went as ordered" not in fall + retreat
