"""One game's fault never stops the others (issue 26, item 5): a game whose stored
position cannot be read, or whose phase the engine fails on, is parked: its GM is told
once, `gmbot tick` exits 1 naming it, its players are told that it is paused, and every
other game of the home goes on being read, answered and processed. RESUME un-parks it
once the position is corrected. All through the real Maildir pipeline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from gmbot.service.gm.load import load_game
from gmbot.store.models import Game, PhaseRow
from tests.loop.conftest import Cli
from tests.loop.judgekit import POWERS, Judge, body, standard_game

# Complete orders for every power of the standard map (early processing needs them).
OPENING = {
    "AUSTRIA": "A VIE - GAL\nA BUD H\nF TRI H", "ENGLAND": "F LON - NTH\nF EDI H\nA LVP H",
    "FRANCE": "A PAR - BUR\nA MAR H\nF BRE H", "GERMANY": "A BER - KIE\nA MUN H\nF KIE H",
    "ITALY": "A VEN - PIE\nA ROM H\nF NAP H",
    "RUSSIA": "A MOS - UKR\nA WAR H\nF SEV H\nF STP/SC H",
    "TURKEY": "A CON - BUL\nA SMY H\nF ANK H"}


def _second_game(judge: Judge, tmp_path: Path) -> Path:
    """Game `bad` beside the judge's game `g`, with players and GM of its own."""
    # The same judge address serves both games, as on a real home; mail To it is meant
    # for the judge (the DKIM and trusted-header proofs ask that since issue 23).
    text = standard_game("bad").replace("@example.test", "@bad.test").replace(
        "judge@bad.test", "judge@example.test")
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    load_game(judge.app, path)
    judge.tick()
    judge.new_mail()
    return path


def _stored_position(judge: Judge, name: str, state: dict[str, Any] | None = None
                     ) -> dict[str, Any]:
    """The open phase's stored position of game `name`; written over with `state`."""
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == name)).one()
        row = s.scalars(select(PhaseRow).where(PhaseRow.game_id == game.id,
                                               PhaseRow.processed_at.is_(None))).one()
        old = dict(row.state)
        if state is not None:
            row.state = state
        return old


def _status(judge: Judge, name: str) -> str:
    with judge.app.db.transaction() as s:
        return s.scalars(select(Game.status).where(Game.name == name)).one()


def _subjects(judge: Judge, address: str, mails: list[Any]) -> list[str]:
    return [m["Subject"] for m in judge.to(address, mails)]


def test_a_corrupt_position_parks_its_game_and_the_other_game_goes_on(
        judge: Judge, cli: Cli, tmp_path: Path) -> None:
    _second_game(judge, tmp_path)
    good = _stored_position(judge, "bad")
    # Written directly in the store: a unit on a province the map does not have.
    _stored_position(judge, "bad", {**good, "units": {**good["units"], "FRANCE": ["A XYZ"]}})

    judge.send("france@bad.test", "A PAR - BUR")
    for power, order in OPENING.items():
        judge.send(f"{power.lower()}@example.test", order)
    run = cli("tick", ok=False)
    assert ("error: game bad parked: the stored position of S1901M cannot be read: "
            "units.FRANCE[0]: unknown province 'XYZ'") in run.output
    mails = judge.new_mail()

    # The healthy game: every mail answered, the phase processed early, results out.
    assert _status(judge, "g") == "active"
    for power in POWERS:
        subjects = _subjects(judge, f"{power.lower()}@example.test", mails)
        assert "[g] Spring 1901 Movement results" in subjects, subjects
    # The parked game: its player told it is paused, its GM told once why.
    assert _status(judge, "bad") == "parked"
    assert _subjects(judge, "france@bad.test", mails) == [
        "[bad] Game paused for the game master"]
    assert "Your mail was not read" in body(judge.to("france@bad.test", mails)[0])
    notice = judge.to("gm@bad.test", mails)
    assert [m["Subject"] for m in notice] == ["[bad] Game parked: S1901M cannot be processed"]
    assert "units.FRANCE[0]: unknown province 'XYZ'" in body(notice[0])
    assert "RESUME" in body(notice[0])

    # Later runs: the parked game waits, quietly; its deadline passes without effect.
    judge.clock.advance(hours=60)
    judge.send("germany@bad.test", "A BER - KIE")
    cli("tick")
    mails = judge.new_mail()
    assert judge.to("gm@bad.test", mails) == []
    assert _subjects(judge, "germany@bad.test", mails) == [
        "[bad] Game paused for the game master"]
    assert any("[g] Fall 1901 Movement results" in s
               for s in _subjects(judge, "france@example.test", mails))

    # The home's views show the parked game, and exit 0.
    shown = cli("game", "status", "bad").output
    assert "bad (parked)" in shown and "PARKED: the stored position of S1901M" in shown
    assert "PARKED" in cli("game", "show", "bad").output
    assert "(active)" in cli("game", "status", "g").output

    # The GM's STATUS needs the position: he is answered why the game is parked.
    judge.send("gm@bad.test", "STATUS")
    judge.tick()
    answer = body(judge.to("gm@bad.test", judge.new_mail())[0])
    assert "Game bad is parked" in answer and "unknown province 'XYZ'" in answer

    # RESUME before the fix is refused with the reason; after it, the game goes on.
    judge.send("gm@bad.test", "RESUME")
    judge.tick()
    refused = body(judge.to("gm@bad.test", judge.new_mail())[0])
    assert "stays parked" in refused and "unknown province 'XYZ'" in refused
    _stored_position(judge, "bad", good)
    assert "un-parked and resumed" in cli("game", "resume", "bad").output
    judge.tick()
    mails = judge.new_mail()
    assert _status(judge, "bad") == "active"
    assert "[bad] Game resumed" in _subjects(judge, "france@bad.test", mails)[0]
    judge.send("france@bad.test", "A PAR - BUR")
    judge.tick()
    assert "Received" in _subjects(judge, "france@bad.test", judge.new_mail())[0]


def test_a_phase_the_engine_fails_on_parks_only_its_game(
        judge: Judge, cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import gmbot.service.deadline.process as process

    _second_game(judge, tmp_path)
    real = process.adjudicate

    def failing(state, rules, orders):  # noqa: ANN001, ANN202
        if "A PAR" not in str(orders.get("FRANCE")):  # game bad's France orders a hold
            raise RuntimeError("the next phase refuses this position")
        return real(state, rules, orders)

    monkeypatch.setattr(process, "adjudicate", failing)
    judge.send("france@bad.test", "A MAR H")
    judge.send("france@example.test", "A PAR - BUR")
    judge.clock.advance(hours=49)
    run = cli("tick", ok=False)
    assert "game bad parked at S1901M: processing S1901M failed: RuntimeError" in run.output
    assert "g: S1901M processed (deadline)" in run.output
    assert _status(judge, "bad") == "parked"
    notice = judge.to("gm@bad.test", judge.new_mail())
    assert [m["Subject"] for m in notice] == ["[bad] Game parked: S1901M cannot be processed"]
    # The GM's PROCESS of a parked game is refused; once resumed, a failing phase parks
    # it again and `gmbot game process` says so with exit status 1.
    assert "RESUME it first" in cli("game", "process", "bad", ok=False).output
    cli("game", "resume", "bad")
    run = cli("game", "process", "bad", ok=False)
    assert "error: game bad parked at S1901M" in run.output
    judge.tick()  # sends what was queued
    notices = judge.to("gm@bad.test", judge.new_mail())
    assert [m["Subject"] for m in notices if "parked" in m["Subject"]] == [
        "[bad] Game parked: S1901M cannot be processed"]
