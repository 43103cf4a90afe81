"""The leak test for maps, through the mail pipeline: a Warlock unit made invisible shows
on its owner's map only; every other player's map is exactly the owner's map without that
unit and its order, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace
from sqlalchemy import select

from gmbot.engine.position import state_from_dict
from gmbot.engine.report import read_report
from gmbot.engine.rules import StandardRules
from gmbot.service.runtime import rules_for, state_of
from gmbot.service.views.pictures import results_picture
from gmbot.service.views.results import results_view
from gmbot.service.views.shown import View
from gmbot.store.models import Game, PhaseRow
from tests.loop.judgekit import Judge, make_judge
from tests.picture.mapkit import colours, decode, inline_picture, nearest, neutral, unit_pixel
from tests.warlock.test_warlock_mail import GAME, addr, mail_orders


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, GAME.read_text(encoding="utf-8"))


def owners_view_without(judge: Judge, owner: str, loc: str) -> tuple[StandardRules, View]:
    """The owner's results view of the first phase, less his unit at `loc` and its order."""
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        row = s.scalars(select(PhaseRow).where(PhaseRow.seq == 1)).one()
        rules = rules_for(game)
        before = state_of(game, row, rules)
        after = state_from_dict(row.result["position"], before.map)
        view = results_view(rules, before, after, read_report(row.result), owner)
    public = view.public
    board = [replace(r, pieces=[p for p in r.pieces if p.loc != loc])
             if r.power == owner else r for r in public.board]
    orders = {p: [r for r in rows if "(invisible)" not in r.order]
              for p, rows in public.orders.items()}
    return rules, replace(view, public=replace(
        public, board=board, orders={p: r for p, r in orders.items() if r}))


def test_an_invisible_unit_is_on_its_owners_map_only(judge: Judge) -> None:
    mail_orders(judge, {"TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON - BUL", "A SMY H"],
                        "ENGLAND": ["F EDI - NTH", "CAST GHOST F EDI - NWG", "F LON - ENG",
                                    "A LVP - YOR"]}, "spring")
    judge.tick()
    maps = {m["To"]: inline_picture(m) for m in judge.new_mail()
            if "Spring 1901 Movement results" in m["Subject"]}
    assert len(maps) == 8  # seven players and the GM
    turkish = decode(maps[addr("TURKEY")])
    assert nearest(unit_pixel(turkish, "standard", "BLA"), colours("standard")) == "TURKEY"
    rules, without = owners_view_without(judge, "TURKEY", "BLA")
    expected = results_picture(rules, without)
    for who, png in maps.items():
        if who in (addr("TURKEY"), "gm@example.test"):  # the GM's map is the full one
            continue
        assert png == expected, who
        img = decode(png)
        assert nearest(unit_pixel(img, "standard", "BLA"), neutral("standard")) == "sea", who
    # The ghost is on every map like a real unit.
    for png in maps.values():
        assert nearest(unit_pixel(decode(png), "standard", "NWG"),
                       colours("standard")) == "ENGLAND"
