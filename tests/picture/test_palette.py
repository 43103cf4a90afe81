"""The colour-blind-safe palette (issue 26, item 3): `options: {palette: colour-blind}` in
the game file draws every power in an Okabe-Ito colour, on the map and in its legend;
powers past the seventh share a colour and carry their initial; a wrong value is refused
at load naming the field."""

from __future__ import annotations

import re
from pathlib import Path

from gmbot.picture.data import map_picture
from gmbot.picture.draw import render
from gmbot.picture.legend import layout
from gmbot.picture.palette import COLOUR_BLIND, OKABE_ITO, PALETTES, power_colours, rgb
from gmbot.picture.scene import Piece, Scene, Standing
from gmbot.service.views.pictures import case_view, results_picture
from gmbot.variants.case_schema import PALETTES as OPTION_VALUES
from tests.loop.judgekit import make_judge
from tests.picture.mapkit import decode, inline_picture, nearest
from tests.picture.test_legend import INVISIBLE
from tests.test_gamefile_types import _example, _problems

SAFE = {f"oi{i}": rgb(c) for i, c in enumerate(OKABE_ITO)}
STANDARD_POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
HOMES = {"AUSTRIA": "VIE", "ENGLAND": "LON", "FRANCE": "PAR", "GERMANY": "BER",
         "ITALY": "ROM", "RUSSIA": "MOS", "TURKEY": "CON"}


def test_the_option_takes_the_palettes_the_pictures_know() -> None:
    assert PALETTES == OPTION_VALUES


def test_seven_powers_get_seven_distinct_okabe_ito_colours_without_initials() -> None:
    mapped = map_picture("standard").colours
    colours, initials = power_colours(mapped, list(STANDARD_POWERS), COLOUR_BLIND)
    assert initials == {}
    assert sorted(colours.values()) == sorted(SAFE.values())


def test_powers_past_the_seventh_carry_their_initial_on_units_and_in_the_legend() -> None:
    mapped = map_picture("standard").colours
    powers = [*STANDARD_POWERS, "NANOOK"]
    colours, initials = power_colours(mapped, powers, COLOUR_BLIND)
    assert initials == {"NANOOK": "N"}
    first = next(p for p in mapped if p in powers)
    assert colours["NANOOK"] == colours[first]  # shared, so told apart by the initial
    scene = Scene(phase="S1901M", pieces=[Piece("NANOOK", "A", "BOH"),
                                          Piece(first, "A", "GAL")],
                  standings=[Standing("NANOOK", "Nanook", 0, 1), Standing(first, "X", 0, 1)])
    from gmbot.engine.map import load_map

    img = render(scene, load_map("standard"), palette_name=COLOUR_BLIND)
    ink = (20, 20, 20)
    for loc, tagged in (("BOH", True), ("GAL", False)):
        x, y = map_picture("standard").unit_point(loc)
        corner = img.getpixel((x - 13, y - 13))  # the tag's black corner, or what is there
        assert (nearest(corner, {"ink": ink, "other": (255, 255, 255)}) == "ink") is tagged, loc
    # The legend's swatch of the eighth power has its initial in black.
    width, height = map_picture("standard").size

    entries, _ = layout(scene.standings, width, height)
    x0, y0, x1, y1 = entries[0].swatch
    assert img.getpixel(((x0 + x1) // 2 - 3, y0 + 4)) == ink


def test_a_games_maps_use_the_colour_blind_palette() -> None:
    case = {**INVISIBLE, "options": {"palette": "colour-blind"}}
    rules, view = case_view(case, "TURKEY")
    img = decode(results_picture(rules, view))
    mapped = map_picture("standard").colours
    colours, _ = power_colours(mapped, list(STANDARD_POWERS), COLOUR_BLIND)
    names = {p: rgb(f"#{r:02x}{g:02x}{b:02x}") for p, (r, g, b) in colours.items()}
    for power, home in HOMES.items():
        if power in ("TURKEY", "ENGLAND"):
            continue  # their units moved
        x, y = map_picture("standard").unit_point(home)
        assert nearest(img.getpixel((x - 6, y)), names) == power, power
    # The default keeps the map's own colours.
    rules, view = case_view(INVISIBLE, "TURKEY")
    plain = decode(results_picture(rules, view))
    x, y = map_picture("standard").unit_point("VIE")
    assert nearest(plain.getpixel((x - 6, y)), {**SAFE, "map": rgb(mapped["AUSTRIA"])}) == "map"


def test_the_option_is_read_from_the_game_file_by_the_mails(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[2] / "gmbot/variants/warlock/example.yaml") \
        .read_text(encoding="utf-8")
    text = re.sub(r"options:\n", "options:\n  palette: colour-blind\n", text, count=1)
    judge = make_judge(tmp_path, text)
    x, y = map_picture("standard").unit_point("VIE")
    austria = rgb(OKABE_ITO[list(map_picture("standard").colours).index("AUSTRIA")])
    assert judge.welcomes
    for mail in judge.welcomes:
        img = decode(inline_picture(mail))
        assert nearest(img.getpixel((x - 6, y)), {"safe": austria, **{
            p: rgb(c) for p, c in map_picture("standard").colours.items()}}) == "safe"


def test_a_palette_the_pictures_do_not_know_is_refused_at_load(tmp_path: Path) -> None:
    game = _example("warlock")
    lines = _problems(tmp_path, {**game, "options": {"palette": "rainbow"}})
    assert lines == ["5: options.palette: 'rainbow' is none of standard, colour-blind"]
