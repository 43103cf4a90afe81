"""A seat is open when its power is still in the game and no player holds it, whatever
the phase: in Capitalist's capital phase and opening vote, before any unit (or centre)
is on the board, a resigned player's seat can be taken over like any other."""

from __future__ import annotations

from pathlib import Path

from tests.loop.joinkit import ask, join
from tests.loop.judgekit import Judge, body, make_judge
from tests.loop.test_capitalist_mail import CAPITALS, addr, capitalist_game

EXAMPLE = Path(__file__).resolve().parents[2] / "gmbot/variants/capitalist/example.yaml"
NEWCOMER = "newcomer@example.test"


def text(msg: object) -> str:
    return " ".join(body(msg).split())  # type: ignore[arg-type]


def resign_and_take_over(judge: Judge, game: str, power: str) -> str:
    """`power`'s player resigns, a newcomer lists the open seats and takes his over: the
    newcomer's welcome."""
    judge.send(addr(power), f"RESIGN {power}\n", subject=f"[{game}] resign")
    judge.tick()
    judge.new_mail()
    listed = text(ask(judge, NEWCOMER, "LIST\n"))
    assert "open now: none" not in listed and power in listed, listed
    sent = join(judge, NEWCOMER, f"TAKEOVER {game} {power}")
    [welcome] = [m for m in sent if m["To"] == NEWCOMER and "Welcome" in m["Subject"]]
    return text(welcome)


def test_a_seat_is_taken_over_in_the_capital_phase(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, EXAMPLE.read_text(encoding="utf-8"))  # W1896A: no board
    welcome = resign_and_take_over(judge, "capitalist-example", "FRANCE")
    assert "CAPITALS" in welcome  # he is told the phase's own order
    # The newcomer's list is France's now.
    judge.send(NEWCOMER, "CAPITALS POR SPA MAR BRE PAR BEL HOL MUN TUN LON\n",
               subject="[capitalist-example] capitals")
    judge.tick()
    [ack] = judge.to(NEWCOMER, judge.new_mail())
    assert "Errors" not in ack["Subject"], text(ack)


def test_a_seat_is_taken_over_in_the_opening_vote(tmp_path: Path) -> None:
    centers = "\n".join(f"    {p}: [{c}]" for p, c in CAPITALS.items())
    powers = "\n".join(f"    {p}: {{capital: {c}}}" for p, c in CAPITALS.items())
    judge = make_judge(tmp_path, capitalist_game(
        f"position:\n  phase: W1897A\n  units: {{}}\n  centers:\n{centers}\n"
        f"  powers:\n{powers}\n"))
    welcome = resign_and_take_over(judge, "g", "RUSSIA")
    assert "VOTE" in welcome
