"""Al-Andalus maps by mail: the Iberia map in every results mail, and a free
Wazir-General's unit drawn in his own colour with its mark."""

from __future__ import annotations

from pathlib import Path

from gmbot.picture.data import map_picture
from gmbot.picture.palette import SPARE, rgb
from gmbot.picture.scene import scene_of
from gmbot.service.views.pictures import position_view
from gmbot.variants import make_rules
from tests.loop.judgekit import make_judge
from tests.loop.test_al_andalus_mail import FREE_GENERAL, GAME, SUBJECT, addr
from tests.picture.mapkit import colours, decode, inline_picture, nearest, unit_pixel


def test_a_free_wazir_generals_unit_is_on_every_map(tmp_path: Path) -> None:
    game = GAME.replace("wazir_generals: false", "wazir_generals: true") + FREE_GENERAL
    judge = make_judge(tmp_path, game)
    judge.send(addr("nanook"), "A ALM - MUR\n", subject=SUBJECT)
    judge.send(addr("GRANADA"), "A GRA H\nA JAE H\n", subject=SUBJECT)
    judge.send(addr("CASTILLE"), "A BUR H\nF GAL H\n", subject=SUBJECT)
    judge.tick()
    results = [m for m in judge.new_mail() if "Fall 1081 Movement results" in m["Subject"]]
    assert results
    choices = {**colours("iberia"), "NANOOK": rgb(SPARE[0])}
    for mail in results:
        img = decode(inline_picture(mail))
        # The Iberia map, with the legend of the powers in a strip below it.
        width, height = map_picture("iberia").size
        assert img.width == width and img.height > height
        assert nearest(unit_pixel(img, "iberia", "MUR"), choices) == "NANOOK"
        assert nearest(unit_pixel(img, "iberia", "GRA"), choices) == "GRANADA"


def test_the_wazir_general_mark_comes_from_the_units_label() -> None:
    from gmbot.engine.map import load_map
    from gmbot.engine.position import state_from_dict

    rules = make_rules("al-andalus", {"wazir_generals": True})
    state = state_from_dict({
        "phase": "F1081M",
        "units": {"GRANADA": ["A GRA"], "NANOOK": [{"unit": "A ALM", "general": "NANOOK"}]},
        "centers": {"GRANADA": ["GRA"], "NANOOK": ["ALM"]},
        "extra": {"owners": ["NANOOK"],
                  "wazirs": {"nanook": {"court": None, "dinars": 1, "centres": ["ALM"]}}},
    }, load_map("iberia"))
    scene = scene_of(position_view(state, rules, None).public, [])
    assert {(p.power, p.loc, p.note) for p in scene.pieces} == {
        ("GRANADA", "GRA", ""), ("NANOOK", "ALM", "Wazir-General NANOOK")}
