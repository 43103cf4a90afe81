"""EXPLAIN <unit> by mail: the judge's reasoning for one of the sender's units in the last
processed phase, from the stored report, redacted for him; a clear answer for a unit that
is not his or was not there, and nothing told of a unit he may not see."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmbot.engine.map import load_map
from tests.loop.judgekit import POWERS, REPO, Judge, body, make_judge, standard_game

# On PostgreSQL too (CONTRIBUTING.md): the stored reports EXPLAIN reads.
pytestmark = pytest.mark.dialect("gmbot.service.inbound.commands.explain")

START = {k: list(p.units) for k, p in load_map("standard").powers.items()}


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def play(judge: Judge, game: str, orders: dict[str, list[str]]) -> dict[str, str]:
    """Every power's orders mailed, the phase processed: each one's results, by power."""
    for power in POWERS:
        lines = orders.get(power) or [f"{u} H" for u in START[power]]
        judge.send(addr(power), "\n".join(lines) + "\n", subject=f"[{game}] orders")
    judge.tick()
    mails = [m for m in judge.new_mail() if "results" in m["Subject"]]
    return {p: body(m).replace("\r\n", "\n") for p in POWERS for m in judge.to(addr(p), mails)}


def ask(judge: Judge, power: str, game: str, text: str) -> str:
    judge.send(addr(power), text, subject=f"[{game}] question")
    judge.tick()
    [reply] = judge.to(addr(power), judge.new_mail())
    return body(reply).replace("\r\n", "\n")


def test_explain_gives_the_strengths_of_a_bounce(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    play(judge, "g", {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE H"],
                      "GERMANY": ["A MUN - BUR", "A BER - MUN", "F KIE H"]})
    text = ask(judge, "FRANCE", "g", "EXPLAIN A PAR\nEXPLAIN A MUN\nEXPLAIN A PIC\n")
    assert "A PAR in Spring 1901 Movement (S1901M):\n  ordered: A PAR - BUR\n" in text
    assert "  result: succeeds\n  it ended in BUR\n  - supported by A MAR\n" in text
    assert "  - attack strength 2 against strength 1 of A MUN, also moving to BUR\n" in text
    assert ("A MUN was not one of your units in Spring 1901 Movement (S1901M): EXPLAIN "
            "tells the reasoning for your own units.") in text
    assert "There was no unit of yours in PIC in Spring 1901 Movement (S1901M)." in text
    german = ask(judge, "GERMANY", "g", "explain army munich\n")
    assert "  result: bounced\n" in german
    assert "  - attack strength 1 against strength 2 of A PAR, also moving to BUR\n" in german
    # HELP lists it; a line without a unit is told how to write it.
    assert ("EXPLAIN unit (phase): why one of your units did what it did in the last phase "
            "it had an order, or in the phase you name after it") in ask(
        judge, "GERMANY", "g", "HELP\n")
    assert "name a unit. EXPLAIN and one of your units" in ask(judge, "GERMANY", "g",
                                                                 "EXPLAIN\n")


def test_explain_of_another_powers_invisible_unit_tells_nothing(tmp_path: Path) -> None:
    game = "warlock-example"
    judge = make_judge(tmp_path, (REPO / "gmbot/variants/warlock/example.yaml")
                       .read_text(encoding="utf-8"))
    play(judge, game, {"TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON - BUL",
                                  "A SMY H"]})
    results = play(judge, game, {"TURKEY": ["F BLA H", "A BUL H", "A SMY H"],
                                 "RUSSIA": ["F SEV H", "A MOS H", "A WAR S A MOS",
                                            "F STP/SC H"]})
    fall = "Fall 1901 Movement (F1901M)"
    hidden = ask(judge, "RUSSIA", game, "EXPLAIN F BLA\n")
    empty = ask(judge, "RUSSIA", game, "EXPLAIN F EAS\n")
    # Word for word the answer of an empty sea: not even that a unit was there.
    assert f"There was no unit of yours in BLA in {fall}." in hidden
    assert hidden.replace("BLA", "EAS") == empty
    assert "There was no unit of yours in ANK" in ask(judge, "RUSSIA", game, "EXPLAIN ANK\n")
    history = ask(judge, "RUSSIA", game, "HISTORY F1901M\n")
    assert "F BLA" not in history
    # How many units a power has is public (the primer says so): counted, not named, so
    # that the count adds up with the builds.
    assert "TURKEY: 4 centres, 3 units (1 unseen): builds 1\n" in history
    assert "  units: A BUL, A SMY\n" in history
    # The owner reads his own invisible fleet's reasoning, and sees it counted and named.
    turkish = ask(judge, "TURKEY", game, "EXPLAIN F BLA\n")
    assert f"F BLA in {fall}:" in turkish and "(invisible)" in turkish
    assert "TURKEY: 4 centres, 3 units: builds 1\n" in results["TURKEY"]
    assert "  units: A BUL, A SMY, F BLA\n" in results["TURKEY"]
    assert "TURKEY: 4 centres, 3 units (1 unseen): builds 1\n" in results["RUSSIA"]


def test_explain_of_an_auto_hold_names_the_rule(tmp_path: Path) -> None:
    game = "al-andalus-example"
    judge = make_judge(tmp_path, (REPO / "gmbot/variants/al_andalus/example.yaml")
                       .read_text(encoding="utf-8"))
    judge.send("zaragoza@example.test", "A ZAR - MED\nA LLE - BAR\nF TOR - GOV\n",
               subject=f"[{game}] orders")
    judge.clock.advance(hours=49)
    judge.tick()
    judge.new_mail()
    judge.send("zaragoza@example.test", "EXPLAIN F TOR\nEXPLAIN A ZAR\n",
               subject=f"[{game}] why")
    judge.tick()
    [reply] = judge.to("zaragoza@example.test", judge.new_mail())
    text = body(reply).replace("\r\n", "\n")
    assert ("F TOR in Spring 1080 Movement (S1080M):\n  ordered: F TOR - GOV\n"
            "  carried out: F TOR H (auto-hold: the Prince ordered every unit)\n") in text
    assert ("  - the auto-hold: a Prince who orders every one of his units (two or more) to "
            "do something other than hold has one of them hold, the one civil disorder "
            "would remove first\n") in text
    assert text.count("no rule changed it") == 1  # A ZAR's move only


def test_explain_of_a_phase_stored_before_the_reasoning_says_so(tmp_path: Path) -> None:
    """A phase whose stored report was of version 2 (no facts), as migration 0023 rewrote
    it: its result is told, and that its reasoning was never kept."""
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from gmbot.engine.report import current_form
    from gmbot.store.models import PhaseRow

    judge = make_judge(tmp_path, standard_game())
    play(judge, "g", {"FRANCE": ["A PAR - BUR", "A MAR H", "F BRE H"],
                      "GERMANY": ["A MUN - BUR", "A BER H", "F KIE H"]})
    with Session(judge.app.db.engine) as s, s.begin():
        [row] = [r for r in s.scalars(select(PhaseRow)) if r.result]
        assert row.result is not None
        old = {k: v for k, v in row.result.items() if k != "facts"}
        row.result = current_form({**old, "version": 2})
    text = ask(judge, "FRANCE", "g", "EXPLAIN A PAR\n")
    assert "  result: bounced\n" in text
    assert "processed before the judge kept its reasoning" in text
    assert "Nothing opposed it" not in text and "attack strength" not in text
