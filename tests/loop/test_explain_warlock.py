"""EXPLAIN and the reasons beside the results in Warlock, through the mail: a ghost's facts
are its own (its row is named as its real unit's), a unit's spell is told its owner and
never one who may not see the unit, the illusionist's own swap and the bottle's ruin say
why a move was not carried out."""

from __future__ import annotations

from pathlib import Path

from gmbot.engine.map import load_map
from tests.loop.judgekit import REPO, Judge, make_judge
from tests.loop.test_explain import START, ask, play
from tests.warlock.test_warlock_mail import random_draws

GAME = "warlock-example"
TEXT = (REPO / "gmbot/variants/warlock/example.yaml").read_text(encoding="utf-8")
SPRING, FALL = "Spring 1901 Movement (S1901M)", "Fall 1901 Movement (F1901M)"
MAP = load_map("standard")
GHOST = "a ghost: it moves but never blocks nor dislodges"


def judge_of(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, TEXT)


def test_a_ghosts_facts_are_its_own_and_its_owners(tmp_path: Path) -> None:
    judge = judge_of(tmp_path)
    spring = play(judge, GAME, {"ENGLAND": ["F EDI - NTH", "CAST GHOST F EDI - NWG",
                                            "F LON H", "A LVP H"]})
    # The real fleet's EXPLAIN is of its own row: the ghost's move and fact are not its.
    real = ask(judge, "ENGLAND", GAME, "EXPLAIN F EDI\n")
    assert f"F EDI in {SPRING}:\n  ordered: F EDI - NTH\n" in real
    assert "NWG" not in real and GHOST not in real
    for text in spring.values():
        assert GHOST not in text  # no surprise: it went where it was sent
    # The ghost made this very turn, asked about where it went or named as his results
    # name it, is explained to its owner: its own row, not the real fleet's move.
    assert "F EDI - NWG (ghost): succeeds" in spring["ENGLAND"]
    made = (f"GHOST F EDI in {SPRING}:\n  ordered: F EDI - NWG (ghost)\n  result: succeeds\n"
            "  it ended in NWG\n")
    for line in ("EXPLAIN F NWG", "EXPLAIN GHOST F EDI", "explain f edi (ghost)"):
        text = ask(judge, "ENGLAND", GAME, f"{line}\n")
        assert f"{made}  - {GHOST}" in text, line
        assert "NTH" not in text, line
    # Another power reads of NWG what an empty sea gets, word for word, as of any unit
    # that moved there; GHOST F EDI gets what it gets where no ghost was.
    hidden = ask(judge, "RUSSIA", GAME, "EXPLAIN F NWG\n")
    assert f"There was no unit of yours in NWG in {SPRING}." in hidden
    assert hidden.replace("NWG", "BAR") == ask(judge, "RUSSIA", GAME, "EXPLAIN F BAR\n")
    named = ask(judge, "RUSSIA", GAME, "EXPLAIN GHOST F EDI\n")
    assert f"There was no ghost of yours in EDI in {SPRING}." in named
    assert named.replace("EDI", "LON") == ask(judge, "RUSSIA", GAME, "EXPLAIN GHOST F LON\n")
    assert "F EDI was not one of your units" in ask(judge, "RUSSIA", GAME, "EXPLAIN F EDI\n")
    # The ghost fades on meeting England's own fleet: the reason beside its row is told
    # England alone; to the others it is a unit like any.
    fall = play(judge, GAME, {"ENGLAND": ["F NTH - NWG", "F NWG H", "F LON H", "A LVP H"]})
    assert f"F NWG H (ghost) ({GHOST}, and fades into mist when it meets another unit: it " \
           "met one and faded): faded" in fall["ENGLAND"]
    for power, text in fall.items():
        if power != "ENGLAND":
            assert "F NWG H: faded" in text and GHOST not in text, power
    mine = ask(judge, "ENGLAND", GAME, "EXPLAIN F NWG\n")
    assert f"GHOST F NWG in {FALL}:\n  ordered: F NWG H (ghost)\n  result: faded\n  - {GHOST}" \
        in mine
    theirs = ask(judge, "RUSSIA", GAME, "EXPLAIN F NWG\n")
    assert f"F NWG was not one of your units in {FALL}" in theirs
    assert "ghost" not in theirs.lower()


