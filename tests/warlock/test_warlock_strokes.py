"""What the maps of a Warlock game draw of the moves its results report (issue 32): a
double order's two legs, a ghost's move and a balloon's drift are arrows on every
player's map, through the mail pipeline and the stored report."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.engine.position import state_from_dict
from gmbot.engine.report import read_report
from gmbot.picture.scene import Scene, scene_of
from gmbot.service.runtime import rules_for, state_of
from gmbot.service.views.results import results_view
from gmbot.store.models import Game, PhaseRow
from tests.loop.judgekit import Judge, make_judge
from tests.warlock.test_warlock_mail import GAME, mail_orders


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, GAME.read_text(encoding="utf-8"))


def scene_for(judge: Judge, seq: int, viewer: str) -> Scene:
    """The scene of `viewer`'s map of the results of phase `seq`, from the stored report."""
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        row = s.scalars(select(PhaseRow).where(PhaseRow.seq == seq)).one()
        rules = rules_for(game)
        before = state_of(game, row, rules)
        assert row.result is not None  # a processed phase
        after = state_from_dict(row.result["position"], before.map)
        view = results_view(rules, before, after, read_report(row.result), viewer)
    return scene_of(view.public, (c for c, p in before.map.provinces.items() if p.sc))


def moves(scene: Scene, power: str) -> set[tuple[str, str | None]]:
    return {(s.src, s.dst) for s in scene.strokes if s.kind == "move" and s.power == power}


def test_a_double_orders_legs_a_ghosts_move_and_a_balloons_drift_are_drawn(
        judge: Judge) -> None:
    mail_orders(judge, {
        "FRANCE": ["CAST DOUBLE A MAR - SPA - POR", "CAST BALLOON A PAR", "F BRE H"],
        "ENGLAND": ["F EDI - NTH", "CAST GHOST F EDI - NWG", "F LON - ENG", "A LVP - YOR"],
    }, "spring")
    judge.tick()
    judge.new_mail()
    for viewer in ("FRANCE", "ENGLAND", "GERMANY"):
        spring = scene_for(judge, 1, viewer)
        assert {("MAR", "SPA"), ("SPA", "POR")} <= moves(spring, "FRANCE"), viewer
        assert {("EDI", "NTH"), ("EDI", "NWG")} <= moves(spring, "ENGLAND"), viewer
    mail_orders(judge, {"FRANCE": ["BALLOON A PAR - BUR", "A POR H", "F BRE H"],
                        "ENGLAND": ["F NTH H", "F ENG H", "A YOR H", "F NWG H"]}, "fall")
    judge.tick()
    judge.new_mail()
    for viewer in ("FRANCE", "GERMANY"):
        assert ("PAR", "BUR") in moves(scene_for(judge, 2, viewer), "FRANCE"), viewer
