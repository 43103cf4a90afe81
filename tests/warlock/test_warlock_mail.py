"""A Warlock game by mail, from its example game: casts in the orders mail, the
acknowledgement listing the spells left, refusals with reasons, and the results mails
telling each player only what the text lets him see."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmbot.engine.map import load_map
from tests.loop.judgekit import POWERS, Judge, body, make_judge
from tests.warlock.test_warlock_leaks import current_state

GAME = Path(__file__).resolve().parents[2] / "gmbot/variants/warlock/example.yaml"
START = {k: list(p.units) for k, p in load_map("standard").powers.items()}


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, GAME.read_text(encoding="utf-8"))


def mail_orders(judge: Judge, orders: dict[str, list[str]], subject: str) -> None:
    for power in POWERS:
        lines = orders.get(power) or [f"{u} H" for u in START[power]]
        judge.send(addr(power), "\n".join(lines) + "\n", subject=f"[warlock-example] {subject}")


def test_a_spring_with_spells(judge: Judge) -> None:
    mail_orders(judge, {
        "ENGLAND": ["F EDI - NTH", "CAST GHOST F EDI - NWG", "F LON - ENG", "A LVP - YOR"],
        "TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON - BUL", "A SMY H"],
        "GERMANY": ["A MUN - BUR", "CAST ADD 1 SUPPORT A MUN - BUR", "A BER - KIE",
                    "F KIE - DEN", "CAST VAPORIZE A PAR", "CAST VAPORISE A MAR",
                    "CAST FIREBALL A MAR",
                    "READY"],  # the refused lines stand refused: no early hold for them
        "FRANCE": ["A PAR - BUR", "A MAR H", "F BRE - MAO"],
    }, "spring")
    report = judge.tick()
    assert report.processed == ["warlock-example: S1901M processed (early); next F1901M"]
    mails = judge.new_mail()
    acks = {m["To"]: body(m) for m in mails if "results" not in m["Subject"]}
    german_ack = acks[addr("GERMANY")]
    # A spell cast twice in one mail: the first stands, the second is refused.
    assert "Refused: CAST VAPORIZE A MAR -- you have no VAPORIZE left" in german_ack
    assert "unknown spell 'FIREBALL'" in german_ack
    assert "Spells left after these orders:" in german_ack
    left = german_ack.split("Spells left after these orders:")[1]
    assert "VAPORIZE" not in left and "ADD 1 SUPPORT" not in left and "DOUBLE ORDERS x2" in left
    assert "CAST GHOST F EDI - NWG" in acks[addr("ENGLAND")]
    assert "GHOST" not in acks[addr("ENGLAND")].split("Spells left after these orders:")[1]

    results = {m["To"]: body(m) for m in mails if "Spring 1901 Movement results" in m["Subject"]}
    public = results.pop("gm@example.test")  # the GM's copy: the full one
    assert "F ANK - BLA (invisible: only TURKEY sees it)" in public
    # Vaporize before the battle: Paris is gone, Munich (with its added support) walks in.
    assert "Germany: CAST VAPORIZE A PAR" in public
    assert "A PAR (France) is vaporized" in public
    # The reason beside the surprising result, in every copy (the cast is public).
    for text in results.values():
        assert ("A PAR - BUR (a VAPORIZE spell destroyed it before the battle: it carried "
                "out no order): vaporized") in text.replace("\r\n", "\n")
    assert "A MUN - BUR" in public and "A BUR" in public
    # The invisible fleet: everyone reads the cast, nobody but Turkey where it went.
    assert "Turkey: CAST MAKE INVISIBLE F ANK" in public
    for who, text in results.items():
        if who == addr("TURKEY"):
            assert "F ANK - BLA (invisible)" in text
            assert "F BLA is invisible: only you see it" in text
        else:
            assert "F BLA" not in text and "ANK - BLA" not in text, who
    # The ghost: both of England's fleets are announced; only England knows which is real.
    for who, text in results.items():
        assert "F EDI - NTH" in text and "F EDI - NWG" in text
        assert "F NTH" in text and "F NWG" in text
        if who == addr("ENGLAND"):
            assert "F EDI - NWG (ghost)" in text and "F NWG is your ghost" in text
        else:
            assert "(ghost)" not in text and "your ghost" not in text
    # Each player's private section lists his spells left.
    assert "Spells left: VAPORIZE, MOVE HOME SC" in results[addr("FRANCE")]
    # The GM reads them in his own section alone, under each power's name.
    board, master = public.replace("\r\n", "\n").split("--- For the game master only ---")
    assert "Spells left:" not in board
    assert "FRANCE:\n  Spells left: VAPORIZE, MOVE HOME SC" in master

    # STATUS shows the board as the asker sees it.
    judge.send(addr("RUSSIA"), "STATUS\n", subject="[warlock-example] status")
    judge.send(addr("TURKEY"), "STATUS\n", subject="[warlock-example] status")
    judge.tick()
    status = {m["To"]: body(m) for m in judge.new_mail()}
    assert "F BLA" not in status[addr("RUSSIA")]
    assert "F BLA" in status[addr("TURKEY")]


def random_draws(judge: Judge) -> list[dict[str, object]]:
    from sqlalchemy import select

    from gmbot.store.models import Event

    with judge.app.db.transaction() as s:
        return [e.data for e in s.scalars(select(Event).where(Event.kind == "random_draws")
                                          .order_by(Event.id))]


def test_the_bottle_is_logged_and_a_rerun_draws_the_same(judge: Judge) -> None:
    orders = {"FRANCE": ["CAST SPIN THE BOTTLE", "A PAR H", "A MAR H", "F BRE H"]}
    mail_orders(judge, orders, "spring")
    judge.tick()
    first = random_draws(judge)
    assert len(first) == 1 and first[0]["seed"] == 1901 and first[0]["phase"] == "S1901M"
    (draw,) = first[0]["draws"]  # type: ignore[misc]
    where = draw["drawn"]
    public = body(judge.to("gm@example.test", judge.new_mail())[-1])
    assert f"The bottle spun by France points at {where}" in public
    # The GM rolls the phase back; the same orders give the same draw.
    judge.send("gm@example.test", "ROLLBACK S1901M\n", subject="[warlock-example] gm")
    judge.tick()
    mail_orders(judge, orders, "spring again")
    judge.tick()
    second = random_draws(judge)
    assert len(second) == 2 and second[1]["draws"] == first[0]["draws"]


def test_a_spent_spell_is_refused_in_a_later_phase(judge: Judge) -> None:
    mail_orders(judge, {"GERMANY": ["CAST VAPORIZE A PAR", "A MUN H", "A BER H", "F KIE H"]},
                "spring")
    judge.tick()
    judge.new_mail()
    judge.send(addr("GERMANY"), "CAST VAPORIZE A MAR\nA MUN H\n", subject="[warlock-example] f")
    judge.tick()
    ack = body(judge.to(addr("GERMANY"), judge.new_mail())[0])
    assert "CAST VAPORIZE A MAR" in ack
    assert "you have no VAPORIZE left: it has been cast already" in ack


def test_spells_left_come_from_the_game_file(tmp_path: Path) -> None:
    """The game master writes the spells left (and game-wide spell state) in the game
    YAML's position; the judge takes them from there."""
    text = GAME.read_text(encoding="utf-8") + (
        "position:\n"
        "  phase: S1901M\n"
        "  powers:\n"
        "    FRANCE: {spells: {vaporize: 0, double: 1}}\n"
        "  extra: {moved_centres: {PAR: BUR}}\n"
    )
    judge = make_judge(tmp_path, text)
    assert current_state(judge).extra == {"moved_centres": {"PAR": "BUR"}}
    judge.send(addr("FRANCE"), "CAST VAPORIZE A MUN\nCAST DOUBLE A MAR - SPA - POR\n",
               subject="[warlock-example] orders")
    judge.tick()
    ack = body(judge.to(addr("FRANCE"), judge.new_mail())[0])
    assert "you have no VAPORIZE left: it has been cast already" in ack
    assert "Spells left after these orders: MOVE HOME SC, ADD 1 SUPPORT" in ack
    assert "DOUBLE ORDERS" not in ack.split("Spells left after these orders:")[1]


