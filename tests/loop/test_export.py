"""Issue 25, item 3: whole games exported (gmbot's form, public or full; the MILA
engine's saved game) and imported into another home, where they continue."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import gmbot.service.app
from gmbot.cli import main
from gmbot.daemon.loop import tick
from gmbot.service.app import open_app
from gmbot.service.archive.run import ArchiveError, export_text, import_file
from gmbot.service.runtime import current_phase
from gmbot.store.models import Game
from gmbot.store.outbox import Outbound
from tests.authkit import trust_the_mx
from tests.loop.exportkit import export_game_text, play
from tests.loop.judgekit import Clock, Judge, make_judge

# On PostgreSQL too (CONTRIBUTING.md): the export and its import.
pytestmark = pytest.mark.dialect("gmbot.service.archive.export", "gmbot.service.archive.restore")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Judge:
    judge = make_judge(tmp_path_factory.mktemp("export"), export_game_text())
    judge.send("france@example.test", "BROADCAST\nBonjour to all of Europe\nENDPRESS")
    judge.send("england@example.test", "PRESS TO GERMANY\nOur secret plan\nENDPRESS")
    play(judge)
    return judge


def fresh_home(tmp_path: Path, clock: Clock) -> gmbot.service.app.App:
    home = tmp_path / "other"
    trust_the_mx(home)
    app = open_app(home)
    app.clock = clock
    return app


def without_time(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "exported_at"}


def test_full_export_round_trips_through_import(played: Judge, tmp_path: Path) -> None:
    text = export_text(played.app, "g", scope="full")
    path = tmp_path / "g.json"
    path.write_text(text, encoding="utf-8")
    other = fresh_home(tmp_path, played.clock)
    assert "open phase F1902M" in import_file(other, path)
    again = json.loads(export_text(other, "g", scope="full"))
    assert without_time(again) == without_time(json.loads(text))


def test_export_never_holds_secrets(played: Judge) -> None:
    with played.app.db.transaction() as s:
        game = s.query(Game).one()
        hashes = [p.secret_hash for p in game.players] + [game.gm_secret_hash]
    for scope in ("public", "full"):
        text = export_text(played.app, "g", scope=scope)
        assert all(h and h not in text for h in hashes)
        assert "password" not in text.lower() or "(not kept)" in text


def test_public_export_leaves_out_addresses_unless_asked(played: Judge) -> None:
    public = export_text(played.app, "g")
    assert "@example.test" not in public
    data = json.loads(public)
    assert data["scope"] == "public"
    assert [p["power"] for p in data["players"]][:2] == ["AUSTRIA", "ENGLAND"]
    shared = json.loads(export_text(played.app, "g", addresses=True))
    assert shared["players"][2]["address"] == "france@example.test"
    assert "gm" not in shared["game"]


def test_public_export_has_phases_results_and_centres(played: Judge) -> None:
    data = json.loads(export_text(played.app, "g"))
    names = [p["name"] for p in data["phases"]]
    assert names == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M", "F1902M"]
    fall = data["phases"][1]
    assert fall["position"]["GERMANY"]["units"] == ["A BUR", "A KIE", "F HOL"]
    assert "A BUR" in fall["result"]["dislodged"]
    assert {"unit": "A MAR", "order": "A MAR - BUR", "result": "succeeds", "given": "",
            "why": ""} in fall["orders"]["FRANCE"]
    assert "Burgundy" in fall["result"]["text"] or "BUR" in fall["result"]["text"]
    winter = data["phases"][3]
    # Every row has every field (a build's too): no row tells its kind by its shape.
    assert {"unit": "A PAR", "order": "BUILD A PAR", "result": "succeeds", "given": "",
            "why": ""} in winter["orders"]["FRANCE"]
    assert data["centres"]["1901"]["FRANCE"] == 4
    assert data["phases"][-1]["orders"] is None  # the open phase: orders are secret


def test_public_export_has_the_broadcasts_only(played: Judge) -> None:
    public = json.loads(export_text(played.app, "g"))
    assert [(p["signed_as"], p["text"].strip()) for p in public["press"]] == [
        ("France", "Bonjour to all of Europe")]
    assert "Our secret plan" not in json.dumps(public)
    full = json.loads(export_text(played.app, "g", scope="full"))
    assert [(p["sender_key"], p["broadcast"], p["text"].strip()) for p in full["press"]] == [
        ("FRANCE", True, "Bonjour to all of Europe"), ("ENGLAND", False, "Our secret plan")]
    assert full["press"][1]["recipients"] == ["GERMANY"]


def test_imported_game_continues_as_the_original_would(tmp_path: Path) -> None:
    judge = make_judge(tmp_path / "first", export_game_text())
    play(judge)
    judge.send("france@example.test", "A BUR - MUN\nA BEL S A BUR - MUN\nF MAO - SPA/NC")
    judge.tick()
    path = tmp_path / "g.json"
    path.write_text(export_text(judge.app, "g", scope="full"), encoding="utf-8")
    other = fresh_home(tmp_path, judge.clock)
    import_file(other, path, "moved")
    judge.clock.advance(hours=49)
    tick(other)
    judge.tick()
    results = []
    for app, name in ((judge.app, "g"), (other, "moved")):
        with app.db.transaction() as s:
            game = s.query(Game).filter_by(name=name).one()
            phase = current_phase(s, game)
            assert phase is not None and phase.name == "W1902A"
            done = game.phases[-2]
            assert done.name == "F1902M" and done.result is not None
            results.append({k: v for k, v in done.result.items() if k != "public_text"})
            kinds = [m.kind for m in s.query(Outbound).filter_by(game_id=game.id)]
            if name == "moved":  # everyone welcomed (a new password), then the results
                assert kinds.count("welcome") == 8 and kinds.count("results") == 8
    assert results[0] == results[1]
    assert results[0]["moves"]["F MAO"] == "SPA/NC"


def test_import_refusals(played: Judge, tmp_path: Path) -> None:
    full = json.loads(export_text(played.app, "g", scope="full"))
    other = fresh_home(tmp_path, played.clock)

    def refused(data: object, name: str | None = None) -> str:
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(data) if not isinstance(data, str) else data)
        with pytest.raises(ArchiveError) as e:
            import_file(other, path, name)
        assert "\n" not in str(e.value)
        return str(e.value)

    assert "version: this gmbot reads version 1" in refused({**full, "version": 99})
    assert "format:" in refused({"id": "x", "map": "standard", "phases": []})
    assert "not JSON (line 1" in refused("{oops")
    assert "game.variant:" in refused({**full, "game": {**full["game"], "variant": "chess"}})
    assert "phases[0].name: expected str, got int" in refused(
        {**full, "phases": [{**full["phases"][0], "name": 7}, *full["phases"][1:]]})
    assert "players[0].active: the field is missing" in refused(
        {**full, "players": [{"power": "AUSTRIA", "role": None, "name": None}]})
    assert "phases[1].position:" in refused(
        {**full, "phases": [full["phases"][0], {**full["phases"][1],
                                                  "position": {"phase": "X1901Q"}}]})
    public = json.loads(export_text(played.app, "g"))
    assert "scope: this is a public export" in refused(public)
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps(full))
    import_file(other, ok)
    assert "a game named 'g' exists already" in refused(full)
    assert "is no game name" in refused(full, "Bad Name")


def test_cli_export_and_import(played: Judge, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = gmbot.service.app.open_app

    def on_clock(*args: object, **kw: object) -> gmbot.service.app.App:
        app = real_open(*args, **kw)
        app.clock = played.clock
        return app

    monkeypatch.setattr(gmbot.service.app, "open_app", on_clock)
    # On a PostgreSQL run each test has a database of its own (GMBOT_DATABASE_URL, set by
    # tests/conftest.py): the played game is in the module's first one.
    own = os.environ.get("GMBOT_DATABASE_URL")
    if own is not None:
        monkeypatch.setenv("GMBOT_DATABASE_URL", played.app.db.url)
    runner = CliRunner()
    out = tmp_path / "g.json"
    done = runner.invoke(main, ["--home", str(played.home), "game", "export", "g", "--full",
                                "-o", str(out)])
    assert done.exit_code == 0, done.output
    if own is not None:
        monkeypatch.setenv("GMBOT_DATABASE_URL", own)
    assert json.loads(out.read_text())["scope"] == "full"
    assert out.stat().st_mode & 0o077 == 0  # the GM's alone: it holds the addresses
    other = tmp_path / "other"
    trust_the_mx(other)
    done = runner.invoke(main, ["--home", str(other), "game", "import", str(out)])
    assert done.exit_code == 0, done.output
    assert "game g imported (6 phases, 7 players); open phase F1902M" in done.output
    done = runner.invoke(main, ["--home", str(other), "game", "import", str(out)])
    assert done.exit_code == 1
    assert "exists already" in done.output and "Traceback" not in done.output
    done = runner.invoke(main, ["--home", str(played.home), "game", "export", "nope"])
    assert done.exit_code == 1 and "no game named 'nope'" in done.output


def test_public_warlock_export_never_shows_an_invisible_unit(tmp_path: Path) -> None:
    # Germany's army in Bohemia is invisible (last seen in Munich) and moves to Galicia.
    position = """position:
  phase: S1901M
  units:
    GERMANY: [{unit: A BOH, invisible: MUN}, F KIE]
    AUSTRIA: [A VIE]
    FRANCE: [A PAR]
