"""Issue 25, item 3: a standard game exported in the MILA engine's saved-game form loads
in that engine (`diplomacy`, a test tool here) and, replayed order by order there, reaches
the same final position as gmbot's."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from diplomacy import Game as MilaGame
from diplomacy.utils.export import from_saved_game_format
from sqlalchemy import select

from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict
from gmbot.service.archive.run import ArchiveError, export_text
from gmbot.store.models import PhaseRow
from tests.loop.exportkit import export_game_text, play
from tests.loop.judgekit import POWERS, Judge, make_judge

# On PostgreSQL too (CONTRIBUTING.md): the export in MILA's form.
pytestmark = pytest.mark.dialect("gmbot.service.archive.export")

MAP = load_map("standard")


def final_position(judge: Judge) -> dict[str, tuple[list[str], list[str]]]:
    """gmbot's open position: per power, its sorted units and centres."""
    with judge.app.db.transaction() as s:
        row = s.scalars(select(PhaseRow).order_by(PhaseRow.seq.desc())).first()
        assert row is not None
        state = state_from_dict(row.state, MAP)
        return {p: (sorted(str(u) for u in state.units_of(p)),
                    sorted(c for c, o in state.centers.items() if o == p)) for p in POWERS}


def replayed(saved: dict) -> MilaGame:
    """A new MILA game given every exported phase's orders in turn."""
    game = MilaGame(map_name="standard")
    for phase in saved["phases"][:-1]:
        assert game.get_current_phase() == phase["name"]
        for power, orders in phase["orders"].items():
            game.set_orders(power, orders)
        game.process()
    return game


def check_same(judge: Judge) -> dict:
    saved = json.loads(export_text(judge.app, "g", form="mila"))
    loaded = from_saved_game_format(saved)
    gmbot_final = final_position(judge)
    assert loaded.get_current_phase() == saved["phases"][-1]["name"]
    game = replayed(saved)
    assert game.get_current_phase() == saved["phases"][-1]["name"]
    for power, (units, centres) in gmbot_final.items():
        assert sorted(game.get_units(power)) == units, power
        assert sorted(game.get_centers(power)) == centres, power
        assert sorted(loaded.get_units(power)) == units, power
    return saved


def test_scripted_game_replays_in_mila(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, export_game_text())
    judge.send("france@example.test", "BROADCAST\nBonjour to all of Europe\nENDPRESS")
    judge.send("england@example.test", "PRESS TO GERMANY\nOur secret plan\nENDPRESS")
    play(judge)
    saved = check_same(judge)
    messages = saved["phases"][0]["messages"]
    assert [(m["sender"], m["recipient"], m["message"].strip()) for m in messages] == [
        ("FRANCE", "GLOBAL", "Bonjour to all of Europe")]  # private press stays out
    history = from_saved_game_format(saved).message_history["S1901M"]
    assert [m.message.strip() for m in history.values()] == ["Bonjour to all of Europe"]
    names = [p["name"] for p in saved["phases"]]
    assert names == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M", "F1902M"]
    assert saved["phases"][2]["orders"]["GERMANY"] == ["A BUR R RUH"]
    assert saved["phases"][2]["state"]["units"]["GERMANY"][-1] == "*A BUR"
    assert saved["phases"][3]["orders"]["FRANCE"] == ["A PAR B"]
    assert saved["phases"][3]["orders"]["ENGLAND"] == ["WAIVE"]
    assert saved["phases"][1]["results"]["A BUR"] == ["dislodged"]


def random_orders(judge: Judge, rng: random.Random) -> dict[str, list[str]]:
    """Random moves, supports of them and holds in a movement phase; in a winter one build
    (the others waived, removals left to civil disorder); no retreats (they disband)."""
    with judge.app.db.transaction() as s:
        row = s.scalars(select(PhaseRow).order_by(PhaseRow.seq.desc())).first()
        assert row is not None
        state = state_from_dict(row.state, MAP)
    if row.name.endswith("A"):  # one army built where a power can; more builds waived
        free = {p: [h for h in state.homes.get(p, ()) if state.centers.get(h) == p
                    and h not in state.units] for p in POWERS}
        return {p: [f"BUILD A {free[p][0]}"] for p in POWERS
                if free[p] and state.centre_count(p) > len(state.units_of(p))}
    if not row.name.endswith("M"):
        return {}
    moves: dict[str, str] = {}  # unit -> where it moves
    for unit in state.units.values():
        near = sorted(MAP.army_adj.get(unit.prov, ()) if unit.type == "A"
                      else MAP.fleet_adj.get(unit.loc, ()))
        if near and rng.random() < 0.6:
            moves[str(unit)] = rng.choice(near)
    out: dict[str, list[str]] = {}
    for unit in state.units.values():
        reach = MAP.army_adj.get(unit.prov, ()) if unit.type == "A" \
            else MAP.fleet_adj.get(unit.loc, ())
        reach = {r.partition("/")[0] for r in reach}
        helped = [(u, to) for u, to in moves.items()
                  if u != str(unit) and to.partition("/")[0] in reach]
        if str(unit) not in moves and helped:  # supports make dislodgements
            other, to = rng.choice(helped)
            line = f"{unit} S {other} - {to.partition('/')[0]}"
        elif str(unit) in moves:
            line = f"{unit} - {moves[str(unit)]}"
        else:
            line = f"{unit} H"
        out.setdefault(unit.power, []).append(line)
    return out


def test_random_game_replays_in_mila(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, export_game_text())
    rng = random.Random(25)
    for _ in range(12):
        play(judge, [random_orders(judge, rng)])
    saved = check_same(judge)
    orders = [o for p in saved["phases"] for os in p["orders"].values() for o in os]
    assert any(p["name"].endswith("R") for p in saved["phases"])  # dislodged units
    assert any(o.endswith(" B") for o in orders) and any(o == "WAIVE" for o in orders)
    assert any(o.endswith(" D") for o in orders)  # disbands, removals by civil disorder


def test_mila_refuses_other_variants(tmp_path: Path) -> None:
    game = export_game_text().replace("variant: standard", "variant: standard\n"
                                      "options: {build_anywhere: true}")
    judge = make_judge(tmp_path, game)
    with pytest.raises(ArchiveError, match="option build_anywhere changes the rules"):
        export_text(judge.app, "g", form="mila")


SOLO = """position:
  phase: F1905M
  units:
    FRANCE: [F MAO, A PAR, A MUN]
    ENGLAND: [F NTH]
    TURKEY: [A CON]
  centers:
    FRANCE: [BRE, MAR, PAR, SPA, BEL, HOL, MUN, KIE, BER, DEN, SWE, NWY, EDI, LVP, LON,
             ROM, VEN]
    TURKEY: [CON, ANK, SMY]
"""


def test_a_game_won_outright_ends_completed(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, export_game_text() + SOLO)
    play(judge, [{"FRANCE": ["F MAO - POR"]}])
    saved = json.loads(export_text(judge.app, "g", form="mila"))
    assert [p["name"] for p in saved["phases"]] == ["F1905M", "COMPLETED"]
    assert from_saved_game_format(saved).is_game_done
    game = MilaGame(map_name="standard")
    game.set_state(saved["phases"][0]["state"])
    for power, orders in saved["phases"][0]["orders"].items():
        game.set_orders(power, orders)
    game.process()
    assert game.get_current_phase() == "COMPLETED"
    assert len(game.get_centers("FRANCE")) == 18
    final = saved["phases"][1]["state"]["units"]["FRANCE"]
    assert sorted(game.get_units("FRANCE")) == sorted(final)
