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
        # France bribes England's fleet (taken), tries to overspend (refused), and lets
        # his orders stand despite the refused line (READY), or nothing is processed early.
        "FRANCE": "A POR - SPA (30)\nA POR H (2)\nBRIBE F LON - YOR (5)\nREADY",
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
        assert ("ENGLAND's F LON, ordered to move to NTH and paid 3, was offered 5 to move "
                "to YOR: the 5 to move to YOR beat its owner's pay of 3, so it carried that "
                "out, and the 5 was paid.") in text
        assert ("AUSTRIA's A SER, ordered to hold and paid 3, was offered 2 to move to BUD: "
                "no bribe beat its owner's pay of 3, so it followed its order; no bribe was "
                "paid.") in text
        assert "F LON - YOR" in text  # England's fleet went where the bribe said
        # The reason beside it, from the public totals (no briber named).
        assert ("F LON - YOR (bribed: 5 offered for YOR beat its owner's pay of 3 for NTH): "
                "succeeds") in text.replace("\r\n", "\n")
    public = {body(m).split("--- For", 1)[0].rstrip() for m in results}
    assert len(public) == 1  # everyone, the GM too, reads the same public report

    # The briber's own mail tells it what was taken and what it cost.
    french = private_part(judge.to(addr("FRANCE"), results)[0], "FRANCE")
    assert "BRIBE F LON - YOR (5): taken: 5 paid." in french
    assert "Spent 7." in french
    # The balance left is said once, in the account line (it was said twice).
    assert "Account: balance 9 + income 3 for F1899M = 12 to spend." in french
    assert "balance now" not in french
    german = private_part(judge.to(addr("GERMANY"), results)[0], "GERMANY")
    assert ("BRIBE A SER - BUD (2): not taken: 2 offered did not beat the owner's pay of 3 "
            "(a bribe wins only with more); nothing paid.") in german

    # EXPLAIN tells the owner of a unit a bribe failed to move why it stood.
    judge.send(addr("AUSTRIA"), "EXPLAIN A SER\n", subject="[g] why")
    judge.tick()
    [why] = judge.to(addr("AUSTRIA"), judge.new_mail())
    assert ("  - bribes (2 for BUD) did not beat its owner's pay of 3 for HOLD: a bribe wins "
            "only with more") in body(why).replace("\r\n", "\n")

    # LEAK TEST over every mail the judge sent.
    bribes = {"FRANCE": "BRIBE F LON", "GERMANY": "BRIBE A SER"}
    own_lines: dict[str, list[str]] = {}
    for power in POWERS:
        mine = private_part(judge.to(addr(power), results)[0], power)
        own_lines[power] = [ln for ln in mine.splitlines()
                            # "Spent 1." is many powers' line: its balance is the
                            # account line's.
                            if ln.startswith(("Account:", "Income", "Pays:"))]
        assert own_lines[power], power
        for other in POWERS:  # a private section names no other power
            assert other == power or other not in mine, (power, other)
    for msg in judge.outbox():
        text = body(msg)
        # The GM's results are the full copy: what each power alone was told, at the end.
        text, _, master = text.partition("--- For the game master only ---")
        if master:
            assert msg["To"] == GM and all(line in master for line in bribes.values())
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


# -- a whole game by mail: capital phase, Winter 1897, the economy, to Spring 1901 -------

EXAMPLE = Path(__file__).resolve().parents[2] / "gmbot/variants/capitalist/example.yaml"
PREFERENCES = {
    # England and France both want London first: a coin toss decides.
    "ENGLAND": "LON EDI LVP BRE PAR BEL HOL NWY SWE KIE",
    "FRANCE": "LON POR SPA MAR BRE PAR BEL HOL MUN TUN",
    "GERMANY": "DEN KIE BER MUN HOL BEL SWE NWY WAR VIE",
    "ITALY": "VEN ROM NAP TUN TRI VIE BUD SER GRE SMY",
    "AUSTRIA": "SER BUD VIE TRI GRE BUL RUM SMY ANK CON",
    "RUSSIA": "MOS WAR SEV STP RUM BUD ANK CON SMY BUL",
    "TURKEY": "ANK CON SMY BUL GRE RUM SEV SER BUD VIE",
}


