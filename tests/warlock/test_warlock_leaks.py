"""No leak of hidden units through the real mail pipeline (the Judge harness): for seeded
random games with invisible and ghost units, no public text and no other player's mail
says where an invisible unit is or which of a ghost's pair is real. Twin games that differ
only in a hidden unit's move give every other player the very same mail."""

from __future__ import annotations

import random
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import select

from gmbot.engine.map import GameMap, load_map
from gmbot.engine.position import state_from_dict
from gmbot.engine.report import Row, Step, read_report
from gmbot.engine.state import GameState, Unit
from gmbot.store.models import PhaseRow
from tests.loop.judgekit import POWERS, Judge, body, make_judge

GAME = Path(__file__).resolve().parents[2] / "gmbot/variants/warlock/example.yaml"
MAP: GameMap = load_map("standard")
SUBJECT = "[warlock-example] orders"


GM = "gm@example.test"  # his copy of the results is the full one


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def current_state(judge: Judge) -> GameState:
    with judge.app.db.transaction() as s:
        row = s.scalars(select(PhaseRow).order_by(PhaseRow.seq.desc())).first()
        assert row is not None
        return state_from_dict(row.state, MAP)


def random_move(rng: random.Random, unit: Unit) -> str:
    """A legal order for the unit: a move to a random neighbour, or a hold."""
    if unit.type == "A":
        near = sorted(MAP.army_adj.get(unit.prov, ()))
    else:
        near = sorted(MAP.fleet_adj.get(unit.loc, ()))
    if not near or rng.random() < 0.2:
        return f"{unit} H"
    return f"{unit} - {rng.choice(near)}"


def results(mails: list[EmailMessage]) -> dict[str, str]:
    return {m["To"]: body(m) for m in mails if "results" in m["Subject"]}


def play(judge: Judge, orders: dict[str, list[str]]) -> dict[str, str]:
    """Mail every power's orders (units not named hold) and process the phase."""
    state = current_state(judge)
    for power in POWERS:
        lines = list(orders.get(power, []))
        for unit in state.units_of(power):
            if not any(f"{unit} " in f"{x} " for x in lines):
                lines.append(f"{unit} H")
        judge.send(addr(power), "\n".join(lines) + "\n", subject=SUBJECT)
    judge.tick()
    return results(judge.new_mail())


def board_units(text: str, power: str) -> list[str]:
    """The units a results mail's board lists for `power`."""
    board = text.split("Supply centres and units:")[1]
    block = board.split(f"\n{power}: ")[1] if f"\n{power}: " in board else ""
    for line in block.splitlines():
        if line.strip().startswith("units:"):
            return [u.strip() for u in line.split(":", 1)[1].split(",")]
    return []


def check_no_leak(state: GameState, mails: dict[str, str],
                  secret: list[tuple[str, str, list[str]]]) -> int:
    """`secret`: (owner, text, where the unit may be now) for each hidden order: while the
    unit is still invisible nobody else may read the text. Returns the checks made."""
    checks = 0
    for unit in state.units.values():
        # The GM's copy is the full one (tests/loop/test_gm_full_copy.py).
        others = {a: t for a, t in mails.items() if a not in (addr(unit.power), GM)}
        if unit.attrs.get("invisible"):
            checks += 1
            for who, text in others.items():
                assert str(unit) not in board_units(text, unit.power), f"{who} sees {unit}"
            assert str(unit) in board_units(mails[addr(unit.power)], unit.power)
        if unit.attrs.get("ghost"):
            checks += 1
            for who, text in others.items():
                assert "(ghost)" not in text and "your ghost" not in text, who
                assert str(unit) in board_units(text, unit.power), who
    hidden = {str(u) for u in state.units.values() if u.attrs.get("invisible")}
    for owner, line, places in secret:
        if hidden & set(places):
            for who, text in mails.items():
                if who not in (addr(owner), GM):
                    assert line not in text, f"{who} reads {owner}'s hidden order {line}"
    return checks


def test_random_games_leak_nothing(tmp_path: Path) -> None:
    checks = 0
    for seed in range(8):
        checks += random_game(tmp_path / str(seed), seed)
    assert checks >= 8  # hidden units were there to be leaked, game after game


def places_after(line: str) -> list[str]:
    """Where the unit of an order line stands after it: there, or where it went."""
    words = line.replace("CAST MAKE INVISIBLE ", "").split()
    here = " ".join(words[:2])
    return [here, f"{words[0]} {words[-1]}"] if " - " in line else [here]


def random_game(tmp_path: Path, seed: int) -> int:
    rng = random.Random(seed)
    judge = make_judge(tmp_path, GAME.read_text(encoding="utf-8"))
    hider, ghoster = rng.sample(POWERS, 2)
    checks = 0
    for turn in range(3):
        state = current_state(judge)
        orders: dict[str, list[str]] = {}
        secret: list[tuple[str, str, list[str]]] = []
        for power in POWERS:
            units = sorted(state.units_of(power), key=str)
            lines = [random_move(rng, u) for u in units]
            if turn == 0 and power == hider and units:
                unit = rng.choice(units)
                move = random_move(rng, unit)
                lines = [x for x in lines if not x.startswith(f"{unit} ")]
                lines.append(f"CAST MAKE INVISIBLE {move}")
                secret.append((power, f"INVISIBLE {move}", places_after(move)))
            if turn == 0 and power == ghoster and units:
                unit = rng.choice(units)
                move = random_move(rng, unit)
                if " - " in move:
                    lines.append(f"CAST GHOST {move}")
            for u in units:
                if u.attrs.get("invisible"):
                    secret.extend((power, x, places_after(x)) for x in lines
                                  if x.startswith(f"{u} ") and " - " in x)
            orders[power] = lines
        mails = play(judge, orders)
        if mails:
            checks += check_no_leak(current_state(judge), mails, secret)
    return checks


