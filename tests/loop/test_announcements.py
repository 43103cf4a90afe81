"""Every player learns of the GM's actions from the judge, whether the GM acted by mail or
on the command line; each mail says only what its recipient may know. Through the real
pipeline on the local Maildir."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import POWERS, Judge, make_judge, standard_game
from tests.loop.test_commands import GM, HOLD_ALL, addr, ask, body, open_phase, play_spring

BERLIN = "timezone: Europe/Berlin"


def berlin_judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, standard_game().replace("timezone: UTC", BERLIN))


def announced(judge: Judge, word: str) -> dict[str, str]:
    """The new mails whose subject has `word`: recipient -> body."""
    return {m["To"]: body(m) for m in judge.new_mail() if word in m["Subject"]}


def test_extend_by_mail_tells_every_player_the_new_deadline_in_the_games_zone(
        tmp_path: Path) -> None:
    judge = berlin_judge(tmp_path)
    reply = ask(judge, GM, "EXTEND 24h\n")
    assert ("done: deadline of S1901M moved to Thu 5 Mar 2026 10:00 CET (2026-03-05 09:00 UTC);"
            " 7 players told") in reply
    judge.tick()  # the announcements were queued with the reply; nothing more is sent
    mails = {m["To"]: m for m in judge.outbox() if "Deadline extended" in m["Subject"]}
    assert sorted(mails) == sorted(addr(p) for p in POWERS)  # the GM has his reply
    text = body(mails[addr("ITALY")])
    assert "New deadline: Thu 5 Mar 2026 10:00 CET." in text
    assert mails[addr("ITALY")]["Subject"] == "[g] Deadline extended: S1901M"


def test_pause_and_resume_on_the_command_line_are_announced(judge: Judge, cli) -> None:  # noqa: ANN001
    out = cli("game", "pause", "g").output
    assert "game g paused; 7 players told" in out
    judge.tick()  # the outbox is sent by the next run
    paused = announced(judge, "Game paused")
    assert sorted(paused) == sorted(addr(p) for p in POWERS)
    assert "nothing will be processed until the game resumes" in paused[addr("RUSSIA")]

    judge.clock.advance(hours=3)
    cli("game", "resume", "g")
    judge.tick()
    resumed = announced(judge, "Game resumed")
    assert sorted(resumed) == sorted(addr(p) for p in POWERS)
    assert "the deadline is Wed 4 Mar 2026 12:00 UTC" in resumed[addr("FRANCE")]


def test_replace_tells_the_others_and_the_old_player_but_never_the_new_address(
        judge: Judge, cli) -> None:  # noqa: ANN001
    out = cli("game", "replace", "g", "italy", "Luca Rossi <Luca@Example.TEST>").output
    assert "ITALY is now played by luca@example.test; 6 players told" in out
    judge.tick()
    mails = judge.new_mail()
    others = {m["To"]: body(m) for m in mails if "New player for ITALY" in m["Subject"]}
    assert sorted(others) == sorted(addr(p) for p in POWERS if p != "ITALY")
    assert all("luca" not in text.lower() for text in others.values())
    gone = [m for m in mails if m["To"] == addr("ITALY")]
    assert [m["Subject"] for m in gone] == ["[g] You no longer play ITALY"]
    assert "luca" not in body(gone[0]).lower()
    # The new player is recognised by the plain address.
    assert "Orders for S1901M" in ask(judge, "luca@example.test", "A VEN H\n")


def test_replace_by_mail_takes_the_display_form_too(judge: Judge) -> None:
    reply = ask(judge, GM, "REPLACE ITALY Luca Rossi <luca@example.test>\n")
    assert "done: ITALY is now played by luca@example.test; 6 players told" in reply
    assert "Orders for S1901M" in ask(judge, "luca@example.test", "A VEN H\n")


def test_replace_refuses_what_is_not_an_address(judge: Judge, cli) -> None:  # noqa: ANN001
    out = cli("game", "replace", "g", "italy", "Luca Rossi", ok=False).output
    assert "not an email address: 'Luca Rossi'" in out
    reply = ask(judge, GM, "REPLACE ITALY luca@@x\n")
    assert "refused: not an email address: 'luca@@x'" in reply
    reply = ask(judge, GM, "REPLACE ITALY Luca Rossi\n")
    assert "refused: not an email address: 'Luca Rossi'" in reply
    assert judge.new_mail() == []  # nobody was told of a replacement that did not happen


def test_rollback_tells_each_player_his_own_restored_orders_only(judge: Judge) -> None:
    play_spring(judge)
    judge.send(addr("FRANCE"), "A BUR - MUN\n", subject="[g] fall")
    judge.tick()
    judge.new_mail()
    reply = ask(judge, GM, "ROLLBACK S1901M\n")
    assert "the orders that stood for it are kept; 7 players told" in reply
    told = {m["To"]: body(m) for m in judge.outbox() if "Rolled back" in m["Subject"]}
    assert sorted(told) == sorted(addr(p) for p in POWERS)
    french = told[addr("FRANCE")]
    assert "kept for you (FRANCE):\n  A PAR - BUR\n  A MAR - SPA\n  F BRE - MAO" in french
    assert "A MUN" not in french and "A BUR - MUN" not in french  # fall orders are gone
    german = told[addr("GERMANY")]
    assert "A MUN - RUH" in german and "A PAR - BUR" not in german
    assert "corrected results" in german


def test_rollback_then_process_readjudicates_the_same_orders_with_corrected_results(
        judge: Judge) -> None:
    play_spring(judge)
    first = judge.to(addr("FRANCE"))[-1]
    ask(judge, GM, "ROLLBACK S1901M\n")
    # The restored orders are complete, yet the phase waits for the GM or the players.
    judge.clock.advance(hours=1)
    assert judge.tick().processed == []
    judge.send(GM, "PROCESS\n", subject="[g] go")
    assert judge.tick().processed == ["g: S1901M processed (forced); next F1901M"]
    results = [m for m in judge.new_mail() if "results" in m["Subject"]]
    french = judge.to(addr("FRANCE"), results)[0]
    assert french["Subject"] == "[g] Corrected results: Spring 1901 Movement results"
    text = body(french)
    assert text.startswith("Corrected results: replace the mail of Mon 2 Mar 2026 09:00 UTC")
    assert first["Subject"] == "[g] Spring 1901 Movement results"
    for line in ("A PAR - BUR", "A MAR - SPA", "A MUN - RUH", "F KIE - HOL"):
        assert line in text
    assert "No orders received from" not in text
    assert sorted(open_phase(judge).state["units"]["FRANCE"]) == ["A BUR", "A SPA", "F MAO"]


def test_players_who_resend_after_a_rollback_are_processed_early_again(judge: Judge) -> None:
    play_spring(judge)
    ask(judge, GM, "ROLLBACK S1901M\n")
    for power in POWERS[:-1]:
        judge.send(addr(power), HOLD_ALL[power], subject="[g] again")
    judge.tick()
    assert open_phase(judge).name == "S1901M"  # Turkey's restored orders are unconfirmed
    judge.send(addr("TURKEY"), HOLD_ALL["TURKEY"], subject="[g] again")
    assert judge.tick().processed == ["g: S1901M processed (early); next F1901M"]


ADJUSTMENT = """position:
  phase: W1901A
  units:
    FRANCE: [F BRE, A BUR, A SPA]
    ITALY: [A VEN, A ROM, F NAP]
    AUSTRIA: [A VIE]
  centers:
    FRANCE: [BRE, PAR, MAR, SPA, POR]
    ITALY: [ROM, NAP]
    AUSTRIA: [VIE]
