"""The game master's copy of the results is the full one: he runs the game and checks the
judge, so he reads every unit and every row, each thing the players may not see marked as
hidden from them, and what each power alone was told. Observers and every other power
still read only what they may see: the public copy."""

from __future__ import annotations

import itertools
from pathlib import Path

from tests.loop.judgekit import REPO, Judge, body, make_judge, standard_game
from tests.loop.test_capitalist_mail import UNITS, capitalist_game, yaml_position
from tests.loop.test_explain import POWERS, START, addr
from tests.loop.test_home_centres_mail import POSITION as HOMES_FALL
from tests.loop.trialkit import text

GM, OBSERVER = "gm@example.test", "observer@example.test"
# A standard winter: Austria took Serbia and owes a build; Trieste is Italy's.
STANDARD_WINTER = """position:
  phase: W1901A
  units:
    AUSTRIA: [A VIE, A SER]
    ITALY: [A TRI, A ROM, F NAP]
  centers:
    AUSTRIA: [VIE, BUD, SER]
    ITALY: [TRI, ROM, NAP, VEN]
"""
WARLOCK = (REPO / "gmbot/variants/warlock/example.yaml").read_text(encoding="utf-8")


def watched(text: str) -> str:
    """The game file with an observer."""
    return text.replace("judge: judge@example.test",
                        f"judge: judge@example.test\nobservers: [{OBSERVER}]", 1)


def results(judge: Judge, game: str, orders: dict[str, list[str]],
            units: dict[str, list[str]]) -> dict[str, str]:
    """Every power's orders mailed, the phase processed: each reader's results."""
    for power in POWERS:
        lines = orders.get(power) or [f"{u} H" for u in units[power]]
        judge.send(addr(power), "\n".join(lines) + "\n", subject=f"[{game}] orders")
    judge.tick()
    mails = [m for m in judge.new_mail() if "results" in m["Subject"]]
    readers = {GM: GM, OBSERVER: OBSERVER, **{p: addr(p) for p in POWERS}}
    return {who: body(m).replace("\r\n", "\n")
            for who, address in readers.items() for m in judge.to(address, mails)}


def test_the_gm_reads_warlocks_invisible_units_and_ghosts_marked(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, watched(WARLOCK))
    read = results(judge, "warlock-example", {
        "TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON H", "A SMY H"],
        "ENGLAND": ["F EDI H", "CAST GHOST F EDI - NWG", "F LON - NTH", "A LVP H"],
        "FRANCE": ["CAST ILLUSION BUR - UKR", "A MAR - BUR", "A PAR H", "F BRE H"]}, START)
    gm = read[GM]
    # The invisible fleet's move and place, marked with who sees it; no unit unseen.
    assert "  F ANK - BLA (invisible: only TURKEY sees it): succeeds" in gm
    assert "TURKEY: 3 centres, 3 units\n" in gm
    assert "  units: A CON, A SMY, F BLA (invisible: only TURKEY sees it)" in gm
    # The ghost is named a ghost, the illusionist's void move says why and who was told.
    assert "  F EDI - NWG (ghost: only ENGLAND knows it is no real unit): succeeds" in gm
    assert "F NWG (ghost: only ENGLAND knows it is no real unit)" in gm
    assert "A MAR - BUR (its own illusion swapped BUR" in gm and "[told only FRANCE]" in gm
    # What each power alone was told, under the GM's own heading.
    master = gm.split("--- For the game master only ---\n")[1]
    assert "TURKEY:\n  You cast: CAST MAKE INVISIBLE F ANK - BLA" in master
    # The observer and another power learn nothing of it: the invisible fleet is a count.
    for reader in (OBSERVER, "RUSSIA"):
        text = read[reader]
        assert "BLA" not in text and "invisible" not in text and "ghost" not in text, reader
        assert "TURKEY: 3 centres, 3 units (1 unseen)" in text, reader
        assert "game master" not in text, reader
    assert "F ANK - BLA (invisible): succeeds" in read["TURKEY"]
    assert "F EDI - NWG (ghost): succeeds" in read["ENGLAND"]