def test_a_later_mail_keeps_the_casts_it_does_not_repeat(judge: Judge) -> None:
    """Order keys: a unit order replaces the unit's order; a cast, the casts of its spell."""
    subject = "[warlock-example] spring"
    judge.send(addr("GERMANY"), "CAST VAPORIZE A PAR\nCAST EXTRA BUILD\nA MUN H\n",
               subject=subject)
    judge.tick()
    judge.new_mail()
    judge.send(addr("GERMANY"), "Hallo,\nA MUN - RUH\nCAST VAPORISE A MAR\nGruss, Hans\n",
               subject=subject)
    judge.tick()
    ack = body(judge.to(addr("GERMANY"), judge.new_mail())[0]).replace("\r\n", "\n")
    assert "Orders for S1901M (version 2):\n  CAST EXTRA BUILD\n  A MUN - RUH\n" \
        "  CAST VAPORIZE A MAR\n" in ack
    assert "Replaced by this mail: A MUN H, CAST VAPORIZE A PAR" in ack
    assert 'Not orders, ignored: "Hallo,", "Gruss, Hans"' in ack


def test_an_order_for_a_unit_that_floats_up_is_refused_in_its_owners_results(
        judge: Judge) -> None:
    """Germany floats France's army up: France's move for it is not carried out, and his
    results mail says why (it was silently dropped)."""
    mail_orders(judge, {
        "GERMANY": ["CAST BALLOON A PAR", "A MUN H", "A BER H", "F KIE H"],
        "FRANCE": ["A PAR - BUR", "A MAR H", "F BRE H"],
    }, "spring")
    judge.tick()
    results = {m["To"]: body(m) for m in judge.new_mail()
               if "Spring 1901 Movement results" in m["Subject"]}
    french = results[addr("FRANCE")]
    assert "A PAR - BUR" in french
    assert "A PAR floats up in a balloon this turn: floating up is its move" in french
    assert "floating up is its move" not in results[addr("ENGLAND")]