"""
    game = export_game_text().replace("variant: standard", "variant: warlock")
    judge = make_judge(tmp_path, game + "options: {seed: 7345}\n" + position)
    judge.send("germany@example.test", "A BOH - GAL\nF KIE - DEN")
    judge.tick()
    judge.clock.advance(hours=49)
    judge.tick()
    public = export_text(judge.app, "g")
    full = export_text(judge.app, "g", scope="full")
    assert '"invisible": "MUN"' in full and "A GAL" in full  # the GM's backup has it
    for hidden in ("A BOH", "A GAL", "BOH", "GAL", "invisible", "7345"):
        assert hidden not in public  # nor the seed of the draws, while the game runs
    assert "F DEN" in public  # the visible fleet's move is public


def test_public_capitalist_export_never_shows_a_balance(tmp_path: Path) -> None:
    from tests.loop.test_capitalist_mail import BALANCES, capitalist_game, yaml_position

    judge = make_judge(tmp_path, capitalist_game(yaml_position()).replace(
        "early: true", "early: false"))
    judge.send("france@example.test", "A POR - SPA (3)", subject="[g] orders")
    judge.tick()
    judge.clock.advance(hours=49)
    judge.tick()
    public = json.loads(export_text(judge.app, "g"))
    text = json.dumps(public)
    assert "balance" not in text.lower() and "Account" not in text
    assert public["phases"][0]["result"] is not None
    full = export_text(judge.app, "g", scope="full")
    assert f'"balance": {BALANCES["ENGLAND"]}' in full.replace("\n", "").replace("  ", "")


def test_public_warlock_export_never_shows_an_invisible_unit_dislodged(
        tmp_path: Path) -> None:
    # Austria drives Germany's invisible army out of Bohemia: it stays invisible (the
    # ruling), so the public never learns of its dislodgement or its retreat.
    position = """position:
  phase: S1901M
  units:
    GERMANY: [{unit: A BOH, invisible: MUN}, F KIE]
    AUSTRIA: [A VIE, A GAL]