def game_state(judge: Judge) -> tuple[str, dict]:
    with judge.app.db.transaction() as s:
        row = s.scalars(select(PhaseRow).order_by(PhaseRow.seq.desc())).first()
        assert row is not None
        return row.name, row.state


def play(judge: Judge, orders: dict[str, str], subject: str) -> list[EmailMessage]:
    for power, text in orders.items():
        judge.send(addr(power), text, subject=f"[capitalist-example] {subject}")
    judge.tick()
    return judge.new_mail()


def units_of(state: dict, power: str) -> list[str]:
    return [u if isinstance(u, str) else u["unit"] for u in state["units"].get(power, [])]


def test_a_game_from_the_capital_phase_to_1901(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, EXAMPLE.read_text(encoding="utf-8"))
    assert game_state(judge)[0] == "W1896A"

    # The capital phase.
    mails = play(judge, {p: f"CAPITALS {prefs}" for p, prefs in PREFERENCES.items()}, "capitals")
    phase, state = game_state(judge)
    assert phase == "W1897A"
    caps = {p: a["capital"] for p, a in state["powers"].items()}
    london = "ENGLAND" if caps["ENGLAND"] == "LON" else "FRANCE"
    assert caps == {"ENGLAND": "LON" if london == "ENGLAND" else "EDI",
                    "FRANCE": "LON" if london == "FRANCE" else "POR",
                    "GERMANY": "DEN", "ITALY": "VEN", "AUSTRIA": "SER", "RUSSIA": "MOS",
                    "TURKEY": "ANK"}
    gm_results = body(judge.to(GM, mails)[-1])
    assert f"{london}: capital LON (choice 1, won a coin toss" in gm_results

    # Winter 1897: 10 votes, 1 to 3 on every capital: 3 on one's own, 1 on each other,
    # all for fleets in the sea ports and armies elsewhere; one unit per capital.
    def kind(c: str) -> str:
        return "F" if c in ("LON", "EDI", "POR", "DEN") else "A"

    votes = {}
    for power, cap in caps.items():
        lines = [f"VOTE {kind(cap)} {cap} (3)"]
        lines += [f"VOTE {kind(c)} {c} (1)" for p, c in caps.items() if p != power]
        votes[power] = "\n".join(lines)
    mails = play(judge, votes, "votes")
    phase, state = game_state(judge)
    assert phase == "S1898M"
    assert units_of(state, "RUSSIA") == ["A MOS"]
    assert units_of(state, "GERMANY") == ["F DEN"]

    # 1898: capitals pay 2 a season; Russia takes Warsaw in the fall.
    def hold_all(state: dict, extra: dict[str, str] | None = None) -> dict[str, str]:
        out = {p: "\n".join(f"{u} H" for u in units_of(state, p)) for p in caps}
        out.update(extra or {})
        return out

    play(judge, hold_all(state), "S1898")
    phase, state = game_state(judge)
    assert phase == "F1898M"
    play(judge, hold_all(state, {"RUSSIA": "A MOS - WAR (1)"}), "F1898")
    phase, state = game_state(judge)
    assert phase == "W1898A"
    assert state["powers"]["RUSSIA"]["balance"] == 2  # 2 + 2 - 1 - 1
    # Russia's build at its capital, by vote (a 'no build' vote is refused before 1900).
    mails = play(judge, {"RUSSIA": "VOTE A MOS (5)", "TURKEY": "VOTE NO BUILD MOS (5)"}, "W1898")
    assert "only from 1900" in body(judge.to(addr("TURKEY"), mails)[0])
    phase, state = game_state(judge)
    assert phase == "S1899M"
    assert sorted(units_of(state, "RUSSIA")) == ["A MOS", "A WAR"]

    # 1899: capital 3, Warsaw 2. Turkey bribes the army in Warsaw to Ukraine.
    mails = play(judge, hold_all(state, {"TURKEY": "A ANK H\nBRIBE A WAR - UKR (2)"}), "S1899")
    assert ("RUSSIA's A WAR, ordered to hold and paid 1, was offered 2 to move to UKR: the 2 "
            "to move to UKR beat its owner's pay of 1, so it carried that out, and the 2 was "
            "paid.") in body(judge.to(GM, mails)[-1])
    phase, state = game_state(judge)
    assert state["powers"]["RUSSIA"]["balance"] == 2 + 5 - 2
    play(judge, hold_all(state, {"RUSSIA": "A UKR - WAR (2)\nA MOS H (1)"}), "F1899")
    phase, state = game_state(judge)
    assert phase == "S1900M"  # no adjustments due
    assert state["homes"]["RUSSIA"] == ["MOS", "WAR"]  # fixed at the end of Fall 1899
    assert state["homes"]["TURKEY"] == ["ANK"]

    # 1900: capital 5, other home centre 3.
    play(judge, hold_all(state), "S1900")
    phase, state = game_state(judge)
    assert state["powers"]["RUSSIA"]["balance"] == 5 + 5 - 3 + 8 - 2
    play(judge, hold_all(state), "F1900")
    phase, state = game_state(judge)
    assert phase == "S1901M"
    assert state["powers"]["RUSSIA"]["balance"] == 13 + 8 - 2
    assert state["powers"]["TURKEY"]["balance"] == (2 + 2 - 2) + (3 + 3 - 2 - 2) + (5 + 5 - 2)
    mails = play(judge, {"RUSSIA": "BALANCE"}, "balance")
    assert "Account: balance 19 + income 8 for S1901M = 27 to spend." in body(mails[0])


