"""Early processing waits for a clean set (issue 26): a player whose latest orders mail had
refused lines is not done until a later mail has none or he sends READY; WAIT holds early
processing for him this phase until READY; STATUS and the acknowledgement say which; and a
GM's EXTEND arriving with the last orders does not stall the early processing they make
due. Through the real pipeline on the local Maildir, from the issue's examples."""

from __future__ import annotations

from pathlib import Path

from gmbot.engine.map import load_map
from tests.loop.judgekit import POWERS, Judge, body, make_judge, standard_game

REPO = Path(__file__).resolve().parents[2]
START = {k: [str(u) for u in p.units] for k, p in load_map("standard").powers.items()}
GM = "gm@example.test"
HELD = ("Your last orders mail had refused lines: the phase is not processed early until "
        "a later mail has none, or you send READY")


def addr(who: str) -> str:
    return f"{who.lower()}@example.test"


def text(msg: object) -> str:
    return body(msg).replace("\r\n", "\n")  # type: ignore[arg-type]


def answer(judge: Judge, sender: str, mail: str, subject: str) -> str:
    judge.send(sender, mail, subject=subject)
    report = judge.tick()
    assert report.processed == []
    [reply] = judge.to(sender, judge.new_mail())
    return text(reply)


def hold_all(judge: Judge, subject: str, but: str) -> None:
    """Every power but `but` orders his units to hold."""
    for power in POWERS:
        if power != but:
            judge.send(addr(power), "\n".join(f"{u} H" for u in START[power]) + "\n",
                       subject=subject)


def test_a_misspelt_spell_holds_warlock_until_a_clean_mail(tmp_path: Path) -> None:
    game = (REPO / "gmbot/variants/warlock/example.yaml").read_text(encoding="utf-8")
    judge = make_judge(tmp_path, game)
    subject = "[warlock-example] orders"
    hold_all(judge, subject, but="TURKEY")
    assert judge.tick().processed == []
    judge.new_mail()
    ack = answer(judge, addr("TURKEY"), "A CON - BUL\nA SMY H\nF ANK H\nCAST VAPORIZ A BUL\n",
                 subject)
    assert "CAST VAPORIZ A BUL" in ack and "Still without orders" not in ack
    assert HELD in ack
    # The GM's STATUS names him, and why; the player's own STATUS tells him.
    status = answer(judge, GM, "STATUS\n", subject)
    assert "Waiting for orders from: TURKEY\n" in status
    assert "  TURKEY: ordered, held by refused lines; NMR 0" in status
    assert HELD in answer(judge, addr("TURKEY"), "STATUS\n", subject)
    # A later mail without refused lines: he is done, the phase runs at once.
    judge.send(addr("TURKEY"), "CAST VAPORIZE A BUD\n", subject=subject)
    assert judge.tick().processed == ["warlock-example: S1901M processed (early); next F1901M"]
    [ack] = [m for m in judge.to(addr("TURKEY"), judge.new_mail()) if "Received" in m["Subject"]]
    assert "refused lines" not in text(ack)


def test_a_misspelt_province_holds_al_andalus_until_a_clean_mail(tmp_path: Path) -> None:
    game = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    judge = make_judge(tmp_path, game)
    subject = "[al-andalus-example] orders"
    for prince, lines in {"ZARAGOZA": "A ZAR H\nA LLE H\nF TOR H",
                          "BADAJOZ": "A BAD H\nA EVO H\nF LIS H",
                          "SEVILLE": "F CAD H\nA NIE H\nA SEV H",
                          "GRANADA": "A GRA H\nA JAE H\nF MAL H"}.items():
        judge.send(addr(prince), lines + "\n", subject=subject)
    judge.tick()
    judge.new_mail()
    ack = answer(judge, addr("CASTILLE"), "A LEO H\nA BUR H\nF GAL H\nA Zamora - Salamnca\n",
                 subject)
    assert "A Zamora - Salamnca" in ack and HELD in ack
    assert "CASTILLE: ordered, held by refused lines" in answer(judge, GM, "STATUS\n", subject)
    judge.send(addr("CASTILLE"), "A BUR - SAL\n", subject=subject)
    assert judge.tick().processed == [
        "al-andalus-example: S1080M processed (early); next F1080M"]