def test_a_spell_on_an_invisible_unit_is_told_its_owner_alone(tmp_path: Path) -> None:
    judge = judge_of(tmp_path)
    play(judge, GAME, {"TURKEY": ["CAST MAKE INVISIBLE A SMY - ARM", "A CON H", "F ANK H"]})
    fall = play(judge, GAME, {"TURKEY": ["CAST WALK ON WATER A ARM - BLA", "A CON H",
                                         "F ANK H"]})
    own = ask(judge, "TURKEY", GAME, "EXPLAIN A ARM\n")
    assert f"A ARM in {FALL}:" in own and "(invisible)" in own
    assert "  - it walks on water until" in own
    assert "it may move where its kind could not" in own
    # Another power asking of the invisible army reads what an empty province gets, word
    # for word; his results tell nothing of the spell.
    hidden = ask(judge, "RUSSIA", GAME, "EXPLAIN A ARM\n")
    empty = ask(judge, "RUSSIA", GAME, "EXPLAIN A SYR\n")
    assert f"There was no unit of yours in ARM in {FALL}." in hidden
    assert hidden.replace("ARM", "SYR") == empty
    assert "walks on water" not in fall["RUSSIA"] and "A BLA" not in fall["RUSSIA"]
    assert "A ARM" not in fall["RUSSIA"]


def test_a_fleet_swimming_in_land_is_explained_to_its_owner(tmp_path: Path) -> None:
    judge = judge_of(tmp_path)
    play(judge, GAME, {"RUSSIA": ["CAST SWIM IN LAND F SEV - UKR", "A MOS H", "A WAR H",
                                  "F STP/SC H"]})
    own = ask(judge, "RUSSIA", GAME, "EXPLAIN F SEV\n")
    assert f"F SEV in {SPRING}:\n  ordered: F SEV - UKR\n  result: succeeds\n" in own
    assert "  - it swims in land until" in own
    assert "F SEV was not one of your units" in ask(judge, "TURKEY", GAME, "EXPLAIN F SEV\n")


def test_the_illusionists_own_swap_says_why_his_move_was_void(tmp_path: Path) -> None:
    judge = judge_of(tmp_path)
    results = play(judge, GAME, {"FRANCE": ["CAST ILLUSION BUR - UKR", "A MAR - BUR",
                                            "A PAR H", "F BRE H"]})
    why = "its own illusion swapped BUR: an illusionist may not move or support into it"
    assert f"A MAR - BUR ({why}): void" in results["FRANCE"]
    for power, text in results.items():
        if power != "FRANCE":
            assert "A MAR - BUR: void" in text and why not in text, power
    assert f"  - {why}" in ask(judge, "FRANCE", GAME, "EXPLAIN A MAR\n")


def test_the_bottles_ruin_says_why_a_move_did_not_enter(tmp_path: Path) -> None:
    judge = judge_of(tmp_path)
    spin = {"FRANCE": ["CAST SPIN THE BOTTLE", "A PAR H", "A MAR H", "F BRE H"]}
    play(judge, GAME, spin)
    [draw] = random_draws(judge)
    [where] = [d["drawn"] for d in draw["draws"]]  # type: ignore[attr-defined]
    # The same turn again (a re-run draws the same), with an army sent where it points.
    judge.send("gm@example.test", "ROLLBACK S1901M\n", subject=f"[{GAME}] gm")
    judge.tick()
    judge.new_mail()
    power, army = next((p, u) for p, units in START.items() for u in units
                       if u.startswith("A ") and where in MAP.army_adj.get(u[2:], ()))
    lines = [f"{army} - {where}", *(f"{u} H" for u in START[power] if u != army)]
    orders = {**spin, power: [*(spin[power][:1] if power in spin else []), *lines]}
    results = play(judge, GAME, orders)
    why = f"{where} is closed by the bottle's ruin this turn: no unit may enter it"
    for who, mail in results.items():  # the ruin is public: every copy says why
        assert f"{army} - {where} ({why}): blocked" in mail, who
    assert f"  - {why}" in ask(judge, power, GAME, f"EXPLAIN {army}\n")


def test_a_balloons_drift_and_a_moved_home_centre_are_explained(tmp_path: Path) -> None:
    judge = judge_of(tmp_path)
    play(judge, GAME, {"FRANCE": ["CAST BALLOON A PAR", "A MAR H", "F BRE H"]})
    play(judge, GAME, {"FRANCE": ["BALLOON A PAR - BUR", "CAST MOVE HOME SC MAR - GAS",
                                  "A MAR H", "F BRE H"]})
    aloft = ask(judge, "FRANCE", GAME, "EXPLAIN A PAR\n")
    assert f"BALLOON A PAR in {FALL}:\n  ordered: BALLOON A PAR - BUR\n  result: succeeds\n" \
        "  it ended in the air over BUR\n" in aloft
    assert "  - in a balloon, it drifted over BUR: in the air it cannot be attacked" in aloft
    home = ask(judge, "FRANCE", GAME, "EXPLAIN A MAR\n")
    assert ("  - a MOVE HOME SC spell moved the home centre MAR from MAR to GAS: it lies in "
            "GAS now, owned by whoever stands there after the Fall\n") in home
    assert "Nothing opposed it" not in home


