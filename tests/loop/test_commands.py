"""The players' and the GM's commands by mail, and the GM's verbs on the command line,
through the real pipeline on the local Maildir."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import select

from gmbot.store.models import Game, PhaseRow
from tests.loop.conftest import Cli
from tests.loop.judgekit import POWERS, Judge, make_judge, standard_game
from tests.loop.judgekit import body as crlf_body

GM = "gm@example.test"
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # the judge's clock when the game is loaded
HOLD_ALL = {
    "AUSTRIA": "A BUD H\nA VIE H\nF TRI H\n",
    "ENGLAND": "F EDI H\nF LON H\nA LVP H\n",
    "FRANCE": "F BRE H\nA MAR H\nA PAR H\n",
    "GERMANY": "A BER H\nF KIE H\nA MUN H\n",
    "ITALY": "F NAP H\nA ROM H\nA VEN H\n",
    "RUSSIA": "A MOS H\nF SEV H\nF STP/SC H\nA WAR H\n",
    "TURKEY": "F ANK H\nA CON H\nA SMY H\n",
}


def body(msg: EmailMessage) -> str:
    return crlf_body(msg).replace("\r\n", "\n")


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def ask(judge: Judge, sender: str, text: str, subject: str = "[g] mail") -> str:
    """Mail `text` in, run the judge once, return the body of its reply to the sender."""
    judge.send(sender, text, subject=subject)
    judge.tick()
    mails = judge.to(sender, judge.new_mail())
    # The answer to this mail, not a welcome or an announcement that went out meanwhile.
    replies = [m for m in mails if m["In-Reply-To"]] or mails
    assert replies, f"no reply to {sender}"
    return body(replies[0])


def reply_to(judge: Judge, sender: str, text: str) -> tuple[str, str]:
    judge.send(sender, text, subject="[g] mail")
    judge.tick()
    reply = judge.to(sender, judge.new_mail())[0]
    return reply["Subject"], body(reply)


def open_phase(judge: Judge) -> PhaseRow:
    with judge.app.db.transaction() as s:
        rows = s.scalars(select(PhaseRow).where(PhaseRow.processed_at.is_(None),
                                                PhaseRow.superseded.is_(False))).all()
        assert len(rows) == 1
        return rows[0]


def game_status(judge: Judge) -> str:
    with judge.app.db.transaction() as s:
        return s.scalars(select(Game.status)).one()


def play_spring(judge: Judge) -> None:
    """Everyone orders Spring 1901; France and Germany move. Processed early."""
    moves = {**HOLD_ALL, "FRANCE": "A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n",
             "GERMANY": "A MUN - RUH\nA BER - MUN\nF KIE - HOL\n"}
    for power in POWERS:
        judge.send(addr(power), moves[power], subject="[g] spring")
    report = judge.tick()
    assert report.processed == ["g: S1901M processed (early); next F1901M"]
    judge.new_mail()


# --- players' commands ------------------------------------------------------------------


def test_help(judge: Judge) -> None:
    subject, text = reply_to(judge, addr("FRANCE"), "HELP\n")
    assert subject == "[g] Help"
    assert "How to use this judge (g)" in text
    assert "ORDERS" in text and "CLEAR" in text and "HISTORY" in text
    assert "GM commands" not in text
    assert "GM commands: PROCESS" in ask(judge, GM, "HELP\n")
    # No columns aligned with runs of spaces: HELP reads well in a proportional font.
    assert not [line for line in text.splitlines() if re.search(r"\S {2,}\S", line)]


def test_an_empty_mail_gets_help_and_an_error_subject(judge: Judge) -> None:
    subject, text = reply_to(judge, addr("FRANCE"), "\n")
    assert subject == "[g] Errors in your mail"
    assert "No orders or commands were found" in text and "How to use this judge" in text


def test_orders_status_and_clear(judge: Judge) -> None:
    text = ask(judge, addr("FRANCE"), "ORDERS\n")
    assert "You have no valid orders for S1901M" in text
    assert "Still without orders: F BRE, A MAR, A PAR" in text

    text = ask(judge, addr("FRANCE"), "A PAR - BUR\nA MAR - SPA\n")
    assert "Orders for S1901M (version 1):\n  A PAR - BUR\n  A MAR - SPA" in text
    assert "Still without orders: F BRE" in text

    text = ask(judge, addr("FRANCE"), "ORDERS\n")
    assert "Orders for S1901M (version 1):\n  A PAR - BUR\n  A MAR - SPA" in text

    text = ask(judge, addr("FRANCE"), "STATUS\n")
    assert "g (active): Spring 1901 Movement, deadline Wed 4 Mar 2026 09:00 UTC" in text
    assert "FRANCE: 3 centres, 3 units\n  centres: BRE MAR PAR\n" in text
    assert "A PAR" in text
    assert "Waiting for orders" not in text  # who has ordered is for the GM only

    text = ask(judge, addr("FRANCE"), "CLEAR\n")
    assert "Your orders for S1901M have been cleared." in text
    assert "Still without orders: F BRE, A MAR, A PAR" in text
    text = ask(judge, addr("FRANCE"), "ORDERS\n")
    assert "You have no valid orders for S1901M" in text


def test_gm_status_shows_who_is_missing(judge: Judge) -> None:
    judge.send(addr("FRANCE"), HOLD_ALL["FRANCE"])
    text = ask(judge, GM, "STATUS\n")
    waiting = [p for p in POWERS if p != "FRANCE"]
    assert f"Waiting for orders from: {', '.join(waiting)}" in text


def test_a_second_orders_mail_replaces_only_the_units_it_orders(judge: Judge) -> None:
    """The ruling: a mail's order for a unit replaces that unit's order; others stand."""
    ask(judge, addr("FRANCE"), "A PAR - BUR\nA MAR - SPA\n")
    text = ask(judge, addr("FRANCE"), "F BRE - MAO\nA PAR - PIC\n")
    assert "Orders for S1901M (version 2):\n  A MAR - SPA\n  F BRE - MAO\n  A PAR - PIC\n" \
        in text
    assert "Replaced by this mail: A PAR - BUR" in text
    assert "Still without orders" not in text
    text = ask(judge, addr("FRANCE"), "ORDERS\n")
    assert "A MAR - SPA" in text and "A PAR - PIC" in text and "A PAR - BUR" not in text

    judge.send(GM, "PROCESS\n")
    judge.tick()
    results = body(judge.to(addr("FRANCE"), judge.new_mail())[-1])
    assert "F BRE - MAO" in results and "A MAR - SPA" in results and "A PAR - PIC" in results
    assert "A PAR - BUR" not in results
    assert "(processed by the game master)" in results  # as early processing says its own


def test_invalid_lines_are_listed_with_line_number_and_reason(judge: Judge) -> None:
    subject, text = reply_to(judge, addr("FRANCE"),
                             "A PAR - BUR\nA PAR - MUN\nF BRE - PAR\nA XYZ - BUR\n")
    assert subject == "[g] Errors in your mail"
    assert "Orders for S1901M (version 1):\n  A PAR - BUR\n" in text
    assert "Not accepted:" in text
    assert "line 2: A PAR - MUN\n    -> A PAR - MUN: not adjacent" in text
    assert "line 3: F BRE - PAR\n    -> fleets cannot move inland: PAR" in text
    assert "line 4: A XYZ - BUR\n    -> unknown province 'XYZ'" in text
    assert "Still without orders: F BRE, A MAR" in text


def test_history(judge: Judge) -> None:
    assert "No past results yet." in ask(judge, addr("FRANCE"), "HISTORY\n")
    play_spring(judge)

    text = ask(judge, addr("ENGLAND"), "HISTORY\n")
    assert "=== Spring 1901 Movement ===" in text
    assert "A PAR - BUR" in text and "A MUN - RUH" in text
    assert "Supply centres and units:" in text
    assert "--- For" not in text  # the public results only, nobody's private part

    text = ask(judge, addr("ENGLAND"), "HISTORY s1901m\n")
    assert "=== Spring 1901 Movement ===" in text and "A PAR - BUR" in text
    assert "No past results for F1901M." in ask(judge, addr("ENGLAND"), "HISTORY F1901M\n")


# --- the GM's commands by mail -----------------------------------------------------------


def test_gm_process_processes_on_the_next_tick(judge: Judge) -> None:
    judge.send(addr("FRANCE"), "A PAR - BUR\n")
    judge.send(GM, "PROCESS\n")
    report = judge.tick()
    assert report.processed == ["g: S1901M processed (forced); next F1901M"]
    mails = judge.new_mail()
    assert "done: S1901M will be processed now" in body(judge.to(GM, mails)[0])
    results = body(judge.to(addr("FRANCE"), mails)[-1])
    assert "A PAR - BUR" in results
    assert "No orders received from: AUSTRIA, ENGLAND, GERMANY, ITALY, RUSSIA, TURKEY." \
        in results
    assert open_phase(judge).name == "F1901M"


def test_gm_process_does_not_wait_for_the_grace_period(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra="  grace: 6h\n"))
    judge.send(GM, "PROCESS\n")
    report = judge.tick()
    assert report.processed == ["g: S1901M processed (forced); next F1901M"]
    mails = judge.new_mail()
    assert not [m for m in mails if "Late for" in m["Subject"]]  # the GM knows already


def test_gm_mail_with_orders_ignores_them(judge: Judge) -> None:
    subject, text = reply_to(judge, GM, "A PAR - BUR\nSTATUS\n")
    assert subject == "[g] Errors in your mail"
    assert "The GM gives no unit orders; these lines were ignored:\n  line 1: A PAR - BUR" in text
    assert "Spring 1901 Movement" in text


def test_gm_extend_moves_the_deadline(judge: Judge) -> None:
    assert open_phase(judge).deadline_at == START + timedelta(hours=48)
    text = ask(judge, GM, "EXTEND 24h\n")
    assert "done: deadline of S1901M moved to Thu 5 Mar 2026 09:00 UTC" in text
    assert open_phase(judge).deadline_at == START + timedelta(hours=72)

    judge.clock.advance(hours=48)  # the old deadline
    assert judge.tick().processed == []
    judge.clock.advance(hours=24)
    assert judge.tick().processed == ["g: S1901M processed (deadline); next F1901M"]


def test_while_paused_every_mail_says_the_deadline_is_stopped(judge: Judge) -> None:
    """The stored deadline does not hold during a PAUSE (RESUME sets a new one from the
    time left), so an ack, STATUS and EXTEND name the time left, never the old date."""
    old = "Wed 4 Mar 2026 09:00"  # the deadline when the game was paused
    judge.clock.advance(hours=1)  # 47 hours left
    assert "done: game g paused" in ask(judge, GM, "PAUSE\n")
    judge.clock.advance(days=3)
    stopped = "stopped while the game is paused (1 day 23 hours left when it resumes)"
    ack = ask(judge, addr("FRANCE"), HOLD_ALL["FRANCE"])
    assert f"Deadline: {stopped}" in ack and old not in ack
    status = ask(judge, addr("FRANCE"), "STATUS\n")
    assert f"deadline {stopped}" in status and old not in status
    assert "S1901M will have 2 days 23 hours left when the game resumes" in ask(
        judge, GM, "EXTEND 24h\n")


def test_gm_extend_without_a_duration_is_refused(judge: Judge) -> None:
    subject, text = reply_to(judge, GM, "EXTEND\nEXTEND soon\n")
    assert subject == "[g] Errors in your mail"
    assert "line 1: EXTEND\n  refused: write it as EXTEND 24h" in text
    assert "line 2: EXTEND soon\n  refused: EXTEND needs a duration" in text
    assert open_phase(judge).deadline_at == START + timedelta(hours=48)


def test_gm_pause_and_resume(judge: Judge) -> None:
    judge.clock.advance(hours=1)  # 47 hours left
    assert "done: game g paused" in ask(judge, GM, "PAUSE\n")
    assert game_status(judge) == "paused"

    judge.clock.advance(days=5)  # far past the deadline and every reminder
    report = judge.tick()
    assert report.processed == [] and report.reminders == 0
    assert judge.new_mail() == []
    assert "refused: game g is paused; RESUME it first" in ask(judge, GM, "PROCESS\n")
    assert "refused: game g is paused, not active" in ask(judge, GM, "PAUSE\n")

    text = ask(judge, GM, "RESUME\n")
    assert "done: game g resumed" in text
    assert game_status(judge) == "active"
    resumed_at = judge.clock.now
    assert open_phase(judge).deadline_at == resumed_at + timedelta(hours=47)
    judge.clock.advance(hours=46, minutes=59)
    assert judge.tick().processed == []
    judge.clock.advance(minutes=1)
    assert judge.tick().processed == ["g: S1901M processed (deadline); next F1901M"]


def test_gm_rollback_replays_a_processed_phase(judge: Judge) -> None:
    play_spring(judge)
    assert open_phase(judge).name == "F1901M"

    text = ask(judge, GM, "ROLLBACK S1901M\n")
    assert "done: game g rolled back to S1901M; the orders that stood for it are kept" in text
    phase = open_phase(judge)
    assert phase.name == "S1901M"
    assert sorted(phase.state["units"]["FRANCE"]) == ["A MAR", "A PAR", "F BRE"]
    assert "A PAR" in ask(judge, addr("FRANCE"), "STATUS\n")

    # The orders sent before the rollback stand again until changed.
    text = ask(judge, addr("FRANCE"), "ORDERS\n")
    assert "A PAR - BUR" in text
    # The superseded results are no longer history.
    assert "No past results yet." in ask(judge, addr("FRANCE"), "HISTORY\n")

    # Played again differently: the results are mailed again, to everyone.
    for power in POWERS:
        judge.send(addr(power), HOLD_ALL[power], subject="[g] again")
    report = judge.tick()
    assert report.processed == ["g: S1901M processed (early); next F1901M"]
    results = [m for m in judge.new_mail() if "Spring 1901 Movement results" in m["Subject"]]
    assert sorted(m["To"] for m in results) == sorted([addr(p) for p in POWERS] + [GM])
    french = body(judge.to(addr("FRANCE"), results)[0])
    assert "A PAR H" in french and "A PAR - BUR" not in french
    history = ask(judge, addr("FRANCE"), "HISTORY\n")
    assert history.count("=== Spring 1901 Movement ===") == 1 and "A PAR H" in history


def test_gm_rollback_to_an_unknown_phase_is_refused(judge: Judge) -> None:
    text = ask(judge, GM, "ROLLBACK F1905M\nROLLBACK whenever\n")
    assert "refused: game g has no phase F1905M" in text
    assert "line 2: ROLLBACK whenever\n  refused:" in text
    assert open_phase(judge).name == "S1901M"


def test_gm_replace_hands_a_power_to_a_new_address(judge: Judge) -> None:
    judge.send(addr("FRANCE"), "A PAR - BUR\n")
    text = ask(judge, GM, "REPLACE FRANCE new@example.test\n")
    assert "done: FRANCE is now played by new@example.test" in text
    # Like a TAKEOVER newcomer, he reads the position and the orders he inherits.
    welcome = body(next(m for m in judge.outbox() if m["To"] == "new@example.test"))
    assert "You take over a seat of a game under way. The position now:" in welcome
    assert "FRANCE: 3 centres, 3 units" in welcome
    assert ("The orders standing for your power in Spring 1901 Movement (yours to change):\n"
            "  A PAR - BUR") in welcome
    assert "No phase has been played yet." in welcome

    text = ask(judge, "new@example.test", "ORDERS\n")
    assert "A PAR - BUR" in text  # the standing orders stay with the power
    text = ask(judge, "new@example.test", "A MAR - SPA\n")
    assert "Orders for S1901M (version 2):\n  A PAR - BUR\n  A MAR - SPA" in text

    judge.send(addr("FRANCE"), "A PAR - PIC\n")
    judge.tick()
    reply = judge.to(addr("FRANCE"), judge.new_mail())[0]
    assert reply["Subject"].startswith("Not accepted")
    assert "FRANCE" not in body(reply)

    judge.send(GM, "PROCESS\n")
    judge.tick()
    results = judge.new_mail()
    assert "--- For FRANCE only ---" in body(judge.to("new@example.test", results)[0])
    assert judge.to(addr("FRANCE"), results) == []


def test_gm_replace_errors(judge: Judge) -> None:
    text = ask(judge, GM, "REPLACE FRANCE\nREPLACE NARNIA x@example.test\n"
                          "REPLACE FRANCE england@example.test\nREPLACE FRANCE nobody\n")
    assert "line 1: REPLACE FRANCE\n  refused: write it as REPLACE" in text
    assert "refused: no active player 'NARNIA'" in text
    assert "refused: england@example.test already plays in game g" in text
    assert "refused: not an email address" in text


def test_a_player_cannot_use_gm_commands(judge: Judge) -> None:
    subject, text = reply_to(judge, addr("FRANCE"),
                             "PROCESS\nEXTEND 24h\nPAUSE\nROLLBACK S1901M\n"
                             "REPLACE FRANCE me@example.test\n")
    assert subject == "[g] Errors in your mail"
    for n, name in enumerate(("PROCESS", "EXTEND", "PAUSE", "ROLLBACK", "REPLACE"), 1):
        assert f"line {n}: {name}" in text
        assert f"refused: only the game master can use {name}" in text
    assert judge.tick().processed == []
    phase = open_phase(judge)
    assert phase.name == "S1901M" and phase.deadline_at == START + timedelta(hours=48)
    assert game_status(judge) == "active"
    # Orders in the same mail are still taken.
    text = ask(judge, addr("FRANCE"), "A PAR - BUR\nPROCESS\n")
    assert "A PAR - BUR" in text and "only the game master can use PROCESS" in text
    assert judge.tick().processed == []


# --- the same actions as CLI verbs -------------------------------------------------------

def test_cli_process(judge: Judge, cli: Cli) -> None:
    judge.send(addr("FRANCE"), "A PAR - BUR\n")
    judge.tick()
    result = cli("game", "process", "g")
    assert result.output.splitlines() == ["S1901M will be processed now",
                                          "g: S1901M processed (forced); next F1901M"]
    judge.tick()
    results = [m for m in judge.new_mail() if "results" in m["Subject"]]
    assert len(results) == 8
    assert "A PAR - BUR" in body(judge.to(addr("FRANCE"), results)[0])


def test_cli_extend(judge: Judge, cli: Cli) -> None:
    result = cli("game", "extend", "g", "2d")
    assert "deadline of S1901M moved to Fri 6 Mar 2026 09:00 UTC" in result.output
    assert open_phase(judge).deadline_at == START + timedelta(days=4)
    assert "EXTEND needs a duration" in cli("game", "extend", "g", "later", ok=False).output


def test_cli_pause_and_resume(judge: Judge, cli: Cli) -> None:
    assert "game g paused" in cli("game", "pause", "g").output
    judge.clock.advance(days=3)
    assert judge.tick().processed == []
    assert "is paused" in cli("game", "process", "g", ok=False).output
    assert "game g resumed" in cli("game", "resume", "g").output
    assert open_phase(judge).deadline_at == judge.clock.now + timedelta(hours=48)
    assert "is not paused" in cli("game", "resume", "g", ok=False).output


def test_cli_rollback(judge: Judge, cli: Cli) -> None:
    play_spring(judge)
    result = cli("game", "rollback", "g", "S1901M")
    assert "rolled back to S1901M" in result.output
    assert open_phase(judge).name == "S1901M"
    assert "no phase W1905A" in cli("game", "rollback", "g", "W1905A", ok=False).output


def test_cli_replace_and_unknown_game(judge: Judge, cli: Cli) -> None:
    assert "FRANCE is now played by new@example.test" in \
        cli("game", "replace", "g", "FRANCE", "new@example.test").output
    judge.tick()
    (welcome,) = judge.to("new@example.test", judge.new_mail())
    assert "You play France" in body(welcome) and "Your password: " in body(welcome)
    assert "Orders for S1901M" in ask(judge, "new@example.test", "A PAR H\n")
    assert "no game named 'nope'" in cli("game", "pause", "nope", ok=False).output
    assert "usage" in cli("game", "extend", "g", ok=False).output.lower()


def test_gm_declares_a_draw_and_the_game_ends(judge: Judge) -> None:
    play_spring(judge)
    # A player's DRAW is his vote for a draw (issue 24), no longer refused.
    text = ask(judge, addr("FRANCE"), "DRAW\n")
    assert "done: your vote for a draw of all survivors is recorded" in text
    assert game_status(judge) == "active"

    judge.send(GM, "DRAW\n", subject="[g] draw")
    judge.tick()
    mails = judge.new_mail()
    draws = [m for m in mails if "The game ends in a draw" in m["Subject"]]
    reply = next(m for m in judge.to(GM, mails) if m not in draws)
    assert "done: game g ends in a draw in F1901M: AUSTRIA, ENGLAND, FRANCE, GERMANY, " \
           "ITALY, RUSSIA, TURKEY" in body(reply)
    assert sorted(m["To"] for m in draws) == sorted([addr(p) for p in POWERS] + [GM])
    told = body(judge.to(addr("GERMANY"), draws)[0])
    assert "declared a draw in Fall 1901 Movement" in told
    assert "shared by the surviving powers: AUSTRIA, ENGLAND, FRANCE" in told
    assert "A BUR" in told  # the board as it stands
    assert game_status(judge) == "finished"
    # A player's later mail is answered with the end of the game, not "not registered".
    later = ask(judge, addr("FRANCE"), "A BUR H\n")
    assert later.startswith("The game is over.") and "declared a draw" in later
    assert "refused: game g is already over" in ask(judge, GM, "DRAW\n")
    judge.clock.advance(days=30)
    assert judge.tick().processed == []