MOVED = """
position:
  phase: W1901A
  units:
    FRANCE: [A MAR]
    GERMANY: [A MUN, A BER, F KIE]
  centers:
    FRANCE: [PAR, MAR, BRE, SPA]
    GERMANY: [MUN, BER, KIE]
  extra: {moved_centres: {PAR: BUR}}
"""


def test_a_build_on_a_moved_home_centre_says_where_it_lies(tmp_path: Path) -> None:
    # Paris was moved to Burgundy by CAST MOVE HOME SC: the centres still list PAR, so a
    # plain "not one of your home centres" would read as the judge's mistake.
    judge = make_judge(tmp_path, GAME.read_text(encoding="utf-8") + MOVED)
    judge.send(addr("FRANCE"), "BUILD A PAR\nBUILD A BUR\n", subject="[warlock-example] w")
    judge.tick()
    [ack] = judge.to(addr("FRANCE"), judge.new_mail())
    text = body(ack).replace("\r\n", "\n")
    assert ("line 1: BUILD A PAR\n    -> cannot build in PAR: your home centre PAR was moved "
            "to BUR by CAST MOVE HOME SC, so it is built on there (BUILD A BUR)") in text
    assert "not one of your home centres" not in text
    assert "line 2: BUILD A BUR" not in text  # accepted: where the centre lies


def test_a_support_cut_by_a_spell_is_explained_to_those_who_may_know(judge: Judge) -> None:
    mail_orders(judge, {
        "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE H"],
        "GERMANY": ["A MUN - BUR", "CAST CUT SUPPORT ATTACK BUR", "A BER H", "F KIE H"],
    }, "spring")
    judge.tick()
    results = {m["To"]: body(m).replace("\r\n", "\n") for m in judge.new_mail()
               if "results" in m["Subject"]}
    row = ("A MAR S A PAR - BUR (cut by a CUT SUPPORT spell on ATTACK BUR: no attack was "
           "needed): cut")
    assert row in results[addr("FRANCE")] and row in results[addr("GERMANY")]
    assert "A MAR S A PAR - BUR: cut" in results[addr("ITALY")]
    assert "CUT SUPPORT spell on" not in results[addr("ITALY")]
    judge.send(addr("FRANCE"), "EXPLAIN A MAR\n", subject="[warlock-example] why")
    judge.tick()
    [why] = judge.to(addr("FRANCE"), judge.new_mail())
    assert "  - cut by a CUT SUPPORT spell on ATTACK BUR: no attack was needed" in body(why)


def test_an_impervious_units_stand_is_explained_to_its_owner_only(judge: Judge) -> None:
    # France's impervious army was ordered to move: it stands. France reads why beside
    # the result and in EXPLAIN; the others read the standard row only.
    mail_orders(judge, {"FRANCE": ["CAST IMPERVIOUS A PAR", "A PAR - BUR", "A MAR H",
                                   "F BRE H"]}, "spring")
    judge.tick()
    results = {m["To"]: body(m).replace("\r\n", "\n") for m in judge.new_mail()
               if "results" in m["Subject"]}
    reason = "impervious this turn: an impervious unit stands, so its move was not carried out"
    assert reason in results[addr("FRANCE")]
    assert reason in results["gm@example.test"]  # the GM's copy is the full one
    assert all(reason not in text for who, text in results.items()
               if who not in (addr("FRANCE"), "gm@example.test"))
    judge.send(addr("FRANCE"), "EXPLAIN A PAR\n", subject="[warlock-example] why")
    judge.send(addr("GERMANY"), "EXPLAIN A PAR\n", subject="[warlock-example] why")
    judge.tick()
    mails = judge.new_mail()
    assert f"  - {reason}" in body(judge.to(addr("FRANCE"), mails)[0])
    assert reason not in body(judge.to(addr("GERMANY"), mails)[0])