ALOFT = """
position:
  phase: S1901M
  extra:
    aloft:
      PAR: {power: FRANCE, unit: A PAR}
      BEL: {power: GERMANY, unit: A BEL}
"""
COLLIDED = ("another balloon drifted over PIC too: balloons that meet collide and both drop "
            "to the map where they were")


def test_a_balloon_over_an_army_of_its_name_is_explained_apart(tmp_path: Path) -> None:
    """France's army A PAR stands under his balloon A PAR: each row keeps its own reasons,
    and EXPLAIN answers about either, or both where the line names both."""
    judge = make_judge(tmp_path, TEXT + ALOFT)
    results = play(judge, GAME, {
        "FRANCE": ["A PAR - GAS", "BALLOON A PAR - PIC", "A MAR H", "F BRE H"],
        "GERMANY": ["BALLOON A BEL - PIC", "A MUN H", "A BER H", "F KIE H"]})
    for power, text in results.items():  # the collision is public: every copy says why
        assert "A PAR - GAS: succeeds" in text, power  # the army's row carries none of it
        assert f"BALLOON A PAR - PIC ({COLLIDED}): bounced" in text, power
        assert text.count("The balloons over PIC collide and drop to the map") == 1, power
    army = (f"A PAR in {SPRING}:\n  ordered: A PAR - GAS\n  result: succeeds\n"
            "  it ended in GAS\n  Nothing opposed it")
    balloon = (f"BALLOON A PAR in {SPRING}:\n  ordered: BALLOON A PAR - PIC\n  result: bounced\n"
               "  it ended in PAR, back on the ground\n")  # the collision dropped it
    both = ask(judge, "FRANCE", GAME, "EXPLAIN A PAR\n")
    assert army in both and f"{balloon}  - {COLLIDED}" in both
    assert both.count(COLLIDED) == 1
    assert ask(judge, "FRANCE", GAME, "EXPLAIN PAR\n") == both
    alone = ask(judge, "FRANCE", GAME, "EXPLAIN BALLOON A PAR\n")
    assert f"{balloon}  - {COLLIDED}" in alone and "GAS" not in alone
    # Another power: neither is his; his own balloon is his to ask about.
    german = ask(judge, "GERMANY", GAME, "EXPLAIN A PAR\nEXPLAIN BALLOON A PAR\n"
                                         "EXPLAIN BALLOON A BEL\n")
    assert f"A PAR was not one of your units in {SPRING}" in german
    assert f"BALLOON A PAR was not one of your units in {SPRING}" in german
    assert (f"BALLOON A BEL in {SPRING}:\n  ordered: BALLOON A BEL - PIC\n  result: bounced\n"
            "  it ended in BEL, back on the ground\n"
            f"  - {COLLIDED}") in german
    assert "GAS" not in german
    # HELP says how to name a balloon while he has one: both came down.
    assert "EXPLAIN BALLOON" not in ask(judge, "GERMANY", GAME, "HELP\n")


def test_a_ghost_that_faded_the_turn_it_was_made_is_explained_to_its_owner(
        tmp_path: Path) -> None:
    judge = judge_of(tmp_path)
    results = play(judge, GAME, {"ENGLAND": ["F EDI H", "CAST GHOST F EDI - NTH",
                                             "F LON - NTH", "A LVP H"]})
    faded = f"{GHOST}, and fades into mist when it meets another unit: it met one and faded"
    assert f"F EDI - NTH (ghost) ({faded}): faded" in results["ENGLAND"]
    for line in ("EXPLAIN GHOST F EDI", "EXPLAIN F NTH"):
        text = ask(judge, "ENGLAND", GAME, f"{line}\n")
        assert (f"GHOST F EDI in {SPRING}:\n  ordered: F EDI - NTH (ghost)\n  result: faded\n"
                f"  - {faded}") in text, line
    # The others read that a unit faded, never why, and EXPLAIN tells them nothing more.
    assert "F EDI - NTH: faded" in results["RUSSIA"] and GHOST not in results["RUSSIA"]
    hidden = ask(judge, "RUSSIA", GAME, "EXPLAIN F NTH\n")
    assert hidden.replace("NTH", "BAR") == ask(judge, "RUSSIA", GAME, "EXPLAIN F BAR\n")
