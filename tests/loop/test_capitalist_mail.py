"""Capitalist Diplomacy through the real mail pipeline (local Maildir): pays and bribes
mailed in, overspending refused in the acknowledgement, BALANCE, results with the public
bribe lines, and the LEAK TEST: no mail but the briber's names a briber, and no mail but
a player's own shows its account."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import select

from gmbot.store.models import PhaseRow
from tests.loop.judgekit import POWERS, Judge, body, make_judge, standard_game

CAPITALS = {"ENGLAND": "LON", "GERMANY": "DEN", "FRANCE": "POR", "RUSSIA": "MOS",
            "AUSTRIA": "SER", "TURKEY": "ANK", "ITALY": "VEN"}
UNITS = {"ENGLAND": "F LON", "GERMANY": "F DEN", "FRANCE": "A POR", "RUSSIA": "A MOS",
         "AUSTRIA": "A SER", "TURKEY": "A ANK", "ITALY": "A VEN"}
# Distinct balances, so one player's figures cannot be mistaken for another's.
BALANCES = {p: 11 + i for i, p in enumerate(POWERS)}
GM = "gm@example.test"


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def capitalist_game(position: str) -> str:
    text = standard_game().replace("variant: standard", "variant: capitalist")
    return text + "options: {seed: 3}\n" + position


def yaml_position() -> str:
    units = "\n".join(f"    {p}: [{u}]" for p, u in UNITS.items())
    centers = "\n".join(f"    {p}: [{c}]" for p, c in CAPITALS.items())
    powers = "\n".join(f"    {p}: {{capital: {c}, balance: {BALANCES[p]}}}"
                       for p, c in CAPITALS.items())
    return (f"position:\n  phase: S1899M\n  units:\n{units}\n  centers:\n{centers}\n"
            f"  homes:\n{centers}\n  powers:\n{powers}\n")


def private_part(msg: EmailMessage, power: str) -> str:
    text = body(msg)
    marker = f"--- For {power} only ---"
    assert marker in text
    return text.split(marker, 1)[1]


def test_bribes_by_mail_and_nothing_leaks(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(yaml_position()))
    orders = {
        "ENGLAND": "F LON - NTH (3)\nBALANCE",
        # France bribes England's fleet (taken), tries to overspend (refused).
        "FRANCE": "A POR - SPA (30)\nA POR H (2)\nBRIBE F LON - YOR (5)",
        # Germany's bribe is below Austria's pay: refused, costs nothing.
        "GERMANY": "F DEN H\nBRIBE A SER - BUD (2)",
        "AUSTRIA": "A SER H (3)",
    }
    for power in POWERS:
        judge.send(addr(power), orders.get(power, f"{UNITS[power]} H"), subject="[g] orders")
    report = judge.tick()
    assert report.processed == ["g: S1899M processed (early); next F1899M"]
    mails = judge.new_mail()
    acks = {m["To"]: body(m) for m in mails if "results" not in m["Subject"]}
    results = [m for m in mails if "results" in m["Subject"]]
    assert len(results) == 8

    # Overspending is refused at submission with the balance shown (France: 13 + 3).
    assert "A POR - SPA (30)" in acks[addr("FRANCE")]
    assert "costs 30 but your balance is 16" in acks[addr("FRANCE")]
    assert "BRIBE F LON - YOR (5)" in acks[addr("FRANCE")]
    assert "Account: 16 available; pays 2, bribes offered 5; 9 left" in acks[addr("FRANCE")]
    # BALANCE answers with England's own account only.
    assert "Account: balance 12 + income 3 for S1899M = 15 to spend." in acks[addr("ENGLAND")]

    # The public lines: totals, the result, never a briber.
    for msg in results:
        text = body(msg)
        assert "F LON-NTH(3):YOR(5) = YOR" in text
        assert "A SER HOLD(3):BUD(2) = HOLD" in text
        assert "F LON - YOR" in text  # England's fleet went where the bribe said
    public = {body(m).split("--- For", 1)[0].rstrip() for m in results}
    assert len(public) == 1  # everyone, the GM too, reads the same public report

    # The briber's own mail tells it what was taken and what it cost.
    french = private_part(judge.to(addr("FRANCE"), results)[0], "FRANCE")
    assert "BRIBE F LON - YOR (5): taken: 5 paid." in french
    assert "Spent 7; balance now 9." in french
    german = private_part(judge.to(addr("GERMANY"), results)[0], "GERMANY")
    assert "BRIBE A SER - BUD (2): refused; nothing paid." in german

    # LEAK TEST over every mail the judge sent.
    bribes = {"FRANCE": "BRIBE F LON", "GERMANY": "BRIBE A SER"}
    own_lines: dict[str, list[str]] = {}
    for power in POWERS:
        mine = private_part(judge.to(addr(power), results)[0], power)
        own_lines[power] = [ln for ln in mine.splitlines()
                            if ln.startswith(("Account:", "Income", "Pays:", "Spent"))]
        assert own_lines[power], power
        for other in POWERS:  # a private section names no other power
            assert other == power or other not in mine, (power, other)
    for msg in judge.outbox():
        text = body(msg)
        for briber, line in bribes.items():
            if msg["To"] != addr(briber):
                assert line not in text, (msg["To"], line)
        for power, lines in own_lines.items():
            if msg["To"] != addr(power):
                assert not any(ln in text for ln in lines), (msg["To"], power)
        if msg["To"] == GM:
            assert "Account" not in text and "balance" not in text.lower()

    # The balances carried into Fall 1899 (the stored position; income not yet added).
    with judge.app.db.transaction() as s:
        row = s.scalars(select(PhaseRow).where(PhaseRow.name == "F1899M")).one()
        powers = row.state["powers"]
    assert powers["FRANCE"]["balance"] == 9  # 16 - pay 2 - bribe 5
    assert powers["ENGLAND"]["balance"] == 12  # 15 - pay 3
    assert powers["GERMANY"]["balance"] == 16  # 17 - pay 1; the refused bribe is free
    assert powers["AUSTRIA"]["balance"] == 11 + 3 - 3


def test_balance_is_refused_to_the_gm_and_absent_in_standard_games(judge: Judge) -> None:
    judge.send(addr("FRANCE"), "BALANCE", subject="[g] balance")
    judge.send(GM, "BALANCE", subject="[g] balance")
    judge.tick()
    mails = judge.new_mail()
    assert "This game keeps no account for you." in body(judge.to(addr("FRANCE"), mails)[0])
    assert "the GM has none" in body(judge.to(GM, mails)[0])