"""
    game = export_game_text().replace("variant: standard", "variant: warlock")
    judge = make_judge(tmp_path, game + "options: {seed: 7345}\n" + position)
    judge.send("austria@example.test", "A VIE - BOH\nA GAL S A VIE - BOH")
    judge.send("germany@example.test", "F KIE - DEN")
    play(judge, [{}, {"GERMANY": ["A BOH R SIL"]}])
    full = json.loads(export_text(judge.app, "g", scope="full"))
    assert "A BOH" in full["phases"][0]["result"]["dislodged"]  # the GM's backup has it
    assert full["phases"][1]["name"] == "S1901R"
    assert full["phases"][1]["result"]["moves"] == {"A BOH": "SIL"}
    public = json.loads(export_text(judge.app, "g"))
    for phase in public["phases"]:
        assert "SIL" not in json.dumps(phase)  # where it retreated to
        assert (phase["result"] or {}).get("dislodged", {}) == {}
        for row in (phase["orders"] or {}).get("GERMANY", []):
            assert "BOH" not in row["unit"] and "BOH" not in row["order"]
        assert phase["position"].get("GERMANY", {}).get("units") in (None, ["F KIE"],
                                                                      ["F DEN"])
    assert [r["order"] for r in public["phases"][0]["orders"]["AUSTRIA"]] == [
        "A GAL S A VIE - BOH", "A VIE - BOH"]