def twin(tmp_path: Path, name: str, orders: dict[str, list[str]]) -> dict[str, str]:
    judge = make_judge(tmp_path / name, GAME.read_text(encoding="utf-8"))
    return play(judge, orders)


def test_ghost_twins_look_the_same_to_everyone_else(tmp_path: Path) -> None:
    """England's real fleet goes to the North Sea and its ghost to the Norwegian Sea, or
    the other way round: no other mail tells which."""
    a = twin(tmp_path, "a", {"ENGLAND": ["F EDI - NTH", "CAST GHOST F EDI - NWG"]})
    b = twin(tmp_path, "b", {"ENGLAND": ["F EDI - NWG", "CAST GHOST F EDI - NTH"]})
    assert set(a) == set(b)
    for who in a:
        if who not in (addr("ENGLAND"), GM):
            assert a[who] == b[who], who
    assert a[addr("ENGLAND")] != b[addr("ENGLAND")]


def test_invisible_twins_look_the_same_to_everyone_else(tmp_path: Path) -> None:
    a = twin(tmp_path, "a", {"TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA"]})
    b = twin(tmp_path, "b", {"TURKEY": ["CAST MAKE INVISIBLE F ANK - ARM"]})
    c = twin(tmp_path, "c", {"TURKEY": ["CAST MAKE INVISIBLE F ANK H"]})
    for who in a:
        if who not in (addr("TURKEY"), GM):
            assert a[who] == b[who] == c[who], who
    assert "F ARM" in b[addr("TURKEY")] and "F ARM" not in b[addr("RUSSIA")]


def test_an_invisible_unit_that_bounces_is_seen(tmp_path: Path) -> None:
    mails = twin(tmp_path, "a", {"TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA"],
                                  "RUSSIA": ["F SEV - BLA"]})
    russian = mails[addr("RUSSIA")]
    assert "An invisible unit of Turkey is seen: it bounced" in russian
    assert "F ANK - BLA" in russian and "F ANK" in russian


def test_a_removed_invisible_unit_is_not_named_in_the_winter_results() -> None:
    from gmbot.service.outbox.render import render
    from gmbot.service.views.results import results_view
    from gmbot.variants import make_rules
    from gmbot.variants.cases import run_case

    case = {"variant": "warlock", "phase": "W1901A",
            "units": {"ENGLAND": ["F LON", {"unit": "F NTH", "invisible": "NTH"}, "A YOR"]},
            "centers": {"ENGLAND": ["LON", "EDI"]}}
    out = run_case({**case, "orders": {"ENGLAND": ["REMOVE F NTH"]}})
    assert out["removed"] == ["F NTH"]
    rules = make_rules("warlock")
    before, after = state_from_dict(case, MAP), state_from_dict(out["position"], MAP)
    for viewer in (None, "FRANCE"):
        view = results_view(rules, before, after, read_report(out), viewer)
        text = render("results.txt.j2", view=view, game={"name": "w", "title": "w"}, nmr=[],
                      reason="deadline", deadline="none")[1]
        assert "NTH" not in text and "NTH" not in str(view)
    # A visible unit's removal is reported to everyone.
    seen = {**case, "units": {"ENGLAND": ["F LON", "F NTH", "A YOR"]}}
    out = run_case({**seen, "orders": {"ENGLAND": ["REMOVE F NTH"]}})
    view = results_view(rules, state_from_dict(seen, MAP),
                        state_from_dict(out["position"], MAP), read_report(out), "FRANCE")
    assert Row("F NTH", "REMOVE F NTH", "succeeds", steps=(Step("remove", "NTH", type="F"),)) \
        in view.public.orders["ENGLAND"]


def test_a_ghost_beside_its_unordered_real_unit_tells_nothing(tmp_path: Path) -> None:
    """Issue 23 item 7: the real unit left without an order read "no order: holds" beside
    its ghost's move, in every copy. The cast orders it: its row reads like any hold, so a
    real unit ordered to hold and one left without an order give the others the same
    mail, and no copy but the owner's tells the pair apart."""
    a = twin(tmp_path, "a", {"ENGLAND": ["CAST GHOST F EDI - NWG"]})
    b = twin(tmp_path, "b", {"ENGLAND": ["F EDI H", "CAST GHOST F EDI - NWG"]})
    for who in a:
        if who != addr("ENGLAND"):
            assert "no order" not in a[who], who
            assert a[who] == b[who], who
    assert "F EDI H: succeeds" in a[addr("FRANCE")]
    assert "F EDI - NWG: succeeds" in a[addr("FRANCE")]


def test_the_owner_reads_his_invisible_units_spell_carried_move(tmp_path: Path) -> None:
    mails = twin(tmp_path, "a", {"TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA"]})
    turkish = mails[addr("TURKEY")]
    assert "F ANK - BLA (invisible): succeeds" in turkish
    assert "no order" not in turkish