def test_the_opening_vote_says_what_is_missing_and_how_to_fix_it(tmp_path: Path) -> None:
    """Issue 32: a player who spends his 10 votes on a few capitals is told which capitals
    lack a vote (rule 2.3) and which lines free the votes; READY says why the phase still
    waits for him; HELP and the welcome give the rule in one sentence."""
    centers = "\n".join(f"    {p}: [{c}]" for p, c in CAPITALS.items())
    powers = "\n".join(f"    {p}: {{capital: {c}}}" for p, c in CAPITALS.items())
    judge = make_judge(tmp_path, capitalist_game(
        f"position:\n  phase: W1897A\n  units: {{}}\n  centers:\n{centers}\n"
        f"  powers:\n{powers}\n"))
    welcome = body(next(m for m in judge.welcomes if m["To"] == addr("ENGLAND")))
    assert "In the opening vote (Winter 1897) every capital needs 1 to 3 of your 10 votes" \
        in welcome.replace("\r\n", "\n")
    judge.send(addr("ENGLAND"), "VOTE F LON (3)\nVOTE F DEN (3)\nVOTE A POR (2)\n"
               "VOTE A MOS (2)\nREADY\n", subject="[g] votes")
    judge.tick()
    [ack] = judge.to(addr("ENGLAND"), judge.new_mail())
    text = body(ack).replace("\r\n", "\n")
    assert "Votes: 10 of 10 used; every capital needs 1 to 3 of your 10 votes, your own " \
        "included." in text
    missing = ("votes for ANK, SER, VEN (at least 1 for every capital; your "
               "votes are spent: send VOTE F DEN (1), VOTE F LON (2) to free 3, then "
               "VOTE A ANK (1), VOTE A SER (1), VOTE A VEN (1))")
    assert f"early processing still waits for your orders for {missing}" in \
        " ".join(text.split())
    # The fix, as the ack wrote it, completes the vote: nothing is missing any more.
    judge.send(addr("ENGLAND"), "VOTE F DEN (1)\nVOTE F LON (2)\nVOTE A ANK (1)\n"
               "VOTE A SER (1)\nVOTE A VEN (1)\n", subject="[g] votes")
    judge.tick()
    [ack] = judge.to(addr("ENGLAND"), judge.new_mail())
    text = " ".join(body(ack).split())
    assert "Votes: 10 of 10 used" in text and "votes for" not in text
    judge.send(addr("ENGLAND"), "HELP\n", subject="[g] help")
    judge.tick()
    [help_mail] = judge.to(addr("ENGLAND"), judge.new_mail())
    assert "The opening vote (Winter 1897): every capital needs 1 to 3 of your 10 votes, " \
        "your own included." in body(help_mail).replace("\r\n", "\n")
