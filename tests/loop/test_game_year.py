"""A full standard game year for seven players, through the real pipeline on the local
Maildir: orders mailed in, acknowledgements, a dislodgement and its retreat, builds, and
results mails with each player's private section."""

from __future__ import annotations

from sqlalchemy import select

from gmbot.engine.map import load_map
from gmbot.store.models import PhaseRow
from tests.loop.judgekit import POWERS, Judge, body

# The map's starting units, per power.
START = {k: list(p.units) for k, p in load_map("standard").powers.items()}


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def orders_for(power: str, units: list[str], moves: dict[str, str]) -> str:
    return "\n".join(moves.get(u, f"{u} H") for u in units) + "\n"


def phases(judge: Judge) -> list[str]:
    with judge.app.db.transaction() as s:
        return [r.name for r in s.scalars(select(PhaseRow).order_by(PhaseRow.seq))]


def test_a_full_year(judge: Judge) -> None:
    spring = {
        "FRANCE": {"A PAR": "A PAR - BUR", "A MAR": "A MAR - SPA", "F BRE": "F BRE - MAO"},
        "GERMANY": {"A MUN": "A MUN - RUH", "A BER": "A BER - MUN", "F KIE": "F KIE - HOL"},
    }
    for power in POWERS:
        judge.send(addr(power), orders_for(power, START[power], spring.get(power, {})),
                   subject="[g] spring")
    report = judge.tick()
    assert [m.status for m in report.mails] == ["handled"] * 7
    assert report.processed == ["g: S1901M processed (early); next F1901M"]
    mails = judge.new_mail()
    acks = [m for m in mails if "Received" in m["Subject"]]
    assert len(acks) == 7
    ack = judge.to(addr("FRANCE"), acks)[0]
    assert "A PAR - BUR" in body(ack) and ack["In-Reply-To"]
    results = [m for m in mails if "Spring 1901 Movement results" in m["Subject"]]
    assert sorted(m["To"] for m in results) == sorted([addr(p) for p in POWERS] +
                                                      ["gm@example.test"])
    french = body(judge.to(addr("FRANCE"), results)[0])
    assert "A PAR - BUR" in french and "--- For FRANCE only ---" in french
    assert "--- For" not in body(judge.to("gm@example.test", results)[0])
    assert "--- For GERMANY" not in french

    # Fall: Germany dislodges the French army in Burgundy; France takes Portugal.
    fall_units = {
        **START,
        "FRANCE": ["A BUR", "A SPA", "F MAO"],
        "GERMANY": ["A MUN", "A RUH", "F HOL"],
    }
    fall = {
        "FRANCE": {"F MAO": "F MAO - POR"},
        "GERMANY": {"A MUN": "A MUN - BUR", "A RUH": "A RUH S A MUN - BUR"},
    }
    for power in POWERS:
        judge.send(addr(power), orders_for(power, fall_units[power], fall.get(power, {})),
                   subject="[g] fall")
    judge.tick()
    mails = judge.new_mail()
    fall_results = body(judge.to(addr("FRANCE"), mails)[-1])
    assert "Fall 1901 Movement results" in judge.to(addr("FRANCE"), mails)[-1]["Subject"]
    assert "FRANCE A BUR (attacked from MUN): may retreat to BEL, GAS, MAR, PAR, PIC" \
        in fall_results
    assert "To order in Fall 1901 Retreat: A BUR" in fall_results

    # The retreat phase: only France has something to order.
    # READY: the refused line is let stand refused (else the phase waits for the deadline).
    judge.send(addr("FRANCE"), "A BUR R MUN\nA BUR R PAR\nREADY\n", subject="[g] retreat")
    judge.tick()
    mails = judge.new_mail()
    ack = body(judge.to(addr("FRANCE"), mails)[0])
    assert "A BUR cannot retreat to MUN: the attacker came from there" in ack
    retreat = body(judge.to(addr("GERMANY"), mails)[-1])
    assert "Fall 1901 Retreat results" in judge.to(addr("GERMANY"), mails)[-1]["Subject"]
    assert "A BUR R PAR" in retreat
    assert "FRANCE: 5 centres, 3 units: builds 2" in retreat
    assert "GERMANY: 4 centres, 3 units: builds 1" in retreat

    # Winter: builds; a fleet cannot be built inland, an occupied centre cannot be used.
    judge.send(addr("FRANCE"), "BUILD F PAR\nBUILD F BRE\nA MAR B\nREADY\n",
               subject="[g] builds")
    judge.send(addr("GERMANY"), "+ A MUN\n", subject="[g] builds")
    judge.tick()
    mails = judge.new_mail()
    ack = body(judge.to(addr("FRANCE"), mails)[0])
    assert "cannot build in PAR: it is occupied" in ack
    winter = body(judge.to(addr("FRANCE"), mails)[-1])
    assert "Winter 1901 Adjustment results" in judge.to(addr("FRANCE"), mails)[-1]["Subject"]
    assert "Next phase: Spring 1902 Movement" in winter
    assert "Your units: A MAR, A PAR, A SPA, F BRE, F POR" in winter
    assert "?" not in winter.split("Supply centres")[0]  # builds listed under their power
    assert "BUILD F BRE" in winter.split("GERMANY")[0]
    assert phases(judge) == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M"]
