"""`gmbot game load` and `gmbot game show` on real files, via the CLI: errors name the file,
line and field; reloading an edited file keeps orders and history; a `position:` starts a
game from that position, and `game show --json` gives it back in the same schema."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
import yaml
from sqlalchemy import select

from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict, state_to_dict
from gmbot.store.models import Event, Game, OrderSet, PhaseRow
from gmbot.variants import DECLARED_OPTIONS, DECLARED_VARIANTS
from tests.loop.conftest import Cli
from tests.loop.judgekit import REPO, Judge, make_judge, standard_game
from tests.loop.judgekit import body as crlf_body

GOOD = """\
name: demo
variant: standard
gm: gm@example.test
judge: judge@example.test
players:
  - {address: france@example.test, power: FRANCE}
  - {address: germany@example.test, power: GERMANY}
"""
POSITION = """\
position:
  phase: F1905M
  units:
    france: [A BUR, F MAO, {unit: F SPA/NC}]
    GERMANY: [A MUN, F HOL]
    england: [F NTH]
  centers:
    FRANCE: [PAR, BRE, MAR, SPA, POR]
    GERMANY: [BER, KIE, MUN, HOL]
    ENGLAND: [LON]
"""


def body(msg: object) -> str:
    return crlf_body(msg).replace("\r\n", "\n")


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, standard_game())

def write(tmp_path: Path, text: str, name: str = "demo.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def games(judge: Judge) -> list[str]:
    with judge.app.db.transaction() as s:
        return list(s.scalars(select(Game.name).order_by(Game.name)))


# --- errors -------------------------------------------------------------------------------

BAD = {
    "bad power for the map": (
        GOOD.replace("power: GERMANY", "power: NARNIA"),
        ":7: players[1].power: unknown power NARNIA (powers: AUSTRIA, ENGLAND"),
    "army at sea": (
        GOOD + POSITION.replace("england: [F NTH]", "england: [F LON, A NTH]"),
        ":13: position.units.ENGLAND[1]: an army cannot stand in NTH"),
    "fleet inland": (
        GOOD + POSITION.replace("[A MUN, F HOL]", "[F MUN, F HOL]"),
        ":12: position.units.GERMANY[0]: a fleet cannot stand in MUN"),
    "unknown province in a position": (
        GOOD + POSITION.replace("ENGLAND: [LON]", "ENGLAND: [LON, XYZ]"),
        ":17: position.centers.ENGLAND[1]:"),
    "unknown power in a position": (
        GOOD + POSITION.replace("england:", "narnia:"),
        ":13: position.units.NARNIA: unknown power 'NARNIA'"),
    "unknown option": (
        GOOD.replace("variant: standard\n", "variant: standard\noptions: {fog: true}\n"),
        ":3: options: unknown option 'fog' for standard"),
    "unknown variant": (
        GOOD.replace("variant: standard", "variant: chess"),
        ":2: variant: unknown variant 'chess' (known: "),
    "YAML syntax error": (
        GOOD.replace("power: GERMANY}", "power: GERMANY"),
        ":8: invalid YAML:"),
    "bad indentation": (
        GOOD.replace("  - {address: germany", " - {address: germany"),
        ":7: invalid YAML:"),
    "unknown key and bad duration": (
        GOOD.replace("players:", "plyers:") + "deadlines:\n  movement: 3x\n",
        ":5: plyers: unknown key 'plyers'; did you mean players?"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_load_reports_file_line_and_field(judge: Judge, cli: Cli, tmp_path: Path,
                                          case: str) -> None:
    text, expected = BAD[case]
    path = write(tmp_path, text)
    result = cli("game", "load", str(path), ok=False)
    assert result.exit_code != 0
    assert "the game file has errors:" in result.output
    assert f"{path}{expected}" in result.output, result.output
    assert games(judge) == ["g"]  # nothing was created


def test_every_problem_is_reported_at_once(cli: Cli, tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("players:", "plyers:") + "deadlines:\n  movement: 3x\n")
    output = cli("game", "load", str(path), ok=False).output
    assert f"{path}:1: players: required" in output
    assert f"{path}:5: plyers: unknown key 'plyers'; did you mean players?" in output
    assert f"{path}:9: deadlines.movement: not a duration: '3x'" in output


def test_a_bad_edit_leaves_the_game_as_it_was(judge: Judge, cli: Cli, tmp_path: Path) -> None:
    game_file = tmp_path / "game.yaml"
    good = game_file.read_text(encoding="utf-8")
    game_file.write_text(good.replace("power: TURKEY", "power: OTTOMANS"), encoding="utf-8")
    output = cli("game", "load", str(game_file), ok=False).output
    assert f"{game_file}:" in output and "power: unknown power OTTOMANS" in output
    with judge.app.db.transaction() as s:
        assert "OTTOMANS" not in s.scalars(select(Game.source)).one()


@pytest.mark.parametrize("wazir", [True, False], ids=["with a Wazir", "powers only"])
def test_a_variant_on_another_map_is_refused_for_a_game_under_way(
        judge: Judge, cli: Cli, tmp_path: Path, wazir: bool) -> None:
    """The GM's file moves game g, under way on the standard map, to Al-Andalus, whose map
    cannot read its position: the load is refused as a file with errors (it was a
    traceback), nothing of the game changes, and it goes on."""
    text = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    text = text.replace("name: al-andalus-example", "name: g")
    if not wazir:
        text = "".join(line for line in text.splitlines(keepends=True) if "role:" not in line)
    path = write(tmp_path, text)
    result = cli("game", "load", str(path), ok=False)
    assert "the game file has errors:" in result.output, result.exception
    assert ("variant: game g is under way at S1901M, and al-andalus cannot go on with it: "
            "the stored position of S1901M cannot be read: units.AUSTRIA: unknown power "
            "'AUSTRIA'") in result.output
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        assert (game.variant, game.status, len(game.players)) == ("standard", "active", 7)
    judge.new_mail()
    judge.send("france@example.test", "A PAR - BUR")
    judge.tick()
    [ack] = judge.to("france@example.test", judge.new_mail())
    assert "A PAR - BUR" in crlf_body(ack)


# --- reloading -----------------------------------------------------------------------------


def test_reloading_an_edited_file_keeps_orders_and_history(judge: Judge, cli: Cli,
                                                            tmp_path: Path) -> None:
    game_file = tmp_path / "game.yaml"
    judge.send("gm@example.test", "PROCESS\n")
    judge.tick()  # S1901M processed: history
    judge.send("france@example.test", "A PAR - BUR\n")
    judge.tick()
    judge.new_mail()

    edited = game_file.read_text(encoding="utf-8").replace(
        "name: g\n", "name: g\ntitle: The Edited Game\n").replace(
        "movement: 48h", "movement: 72h").replace(
        "france@example.test", "francine@example.test")
    game_file.write_text(edited, encoding="utf-8")
    result = cli("game", "load", str(game_file))
    assert result.output.strip() == "game g updated at F1901M (7 players)"

    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        assert game.title == "The Edited Game"
        phase = s.scalars(select(PhaseRow).order_by(PhaseRow.seq.desc())).first()
        assert phase.name == "F1901M"
        assert phase.deadline_at == phase.opened_at + timedelta(hours=72)  # new rule
        assert len(s.scalars(select(OrderSet)).all()) == 1

    # France's standing orders moved with the power to its new address.
    judge.send("francine@example.test", "ORDERS\n")
    judge.send("germany@example.test", "HISTORY\n")
    judge.tick()
    mails = judge.new_mail()
    [standing] = [m for m in judge.to("francine@example.test", mails)
                  if "Welcome" not in m["Subject"]]
    assert "A PAR - BUR" in body(standing)
    history = body(judge.to("germany@example.test", mails)[0])
    assert "=== Spring 1901 Movement ===" in history
    assert "The Edited Game: results of Spring 1901 Movement" not in history  # as sent then

    judge.send("gm@example.test", "PROCESS\n")
    judge.tick()
    results = judge.new_mail()
    assert "The Edited Game: results of Fall 1901 Movement" in body(judge.to(
        "gm@example.test", results)[-1])
    assert "A PAR - BUR" in body(judge.to("francine@example.test", results)[-1])
    assert judge.to("france@example.test", results) == []


def test_loading_the_same_file_twice_changes_nothing(judge: Judge, cli: Cli,
                                                     tmp_path: Path) -> None:
    judge.send("france@example.test", "A PAR - BUR\n")
    judge.tick()
    with judge.app.db.transaction() as s:
        before = [(r.name, r.deadline_at, r.state) for r in s.scalars(select(PhaseRow))]
    cli("game", "load", str(tmp_path / "game.yaml"))
    with judge.app.db.transaction() as s:
        assert [(r.name, r.deadline_at, r.state) for r in s.scalars(select(PhaseRow))] == before
        assert len(s.scalars(select(OrderSet)).all()) == 1


# --- positions ------------------------------------------------------------------------------


def expected_position() -> dict[str, object]:
    data = {
        "phase": "F1905M",
        "units": {"FRANCE": ["A BUR", "F MAO", "F SPA/NC"], "GERMANY": ["A MUN", "F HOL"],
                  "ENGLAND": ["F NTH"]},
        "centers": {"FRANCE": ["PAR", "BRE", "MAR", "SPA", "POR"],
                    "GERMANY": ["BER", "KIE", "MUN", "HOL"], "ENGLAND": ["LON"]},
    }
    return state_to_dict(state_from_dict(data, load_map("standard")))


def test_a_position_starts_the_game_there_and_show_json_returns_it(
        judge: Judge, cli: Cli, tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + POSITION)
    assert cli("game", "load", str(path)).output.strip() == \
        "game demo created at F1905M (2 players)"

    shown = json.loads(cli("game", "show", "demo", "--json").output)
    assert shown["game"] == "demo" and shown["variant"] == "standard"
    assert shown["status"] == "active" and shown["options"] == {} and shown["auth"] == "on"
    position = {k: v for k, v in shown.items() if k not in (
        "game", "variant", "options", "status", "auth", "deadline", "deadline_text", "players")}
    assert position == expected_position()
    assert position["phase"] == "F1905M"
    assert sorted(position["units"]["FRANCE"]) == ["A BUR", "F MAO", "F SPA/NC"]
    # The schema round-trips: what show gives can be read as a position again.
    assert state_to_dict(state_from_dict(position, load_map("standard"))) == position

    text = cli("game", "show", "demo").output
    assert "demo (standard, active) at F1905M" in text
    assert "FRANCE" in text and "F SPA/NC" in text

    # Ordering from that position works by mail.
    judge.send("france@example.test",
               "GAME demo\nF SPA/NC - POR\nA BUR - MUN\nF MAO S F SPA - POR\n")
    judge.tick()
    welcome, ack = judge.to("france@example.test", judge.new_mail())
    assert "Welcome" in welcome["Subject"]  # France of the new game `demo`
    reply = body(ack)
    assert "Orders for F1905M (version 1):" in reply
    assert "Not accepted" not in reply


def test_reloading_a_position_file_does_not_reset_the_game(
        judge: Judge, cli: Cli, tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + POSITION)
    cli("game", "load", str(path))
    judge.send("germany@example.test", "GAME demo\nA MUN - RUH\n")
    judge.send("gm@example.test", "GAME demo\nPROCESS\n")
    judge.tick()
    assert json.loads(cli("game", "show", "demo", "--json").output)["phase"] == "W1905A"

    # Another edit (a title) with the starting position still in the file.
    path.write_text(GOOD.replace("name: demo\n", "name: demo\ntitle: From 1905\n") + POSITION,
                    encoding="utf-8")
    assert cli("game", "load", str(path)).output.strip() == \
        "game demo updated at W1905A (2 players)"
    shown = json.loads(cli("game", "show", "demo", "--json").output)
    assert shown["phase"] == "W1905A"
    assert "A RUH" in shown["units"]["GERMANY"]

    # A changed position is a correction of the current phase.
    corrected = POSITION.replace("phase: F1905M", "phase: W1905A").replace(
        "england: [F NTH]", "england: [F NTH, F LON]")
    path.write_text(GOOD + corrected, encoding="utf-8")
    assert "updated at W1905A" in cli("game", "load", str(path)).output
    shown = json.loads(cli("game", "show", "demo", "--json").output)
    assert shown["phase"] == "W1905A"
    assert sorted(shown["units"]["ENGLAND"]) == ["F LON", "F NTH"]
    assert "A MUN" in shown["units"]["GERMANY"]  # as the correction says


def test_show_unknown_game(cli: Cli) -> None:
    assert "no game named 'nope'" in cli("game", "show", "nope", ok=False).output


def test_game_list(judge: Judge, cli: Cli) -> None:
    line = cli("game", "list").output.strip()
    assert line.split() == ["g", "standard", "active", "S1901M,", "deadline", "Wed", "4", "Mar",
                            "2026", "09:00", "UTC"]


# Every declared variant's and option's example game, by the declaration's name.
EXAMPLES = {d.name: d.example for d in (*DECLARED_VARIANTS.values(), *DECLARED_OPTIONS.values())
            if d.example is not None}


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_every_example_game_loads_and_round_trips(cli: Cli, example: str) -> None:
    path = Path(str(EXAMPLES[example]))
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert "created" in cli("game", "load", str(path)).output
    shown = json.loads(cli("game", "show", spec["name"], "--json").output)
    assert shown["variant"] == spec["variant"] and shown["phase"]
    assert "unchanged" in cli("game", "load", str(path)).output or \
        "updated" in cli("game", "load", str(path)).output


def test_reloading_a_file_with_passwords_keeps_secrets_and_position(judge: Judge, cli: Cli,
                                                                     tmp_path: Path) -> None:
    """The stored copy has no passwords, yet an unchanged file is no correction, and an
    unchanged password keeps its hash (so replies to earlier judge mail still count)."""
    text = GOOD.replace("power: FRANCE}", "power: FRANCE, password: baguette}") + POSITION
    path = write(tmp_path, text)
    cli("game", "load", str(path))

    def stored() -> tuple[str, str | None, list[str]]:
        with judge.app.db.transaction() as s:
            game = s.scalars(select(Game).where(Game.name == "demo")).one()
            phases = [p.name for p in s.scalars(select(PhaseRow)
                                                .where(PhaseRow.game_id == game.id))]
            return game.source, game.players[0].secret_hash, phases

    source, secret, phases = stored()
    assert "baguette" not in source
    cli("game", "load", str(path))
    assert stored() == (source, secret, phases)
    with judge.app.db.transaction() as s:
        kinds = [e.kind for e in s.scalars(select(Event))]
    assert "position_corrected" not in kinds
