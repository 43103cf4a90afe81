"""An Arpiesse game from its example game played by mail through the judge: a
battle decided by colour, an exchange of colours, and coloured builds in winter, with each
unit's colour shown in the results mails."""

from __future__ import annotations

import json
from pathlib import Path

from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict
from gmbot.service.runtime import current_phase
from gmbot.store.models import Game
from tests.loop.conftest import Cli
from tests.loop.judgekit import POWERS, REPO, Judge, body, make_judge

GAME = REPO / "gmbot/variants/arpiesse/example.yaml"


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def send_all(judge: Judge, units: dict[str, list[str]], moves: dict[str, str]) -> None:
    for power in POWERS:
        lines = [moves.get(u, f"{u} H") for u in units[power]]
        judge.send(addr(power), "\n".join(lines) + "\n", subject="[arpiesse-example] orders")


def position(judge: Judge) -> dict[str, str]:
    """Each unit on the board now -> its colour, from the stored position."""
    with judge.app.db.transaction() as s:
        game = s.query(Game).filter_by(name="arpiesse-example").one()
        state = state_from_dict(current_phase(s, game).state, load_map("standard"))
    return {str(u): u.attrs["colour"] for u in state.units.values()}


def results_for(judge: Judge, power: str, season: str) -> str:
    mails = [m for m in judge.new_mail() if f"{season} results" in m["Subject"]]
    assert mails, f"no {season} results"
    return body(judge.to(addr(power), mails)[0])


def test_an_arpiesse_year_by_mail(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME.read_text(encoding="utf-8"))
    start = {
        "AUSTRIA": ["A VIE", "A BUD", "F TRI"], "ENGLAND": ["F LON", "F EDI", "A LVP"],
        "FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A BER", "A MUN", "F KIE"],
        "ITALY": ["A ROM", "A VEN", "F NAP"], "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC"],
        "TURKEY": ["A CON", "F ANK", "A SMY"],
    }
    assert position(judge)["A WAR"] == "purple" and position(judge)["A VIE"] == "red"

    # Spring: the purple Russian army beats the red Austrian one into Galicia (by standard
    # rules both would bounce); Italy exchanges the colours of Venice and Rome.
    send_all(judge, start, {
        "A VIE": "A VIE - GAL", "A WAR": "A WAR - GAL",
        "A VEN": "A VEN X A ROM", "A ROM": "A ROM exchange with A VEN",
        "A PAR": "A PAR - BUR", "A MAR": "A MAR - SPA", "F BRE": "F BRE - MAO",
    })
    report = judge.tick()
    assert report.processed == ["arpiesse-example: S1901M processed (early); next F1901M"]
    italian = results_for(judge, "ITALY", "Spring 1901 Movement")
    assert "A VEN (purple) X A ROM" in italian and "A ROM (red) X A VEN" in italian
    assert "A ROM and A VEN exchange colours: A ROM (purple), A VEN (red)." in italian
    assert "Your units: A ROM (purple), A VEN (red), F NAP (silver)" in italian
    assert "A WAR (purple) - GAL" in italian and "A VIE (red) - GAL" in italian
    # Beside the result a standard player would not expect, the reason, in every copy.
    assert ("A WAR (purple) - GAL (its purple is superior to the rival A VIE's red: between "
            "rivals, colour decides, not strength): succeeds") in italian
    assert "A GAL (purple)" in italian  # the board summary after the phase
    colours = position(judge)
    assert (colours["A VEN"], colours["A ROM"], colours["A GAL"]) == ("red", "purple", "purple")
    assert "A VIE" in colours and "A WAR" not in colours

    # Fall: France takes Portugal; the purple army in Galicia attacks the red one holding
    # Vienna: a superior attack, which dislodges it (by standard rules 1 against 1 would
    # bounce). A support from the purple army in Budapest would have given Vienna purple
    # too and saved it (rulings case gained-colour-stops-a-superior-attack).
    fall = {**start, "AUSTRIA": ["A VIE", "A BUD", "F TRI"],
            "RUSSIA": ["A MOS", "A GAL", "F SEV", "F STP/SC"],
            "FRANCE": ["A BUR", "A SPA", "F MAO"]}
    send_all(judge, fall, {"F MAO": "F MAO - POR", "A GAL": "A GAL - VIE"})
    judge.tick()
    austrian = results_for(judge, "AUSTRIA", "Fall 1901 Movement")
    assert "F MAO (silver) - POR" in austrian and "A GAL (purple) - VIE" in austrian
    assert ("A VIE (red) H (A GAL's purple is superior to its red: colour, not strength, "
            "decided): dislodged") in austrian
    assert "AUSTRIA A VIE (red) (attacked from GAL): may retreat to BOH, TYR" in austrian
    judge.send(addr("AUSTRIA"), "A VIE R BOH\n", subject="[arpiesse-example] retreat")
    judge.tick()
    austrian = results_for(judge, "AUSTRIA", "Fall 1901 Retreat")
    assert "A VIE (red) R BOH" in austrian and "A BOH (red)" in austrian
    assert "builds 2" in austrian and "removes 1" in austrian

    # Winter: a colourless build is refused with its reason; builds name their colour.
    # READY: France lets his builds stand despite the refused line (else no early run).
    judge.send(addr("FRANCE"), "BUILD A PAR\nBUILD SILVER A PAR\nF BRE B RED\nREADY\n",
               subject="[arpiesse-example] builds")
    judge.send(addr("RUSSIA"), "BUILD RED A WAR\n", subject="[arpiesse-example] builds")
    judge.send(addr("AUSTRIA"), "REMOVE F TRI\n", subject="[arpiesse-example] removal")
    judge.tick()
    mails = judge.new_mail()
    reply = next(m for m in judge.to(addr("FRANCE"), mails) if "Errors" in m["Subject"])
    ack = body(reply).replace("\r\n", "\n")
    assert "line 1: BUILD A PAR\n    -> name the new unit's colour: BUILD RED A PAR" in ack
    assert "BUILD SILVER A PAR" in ack and "BUILD RED F BRE" in ack
    winter = [m for m in mails if "Winter 1901 Adjustment results" in m["Subject"]]
    english = body(judge.to(addr("ENGLAND"), winter)[0])
    assert "BUILD A PAR (silver)" in english and "BUILD F BRE (red)" in english
    assert "BUILD A WAR (red)" in english
    orders_part = english.split("Supply centres and units:")[0]
    assert "REMOVE F TRI (" in orders_part.split("AUSTRIA")[1]  # removals are reported too
    assert "A PAR (silver)" in english.split("Supply centres and units:")[1]
    colours = position(judge)
    assert (colours["A PAR"], colours["F BRE"], colours["A WAR"]) == ("silver", "red", "red")
    assert "F TRI" not in colours