def test_the_gm_reads_who_offered_a_capitalist_bribe(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, watched(capitalist_game(yaml_position())))
    read = results(judge, "g", {"ENGLAND": ["F LON - NTH (3)"],
                                "FRANCE": ["A POR H (2)", "BRIBE F LON - YOR (5)"]},
                   {p: [u] for p, u in UNITS.items()})
    master = read[GM].split("--- For the game master only ---\n")[1]
    assert "FRANCE:\n" in master and "BRIBE F LON - YOR (5): taken: 5 paid." in master
    # The public line, for a player: whose unit, its order and pay, what was offered for
    # what, what it did and whether the bribe was paid; never who offered it.
    line = ("ENGLAND's F LON, ordered to move to NTH and paid 3, was offered 5 to move to YOR: "
            "the 5 to move to YOR beat its owner's pay of 3, so it carried that out, and the 5 "
            "was paid.")
    for reader in (OBSERVER, "GERMANY"):
        assert "BRIBE F LON" not in read[reader] and "game master" not in read[reader]
        assert line in read[reader].splitlines()
        assert "Bribes (the totals offered for each order; who offered them is never told):" \
            in read[reader]


def test_a_game_that_hides_nothing_sends_the_gm_the_public_copy(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, watched(standard_game()))
    read = results(judge, "g", {"FRANCE": ["A PAR - BUR", "A MAR H", "F BRE H"]}, START)
    assert read[GM] == read[OBSERVER]
    assert "A PAR - BUR: succeeds" in read[GM]


def test_the_gms_status_shows_the_invisible_unit_marked(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, watched(WARLOCK))
    results(judge, "warlock-example", {
        "TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON H", "A SMY H"]}, START)
    status = {}
    for who, address in ((GM, GM), ("RUSSIA", addr("RUSSIA"))):
        judge.send(address, "STATUS\n", subject="[warlock-example] status")
        judge.tick()
        [reply] = judge.to(address, judge.new_mail())
        status[who] = " ".join(body(reply).split())
    assert "F BLA (invisible: only TURKEY sees it)" in status[GM]
    assert "BLA" not in status["RUSSIA"] and "invisible" not in status["RUSSIA"]


def standing(gm: str) -> str:
    """The GM's section: what each power alone reads, a part per power."""
    master = gm.split("--- For the game master only ---\n")[1]
    return master.split("What each power alone reads in its own section:\n")[1]


def part_of(gm: str, power: str) -> list[str]:
    """`power`'s part of the GM's section, its lines without their indent."""
    lines = ("\n" + standing(gm)).split(f"\n{power}:\n", 1)[1].splitlines()
    return [ln[2:] for ln in itertools.takewhile(lambda ln: ln.startswith("  "), lines)]


def own_line(text: str, start: str) -> str:
    [line] = [ln for ln in text.splitlines() if ln.startswith(start)]
    return line


def test_the_gms_section_lists_each_warlocks_spells_left(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, watched(WARLOCK))
    read = results(judge, "warlock-example", {
        "TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON H", "A SMY H"],
        "FRANCE": ["CAST WALK ON WATER A MAR - LYO", "A PAR H", "F BRE H"]}, START)
    # Each power's own line, under its name: Turkey's one spell fewer, as he reads it.
    for power in POWERS:
        assert own_line(read[power], "Spells left: ") in part_of(read[GM], power), power
    assert own_line(read["TURKEY"], "Spells left: ") != own_line(read["RUSSIA"],
                                                                "Spells left: ")
    # What lasts beyond the turn is his too.
    [lasting] = [ln for ln in read["FRANCE"].splitlines() if " may walk on water " in ln]
    assert lasting in part_of(read[GM], "FRANCE")
    for reader in (OBSERVER, "RUSSIA"):
        assert "alone reads" not in read[reader]


def test_the_gms_section_lists_each_capitalists_account(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, watched(capitalist_game(yaml_position())))
    read = results(judge, "g", {"ENGLAND": ["F LON - NTH (3)"],
                                "FRANCE": ["A POR H (2)", "BRIBE F LON - YOR (5)"]},
                   {p: [u] for p, u in UNITS.items()})
    for power in ("ENGLAND", "FRANCE", "GERMANY"):
        capital = own_line(read[power], "Your capital: ").replace("Your capital", "Capital")
        account = own_line(read[power], "Account: ")
        assert [capital, account] == part_of(read[GM], power)[-2:], power
        # The balance left said once, in the account line, there as in his own section.
        for lines in (part_of(read[GM], power), read[power].split(" only ---\n")[1]
                      .splitlines()):
            assert [ln for ln in lines if "balance" in ln] == [account], power
    assert "alone reads" not in read[OBSERVER] and "Account:" not in read[OBSERVER]