"""


def test_rollback_of_an_adjustment_keeps_builds_and_removals(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra=ADJUSTMENT))
    judge.send(addr("FRANCE"), "BUILD A PAR\n")  # one of two builds: no early processing
    judge.send(addr("ITALY"), "REMOVE A VEN\n")  # civil disorder would remove F NAP
    judge.send(GM, "PROCESS\n", subject="[g] go")
    judge.tick()
    judge.tick()
    assert open_phase(judge).name == "S1902M"
    ask(judge, GM, "ROLLBACK W1901A\n")
    assert open_phase(judge).name == "W1901A"
    judge.send(GM, "PROCESS\n", subject="[g] again")
    judge.tick()
    judge.tick()
    phase = open_phase(judge)
    assert phase.name == "S1902M"
    assert sorted(phase.state["units"]["FRANCE"]) == ["A BUR", "A PAR", "A SPA", "F BRE"]
    assert sorted(phase.state["units"]["ITALY"]) == ["A ROM", "F NAP"]
    corrected = [m for m in judge.outbox() if "Corrected results" in m["Subject"]]
    text = body(judge.to(addr("ITALY"), corrected)[0])
    assert "REMOVE A VEN" in text and "civil disorder" not in text.lower()


def test_draw_sends_the_game_over_summary_and_answers_later_mails(judge: Judge) -> None:
    play_spring(judge)
    for phase in ("F1901M", "W1901A"):  # no orders: everyone holds, builds are waived
        assert open_phase(judge).name == phase
        judge.send(GM, "PROCESS\n", subject="[g] go")
        judge.tick()
        judge.tick()
    assert open_phase(judge).name == "S1902M"
    judge.new_mail()
    ask(judge, GM, "DRAW\n")
    over = {m["To"]: body(m) for m in judge.outbox() if "ends in a draw" in m["Subject"]}
    assert sorted(over) == sorted([addr(p) for p in POWERS] + [GM])
    text = over[addr("ENGLAND")]
    assert text.startswith("The game is over.")
    assert "Supply centres at the end of each year:\n" \
        "  1901: FRANCE 4, GERMANY 4, RUSSIA 4, AUSTRIA 3, ENGLAND 3, ITALY 3, TURKEY 3\n" \
        "  1902 (when the game ended): FRANCE 4, GERMANY 4, RUSSIA 4, AUSTRIA 3," in text
    later = ask(judge, addr("ENGLAND"), "F LON - NTH\n")
    assert later == text
    assert "not registered" not in later


SOLO = """position:
  phase: F1905M
  units:
    FRANCE: [A BEL, A HOL, A BUR, A RUH, A MUN, F NTH, F ENG, F MAO, A SPA, A PIE]
    GERMANY: [A PRU]
  centers:
    FRANCE: [BRE, PAR, MAR, SPA, POR, BEL, HOL, MUN, LON, EDI, LVP, TUN, NAP, ROM, VEN, BER,
             DEN]
    GERMANY: [KIE]
"""


def test_a_solo_ends_the_game_with_the_summary(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra=SOLO))
    judge.send(addr("FRANCE"), "A MUN - KIE\n")
    judge.send(GM, "PROCESS\n", subject="[g] go")
    judge.tick()
    judge.tick()
    over = {m["To"]: body(m) for m in judge.outbox() if "The game is over" in m["Subject"]}
    assert sorted(over) == sorted([addr(p) for p in POWERS] + [GM])
    text = over[addr("GERMANY")]
    assert "FRANCE won a solo victory in Fall 1905 Movement." in text
    assert "  1905 (when the game ended): FRANCE 18\n" in text and "1906" not in text
    assert "1905: FRANCE 18, GERMANY 0" not in text  # owners of no centre are left out
    judge.new_mail()
    assert ask(judge, addr("GERMANY"), "A PRU H\n").startswith("The game is over.")