# -- the game file ------------------------------------------------------------------------


def test_example_file_loads_and_show_json_gives_the_colours(cli: Cli) -> None:
    cli("game", "load", str(GAME))
    shown = json.loads(cli("game", "show", "arpiesse-example", "--json").output)
    assert shown["variant"] == "arpiesse"
    assert {"unit": "F STP/SC", "colour": "purple"} in shown["units"]["RUSSIA"]
    assert all(isinstance(u, dict) and u["colour"] in ("red", "purple", "silver")
               for units in shown["units"].values() for u in units)


def test_a_unit_without_colour_is_a_game_file_error(cli: Cli, tmp_path: Path) -> None:
    text = GAME.read_text(encoding="utf-8").replace("{unit: A MAR, colour: purple}", "A MAR")
    path = tmp_path / "arp.yaml"
    path.write_text(text, encoding="utf-8")
    out = cli("game", "load", str(path), ok=False).output
    line = text.splitlines().index("    FRANCE:") + 1
    assert f"arp.yaml:{line}: position.units.FRANCE: A MAR has no colour" in out


def test_an_arpiesse_game_needs_a_coloured_position(cli: Cli, tmp_path: Path) -> None:
    text = GAME.read_text(encoding="utf-8")
    path = tmp_path / "arp.yaml"
    path.write_text(text[: text.index("position:")], encoding="utf-8")
    out = cli("game", "load", str(path), ok=False).output
    assert "position.units.AUSTRIA: A BUD has no colour" in out