def test_a_game_without_private_lines_has_no_standing_for_the_gm(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, watched(REPO.joinpath(
        "gmbot/variants/arpiesse/example.yaml").read_text(encoding="utf-8")))
    read = results(judge, "arpiesse-example", {}, START)
    assert "alone reads" not in read[GM]


def test_the_gms_section_has_each_powers_own_section_in_a_standard_game(
        tmp_path: Path) -> None:
    """The trial of 3 December 2026 (fourth): with changing home centres (and in standard),
    the GM's copy had nothing of where each power builds, what it may assimilate, or the
    lines refused: each power's part says what its own section says, once."""
    judge = make_judge(tmp_path, watched(standard_game(extra=HOMES_FALL)))
    judge.send(addr("AUSTRIA"), "A BUD - SER\nA TRI - ALB\nA VIE - XXX\n", subject="[g] fall")
    judge.send(addr("ITALY"), "A VEN H\nA ROM H\nF NAP H\n", subject="[g] fall")
    judge.tick()
    judge.new_mail()
    judge.clock.advance(hours=100)  # the refused line holds early processing: the deadline
    judge.tick()
    mails = [m for m in judge.new_mail() if "Fall 1901 Movement results" in m["Subject"]]
    [gm] = [text(m) for m in judge.to(GM, mails)]
    [austria] = [text(m) for m in judge.to(addr("AUSTRIA"), mails)]
    own = austria.split("--- For AUSTRIA only ---\n")[1].splitlines()
    part = part_of(gm, "AUSTRIA")
    # What Austria alone reads, but his units (the GM's board lists them): in his order.
    assert part == [
        "To order in Winter 1901 Adjustment: 1 build(s) or WAIVE",
        "These lines of its orders were not accepted:",
        "  A VIE - XXX -- unknown province 'XXX'",
        "Your home centres: BUD VIE (2; you may have at most 3).",
        "You build only in a free home centre: BUD; SER TRI are yours but not home centres.",
        "You may assimilate: TRI."]
    assert [ln for ln in part if not ln.startswith("  ")][2:] == own[-3:]
    assert part_of(gm, "ITALY") == ["Your home centres: NAP ROM VEN (3; you may have at most 4)."]
    # Said once: no line of a part twice.
    for power in ("AUSTRIA", "ITALY"):
        assert len(set(part_of(gm, power))) == len(part_of(gm, power)), power
    # The same in the HTML part, one place a power.
    [mail] = judge.to(GM, mails)
    html_part = mail.get_body(preferencelist=("html",))
    assert html_part is not None
    html = str(html_part.get_content())
    assert html.count("You may assimilate: TRI.") == 1 and "unknown province" in html
    for reader in (OBSERVER, "ITALY"):
        who = reader if "@" in reader else addr(reader)
        [theirs] = [text(m) for m in judge.to(who, mails)]
        assert "XXX" not in theirs and "You may assimilate: TRI" not in theirs, reader


def test_the_gms_section_lists_a_standard_winters_refused_build(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, watched(standard_game(extra=STANDARD_WINTER)))
    judge.send(addr("AUSTRIA"), "BUILD A TRI\nBUILD A BUD\n", subject="[g] winter")
    judge.tick()
    judge.new_mail()
    judge.clock.advance(hours=100)
    judge.tick()
    mails = [m for m in judge.new_mail() if "Winter 1901 Adjustment results" in m["Subject"]]
    [gm] = [text(m) for m in judge.to(GM, mails)]
    [line] = [ln for ln in part_of(gm, "AUSTRIA") if ln.startswith("  BUILD A TRI -- ")]
    [austria] = [text(m) for m in judge.to(addr("AUSTRIA"), mails)]
    assert line in austria.splitlines()
