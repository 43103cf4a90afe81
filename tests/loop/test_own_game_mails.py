"""Each player's own game in his mails (issue 32): the welcome and HELP name his units
(with their colours in Arpiesse; his command as a Wazir-General in Al-Andalus) and draw
their order examples from his own units and the game's map, never another power's. Read
as a mail client decodes them, through the real pipeline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.loop.judgekit import Judge, body, make_judge, standard_game

REPO = Path(__file__).resolve().parents[2]


def example(folder: str) -> str:
    return (REPO / "gmbot/variants" / folder / "example.yaml").read_text(encoding="utf-8")


def welcome_of(judge: Judge, address: str) -> str:
    [mail] = [m for m in judge.welcomes if m["To"] == address]
    return body(mail).replace("\r\n", "\n")


def help_of(judge: Judge, address: str, game: str) -> str:
    judge.send(address, "HELP\n", subject=f"[{game}] help")
    judge.tick()
    [reply] = judge.to(address, judge.new_mail())
    return body(reply).replace("\r\n", "\n")


def test_a_standard_power_reads_his_own_units_and_examples(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    for text in (welcome_of(judge, "italy@example.test"),
                 help_of(judge, "italy@example.test", "g")):
        assert "Your units: A ROM, A VEN, F NAP.\n" in text
        assert "A ROM - APU" in text  # his own army, to a neighbour of it
        assert "A PAR" not in text and "BUILD A PAR" not in text  # not France's
    welcome = welcome_of(judge, "italy@example.test")
    assert "    A ROM - APU / A ROM H / A VEN S A ROM - APU\n" in welcome
    assert "BUILD F NAP / REMOVE A ROM / WAIVE" in welcome


def test_an_arpiesse_player_reads_his_units_colours(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("arpiesse"))
    for text in (welcome_of(judge, "france@example.test"),
                 help_of(judge, "france@example.test", "arpiesse-example")):
        assert "Your units: A MAR (purple), A PAR (red), F BRE (silver).\n" in text
        assert "Colours: red beats silver, silver beats purple, purple beats red." in text


GENERAL = """
position:
  units:
    ZARAGOZA: [{unit: A ZAR, general: LORDELINDEL}, F TOR, A LLE]
    CASTILLE: [A BUR, F GAL, A LEO]
  centers:
    ZARAGOZA: [ZAR, TOR, LLE]
    CASTILLE: [BUR, GAL, LEO]
  extra:
    wazirs:
      lordelindel: {court: ZARAGOZA, dinars: 3}
"""


def test_a_wazir_general_reads_his_command_and_orders_it_in_the_examples(
        tmp_path: Path) -> None:
    game = example("al_andalus").replace("wazir_generals: false", "wazir_generals: true")
    judge = make_judge(tmp_path, game + GENERAL)
    for text in (welcome_of(judge, "lordelindel@example.test"),
                 help_of(judge, "lordelindel@example.test", "al-andalus-example")):
        assert "You command A ZAR as Wazir-General: only you order it.\n" in text
        assert "The units you may order: A ZAR (Wazir-General LORDELINDEL).\n" in text
        assert "A ZAR - " in text and "F TOR -" not in text
    # His Prince orders the others, and reads them as his.
    prince = help_of(judge, "zaragoza@example.test", "al-andalus-example")
    assert "Your units: A LLE, F TOR.\n" in prince


def test_the_arpiesse_map_has_a_key_to_its_coloured_rings(tmp_path: Path) -> None:
    """Below the powers, the map's legend draws each unit ring's colour with its name, so
    Austria's red ring is not read as Austria's red fill; a standard map has no such key."""
    from gmbot.picture.legend import ROW
    from gmbot.picture.palette import rgb
    from tests.picture.mapkit import decode, inline_picture, nearest

    def picture(game: str, folder: str, address: str) -> Any:
        judge = make_judge(tmp_path / folder, game)
        [welcome] = [m for m in judge.welcomes if m["To"] == address]
        return decode(inline_picture(welcome))

    coloured = picture(example("arpiesse"), "arpiesse", "france@example.test")
    plain = picture(standard_game(), "standard", "france@example.test")
    assert coloured.height == plain.height + ROW  # one row more: the key
    names = {"red": rgb("red"), "purple": rgb("purple"), "silver": rgb("silver"),
             "white": (255, 255, 255), "ink": (20, 20, 20)}
    row = {nearest(coloured.getpixel((x, y)), names)
           for x in range(coloured.width) for y in range(coloured.height - ROW - 4,
                                                          coloured.height - 2)}
    assert {"red", "purple", "silver"} <= row