CAPITALIST = """options: {seed: 3}
position:
  phase: S1899M
  units: {ENGLAND: [F LON], FRANCE: [A POR], GERMANY: [F DEN], RUSSIA: [A MOS],
          AUSTRIA: [A SER], TURKEY: [A ANK], ITALY: [A VEN]}
  centers: {ENGLAND: [LON], FRANCE: [POR], GERMANY: [DEN], RUSSIA: [MOS], AUSTRIA: [SER],
            TURKEY: [ANK], ITALY: [VEN]}
  homes: {ENGLAND: [LON], FRANCE: [POR], GERMANY: [DEN], RUSSIA: [MOS], AUSTRIA: [SER],
          TURKEY: [ANK], ITALY: [VEN]}
  powers:
    ENGLAND: {capital: LON, balance: 10}
    FRANCE: {capital: POR, balance: 10}
    GERMANY: {capital: DEN, balance: 10}
    RUSSIA: {capital: MOS, balance: 10}
    AUSTRIA: {capital: SER, balance: 10}
    TURKEY: {capital: ANK, balance: 10}
    ITALY: {capital: VEN, balance: 10}
"""
UNITS = {"ENGLAND": "F LON", "GERMANY": "F DEN", "FRANCE": "A POR", "RUSSIA": "A MOS",
         "AUSTRIA": "A SER", "TURKEY": "A ANK", "ITALY": "A VEN"}


def test_a_refused_line_holds_capitalist_where_nothing_is_missing(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game().replace("variant: standard",
                                                         "variant: capitalist") + CAPITALIST)
    for power in POWERS:
        if power != "FRANCE":
            judge.send(addr(power), f"{UNITS[power]} H\n", subject="[g] orders")
    judge.tick()
    judge.new_mail()
    # Overspending is refused; the unit he has is ordered by the line before.
    ack = answer(judge, addr("FRANCE"), "A POR H (2)\nA POR - SPA (30)\n", "[g] orders")
    assert "A POR H (2)" in ack and "Still without orders" not in ack and HELD in ack
    # Corrected on a later line of the mail, it no longer holds (issue 32).
    judge.send(addr("FRANCE"), "A POR - SPA (30)\nA POR - SPA (3)\n", subject="[g] orders")
    assert judge.tick().processed == ["g: S1899M processed (early); next F1899M"]


def test_ready_lets_the_orders_stand_despite_refused_lines(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    hold_all(judge, "[g] orders", but="FRANCE")
    judge.tick()
    judge.new_mail()
    ack = answer(judge, addr("FRANCE"), "A PAR H\nA MAR H\nF BRE H\nA PARIS - BURGNDY\n",
                 "[g] orders")
    assert HELD in ack
    judge.send(addr("FRANCE"), "READY\n", subject="[g] orders")
    assert judge.tick().processed == ["g: S1901M processed (early); next F1901M"]
    [ack] = [m for m in judge.to(addr("FRANCE"), judge.new_mail()) if "Received" in m["Subject"]]
    assert ("line 1: READY\n  done: you are done: the phase is processed early once every "
            "player is done") in text(ack)


def test_wait_holds_early_processing_until_ready(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    hold_all(judge, "[g] orders", but="FRANCE")
    judge.tick()
    judge.new_mail()
    ack = answer(judge, addr("FRANCE"), "WAIT\nA PAR H\nA MAR H\nF BRE H\n", "[g] orders")
    waiting = ("You sent WAIT: the phase is not processed early while you wait; send READY "
               "when you are done")
    assert waiting in ack and "line 1: WAIT\n  done: noted (see above)" in ack
    # A later orders mail keeps his WAIT.
    assert waiting in answer(judge, addr("FRANCE"), "A PAR - BUR\n", "[g] orders")
    status = answer(judge, GM, "STATUS\n", "[g] orders")
    assert "  FRANCE: ordered, held by WAIT; NMR 0" in status
    assert "Waiting for orders from: FRANCE\n" in status
    assert waiting in answer(judge, addr("FRANCE"), "STATUS\n", "[g] orders")
    judge.send(addr("FRANCE"), "READY\n", subject="[g] orders")
    assert judge.tick().processed == ["g: S1901M processed (early); next F1901M"]


def test_ready_before_the_orders_are_complete_says_what_is_missing(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    reply = answer(judge, addr("FRANCE"), "READY\nA PAR H\n", "[g] orders")
    assert "done: noted; early processing still waits for your orders for" in reply
    assert "refused lines" not in reply


def test_an_extend_with_the_last_orders_does_not_stall_early_processing(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    hold_all(judge, "[g] orders", but="FRANCE")
    judge.tick()
    judge.new_mail()
    # The last orders and the GM's EXTEND arrive together, read in one tick.
    judge.send(addr("FRANCE"), "A PAR H\nA MAR H\nF BRE H\n", subject="[g] orders")
    judge.send(GM, "EXTEND 24h\n", subject="[g] extend")
    assert judge.tick().processed == ["g: S1901M processed (early); next F1901M"]
