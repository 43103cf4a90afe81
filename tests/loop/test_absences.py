"""Players' absences (issue 24, item 2: ABSENCE, VACATION, BACK; docs/absences.md) through
the real pipeline on the local Maildir, on the judge's clock: a deadline that falls in an
absence moves past it and everybody is told; a phase opened during one gets a later
deadline; each limit of the game file refuses, naming its rule, and changes nothing.

The clock starts Mon 2 Mar 2026 09:00 UTC; S1901M's deadline is Wed 4 Mar 09:00 (48h),
reminders 24h and 4h before; absences take the defaults unless the test says otherwise
(14 days a year, at most 14 at once, one player away at a time, 24h after a return)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlalchemy import select

from gmbot.service.deadline.absences import honour
from gmbot.service.gm.load import load_game
from gmbot.service.runtime import current_phase, policy_of
from gmbot.service.views.results import deadline_text
from gmbot.store.models import Absence, Event, Game
from tests.loop.conftest import Cli
from tests.loop.judgekit import POWERS, Judge, make_judge, standard_game
from tests.loop.test_commands import GM, HOLD_ALL, addr, ask, body, open_phase

WED = "Wed 4 Mar 2026 09:00 UTC"  # S1901M's own deadline


def judge_with(tmp_path: Path, absences: str = "", extra: str = "") -> Judge:
    section = f"absences: {{{absences}}}\n" if absences else ""
    return make_judge(tmp_path, standard_game(extra=section + extra))


def deadline(judge: Judge) -> str:
    phase = open_phase(judge)
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        return f"{phase.name} {deadline_text(policy_of(game), phase.deadline_at)}"


def absences(judge: Judge) -> list[tuple[str, str, str]]:
    with judge.app.db.transaction() as s:
        return [(a.power, f"{a.starts_at:%d %H:%M}", f"{a.until:%d %H:%M}")
                for a in s.scalars(select(Absence).order_by(Absence.id))]


def events(judge: Judge, kind: str) -> list[dict[str, object]]:
    with judge.app.db.transaction() as s:
        return [e.data for e in s.scalars(select(Event).where(Event.kind == kind)
                                          .order_by(Event.id))]


def announced(judge: Judge, word: str) -> dict[str, str]:
    """The mails sent so far whose subject has `word`: recipient -> body."""
    return {m["To"]: body(m) for m in judge.outbox() if word in m["Subject"]}


# --- the deadline moves, and everybody is told ---------------------------------------------


def test_a_vacation_over_the_deadline_moves_it_and_everybody_is_told(tmp_path: Path) -> None:
    judge = judge_with(tmp_path, extra="observers: [watcher@example.test]\n")
    reply = ask(judge, addr("FRANCE"), "VACATION 3 days\n")
    assert ("done: FRANCE absent from Mon 2 Mar 2026 09:00 UTC to Thu 5 Mar 2026 09:00 UTC "
            "(3 days; 11 days left for 2026); the deadline of S1901M moved to "
            "Fri 6 Mar 2026 09:00 UTC; 7 players told") in reply
    assert deadline(judge) == "S1901M Fri 6 Mar 2026 09:00 UTC"  # the end, and a day to order
    judge.tick()
    told = announced(judge, "Absence")
    assert sorted(told) == sorted([*(addr(p) for p in POWERS), "watcher@example.test"])
    italy = [m for m in judge.outbox() if m["To"] == addr("ITALY") and "Absence" in m["Subject"]]
    assert italy[0]["Subject"] == "[g] Absence: FRANCE, 3 days"
    assert ("FRANCE will be away in game g from Mon 2 Mar 2026 09:00 UTC to Thu 5 Mar 2026 "
            "09:00 UTC (3 days).") in told[addr("ITALY")]
    assert "it is now Fri 6 Mar 2026 09:00 UTC." in told[addr("ITALY")]
    assert "You will be away" in told[addr("FRANCE")]
    assert "You may still order while away" in told[addr("FRANCE")]
    assert "You receive the game's public mail as an observer;" in told["watcher@example.test"]
    assert events(judge, "absence_declared")[0]["who"] == "FRANCE"
    assert events(judge, "deadline_moved_for_absence")[0]["powers"] == ["FRANCE"]


def test_orders_and_a_vacation_in_one_mail_show_one_deadline(tmp_path: Path) -> None:
    """The ack is written before the mail's VACATION moves the deadline: it is written
    again then, so that the mail names only the deadline that holds."""
    judge = judge_with(tmp_path)
    reply = ask(judge, addr("FRANCE"), "VACATION 3 days\n" + HOLD_ALL["FRANCE"])
    assert "Deadline: Fri 6 Mar 2026 09:00 UTC" in reply
    assert WED not in reply
    assert "the deadline of S1901M moved to Fri 6 Mar 2026 09:00 UTC" in reply


def test_the_moved_deadline_is_when_the_phase_is_processed_and_not_before(
        tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    ask(judge, addr("FRANCE"), "VACATION 3 days\n")
    for power in POWERS:
        if power != "FRANCE":
            judge.send(addr(power), HOLD_ALL[power], subject="[g] orders")
    judge.clock.advance(hours=48)  # the phase's own deadline: Wed 09:00
    assert judge.tick().processed == []
    judge.clock.advance(hours=47, minutes=59)  # Fri 08:59
    assert judge.tick().processed == []
    judge.clock.advance(minutes=1)  # Fri 09:00: the moved deadline
    assert judge.tick().processed == ["g: S1901M processed (deadline); next F1901M"]


def test_no_reminder_goes_to_a_player_while_he_is_away(tmp_path: Path) -> None:
    # No time after the return: the deadline moves to the absence's end (Thu 09:00), so
    # the 24h reminder (Wed 09:00) falls in the absence.
    judge = judge_with(tmp_path, "after_return: 0h")
    ask(judge, addr("FRANCE"), "VACATION 3 days\n")
    assert deadline(judge) == "S1901M Thu 5 Mar 2026 09:00 UTC"
    judge.clock.advance(hours=48)
    judge.tick()
    reminded = sorted(m["To"] for m in judge.new_mail() if "Reminder" in m["Subject"]
                      or "reminder" in m["Subject"].lower())
    assert reminded == sorted(addr(p) for p in POWERS if p != "FRANCE")


def test_an_absent_player_may_still_order_and_a_phase_opened_in_his_absence_waits_for_him(
        tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    reply = ask(judge, addr("FRANCE"), "ABSENCE 2026-03-03 2026-03-07\n")
    # Tue 3 Mar 00:00 to the end of Sat 7 Mar; a day more: Mon 9 Mar 00:00.
    assert "FRANCE absent from Tue 3 Mar 2026 00:00 UTC to Sun 8 Mar 2026 00:00 UTC" in reply
    assert deadline(judge) == "S1901M Mon 9 Mar 2026 00:00 UTC"
    judge.clock.advance(hours=24)  # Tue 3 Mar, France away: he orders all the same
    for power in POWERS:
        judge.send(addr(power), HOLD_ALL[power], subject="[g] orders")
    # Early processing as ever, once everyone, the absent player too, has ordered.
    assert judge.tick().processed == ["g: S1901M processed (early); next F1901M"]
    # F1901M opened during the absence: its 48h deadline (Thu) moves past it.
    assert deadline(judge) == "F1901M Mon 9 Mar 2026 00:00 UTC"
    results = [m for m in judge.new_mail() if m["To"] == addr("ITALY")
               and "results" in m["Subject"]]
    assert "Deadline: Mon 9 Mar 2026 00:00 UTC." in body(results[0])
    assert [e["phase"] for e in events(judge, "deadline_moved_for_absence")] == \
        ["S1901M", "F1901M"]
    judge.clock.advance(days=5, hours=14, minutes=59)  # from Tue 09:00 to Sun 8 Mar 23:59
    assert judge.tick().processed == []
    judge.clock.advance(minutes=1)
    assert judge.tick().processed == ["g: F1901M processed (deadline); next S1902M"]


def test_an_absence_after_the_deadline_leaves_it_alone(tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    reply = ask(judge, addr("FRANCE"), "SET ABSENCE 20 Mar TO 22 Mar\n")
    assert ("done: FRANCE absent from Fri 20 Mar 2026 00:00 UTC to Mon 23 Mar 2026 00:00 UTC "
            "(3 days; 11 days left for 2026); 7 players told") in reply
    assert deadline(judge) == f"S1901M {WED}"
    judge.tick()
    assert "The deadline of S1901M is not affected." in announced(judge, "Absence")[addr("ITALY")]


# --- BACK ------------------------------------------------------------------------------------


def test_back_ends_the_absence_and_the_moved_deadline_stays(tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    ask(judge, addr("FRANCE"), "VACATION 3 days\n")
    judge.clock.advance(hours=24)
    reply = ask(judge, addr("FRANCE"), "BACK\n")
    assert ("done: FRANCE back; deadlines it moved stay where they are (they cost 2 days of "
            "the year's); 7 players told") in reply
    assert deadline(judge) == "S1901M Fri 6 Mar 2026 09:00 UTC"
    assert absences(judge) == [("FRANCE", "02 09:00", "03 09:00")]
    judge.tick()
    back = [m for m in judge.outbox() if m["To"] == addr("ITALY") and "Back" in m["Subject"]]
    assert back[0]["Subject"] == "[g] Back: FRANCE"
    assert "S1901M is due Fri 6 Mar 2026 09:00 UTC" in body(back[0])
    # The GM is told the deadline stays, and what he can do about it.
    hint = [m for m in judge.outbox() if m["To"] == GM and "back early" in m["Subject"]]
    assert [m["Subject"] for m in hint] == [
        "[g] FRANCE back early: the deadline of S1901M stays Fri 6 Mar 2026 09:00 UTC"]
    assert "you can process it earlier with PROCESS" in body(hint[0])
    assert "Absences" not in ask(judge, addr("ITALY"), "STATUS\n")
    # One day away, but the deadline moved two: those two are used, and France has 12
    # days left (11 after the new one).
    assert "(1 day; 11 days left for 2026)" in ask(judge, addr("FRANCE"),
                                                    "ABSENCE 2026-03-20 2026-03-20\n")
    assert "done: FRANCE absence called off" in ask(judge, addr("FRANCE"), "BACK\n")
    assert "refused: FRANCE has no absence running or to come" in ask(
        judge, addr("FRANCE"), "BACK\n")


def test_back_before_an_absence_begins_calls_it_off(tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    ask(judge, addr("FRANCE"), "ABSENCE 2026-03-20 2026-03-25\n")
    assert "done: FRANCE absence called off" in ask(judge, addr("FRANCE"), "BACK\n")
    judge.tick()  # it moved no deadline: nothing for the GM to do
    assert [m for m in judge.outbox() if m["To"] == GM and "back early" in m["Subject"]] == []
    # What was called off takes nothing of the year's days.
    assert "(1 day; 13 days left for 2026)" in ask(judge, addr("FRANCE"), "VACATION 1 day\n")


def test_calling_off_an_absence_keeps_the_cost_of_the_deadline_it_moved(tmp_path: Path) -> None:
    """The stall of issue 31: an absence just before the deadline, called off at once,
    moved the deadline 13 days for nothing; repeated, for ever. Now the move is what the
    absence costs, BACK gives none of it back, and when the year's days run out the
    deadline moves no further: 50 pairs in one mail, then a pair a mail, move it at most
    the 14 days a year the game allows."""
    judge = judge_with(tmp_path)
    start = open_phase(judge).deadline_at
    pair = "ABSENCE 2026-03-04 08:00 TO 2026-03-17 08:00\nBACK\n"
    reply = ask(judge, addr("FRANCE"), pair * 50)
    assert reply.count("done: FRANCE absent") == 1  # the days are gone after the first
    assert "refused: this absence takes 13 days of 2026, and FRANCE has 0 days left" in reply
    assert "they cost 14 days of the year's" in reply
    assert len(absences(judge)) == 1
    for _ in range(5):  # a short one just before each new deadline
        due = open_phase(judge).deadline_at
        hour = f"{due:%Y-%m-%d %H}"
        ask(judge, addr("FRANCE"), f"ABSENCE {hour[:10]} {int(hour[11:]) - 1:02d}:00 TO "
                                   f"{hour[:10]} {hour[11:]}:00\nBACK\n")
    deadline = open_phase(judge).deadline_at
    assert deadline is not None and start is not None
    moved = deadline - start
    assert moved <= timedelta(days=14)
    assert moved >= timedelta(days=13)  # the honest part of the first move stands
    assert len(events(judge, "deadline_moved_for_absence")) <= 6


# --- the limits ------------------------------------------------------------------------------


def test_the_yearly_budget_counts_every_absence_of_the_year(tmp_path: Path) -> None:
    judge = judge_with(tmp_path, "days_per_year: 5")
    assert "(3 days; 2 days left for 2026)" in ask(judge, addr("FRANCE"), "VACATION 3 days\n")
    judge.clock.advance(days=10)  # over: a new one may be declared
    reply = ask(judge, addr("FRANCE"), "VACATION 3 days\n")
    assert ("refused: this absence takes 3 days of 2026, and FRANCE has 2 days left of the 5 "
            "a player may be away a year (absences: days_per_year)") in reply
    assert "(2 days; 0 days left for 2026)" in ask(judge, addr("FRANCE"), "VACATION 2 days\n")
    assert len(absences(judge)) == 2
    # Another year, another budget: only the part of an absence in each year counts.
    reply = ask(judge, addr("ITALY"), "ABSENCE 2026-12-30 2027-01-02\n")
    assert "(4 days; 3 days left for 2026)" in reply


def test_each_refusal_names_its_rule_and_changes_nothing(tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    ask(judge, addr("FRANCE"), "VACATION 2 days\n")
    judge.tick()
    judge.new_mail()
    before = (deadline(judge), absences(judge))
    refusals = {
        "VACATION 15 days": "refused: 15 days is longer than an absence may last in this "
                            "game: 14 days (absences: max_length_days)",
        "ABSENCE 2026-03-10 2026-03-08": "refused: the absence ends before it starts",
        "ABSENCE 2026-02-01 2026-02-03": "refused: the absence is in the past",
        "ABSENCE 2026-03-01 2026-03-05": "refused: the absence starts in the past",
        "VACATION soon": "refused: not a date: 'soon'; ABSENCE 2026-12-20 2026-12-28",
        "ABSENCE 2026-02-30 2026-03-05": "refused: no such date: '2026-02-30'",
        "ABSENCE 2026-03-10 25:00 TO 2026-03-12": "refused: not a time of day: '25:00'",
    }
    for line, why in refusals.items():
        reply = ask(judge, addr("ITALY"), line + "\n")
        assert f"line 1: {line}\n  {why}" in reply, reply
    reply = ask(judge, addr("ITALY"), "VACATION 1 day\n")
    assert ("refused: 1 other player (FRANCE) will be away then, and this game allows 1 at "
            "once (absences: at_once)") in reply
    reply = ask(judge, addr("FRANCE"), "ABSENCE 2026-03-20 2026-03-21\n")
    assert ("refused: FRANCE already has an absence from Mon 2 Mar 2026 09:00 UTC to Wed 4 Mar "
            "2026 09:00 UTC: one at a time; BACK ends it") in reply
    assert "refused: write it as BACK, alone on its line" in ask(judge, addr("ITALY"),
                                                                  "BACK soon\n")
    assert (deadline(judge), absences(judge)) == before
    judge.tick()
    assert not [m for m in judge.new_mail() if "Absence" in m["Subject"]]


def test_a_game_may_allow_several_at_once_and_ask_for_notice(tmp_path: Path) -> None:
    judge = judge_with(tmp_path, "at_once: 2, notice_hours: 48")
    assert ("refused: this game asks for 48 hours' notice (absences: notice_hours): give the "
            "dates") in ask(judge, addr("FRANCE"), "VACATION 2 days\n")
    assert "refused: this game asks for 48 hours' notice" in ask(
        judge, addr("FRANCE"), "ABSENCE 2026-03-03 2026-03-05\n")
    assert "done: FRANCE absent" in ask(judge, addr("FRANCE"), "ABSENCE 2026-03-05 2026-03-06\n")
    assert "done: ITALY absent" in ask(judge, addr("ITALY"), "ABSENCE 2026-03-05 2026-03-06\n")
    assert "refused: 2 other players (FRANCE, ITALY) will be away then" in ask(
        judge, addr("RUSSIA"), "ABSENCE 2026-03-06 2026-03-08\n")
    # Two others overlapping it, but never together: only one at a time is away.
    assert "done: RUSSIA absent" in ask(judge, addr("RUSSIA"), "ABSENCE 2026-03-09 2026-03-10\n")
    assert "done: TURKEY absent" in ask(judge, addr("TURKEY"), "ABSENCE 2026-03-12 2026-03-13\n")
    assert "done: GERMANY absent" in ask(judge, addr("GERMANY"),
                                         "ABSENCE 2026-03-09 2026-03-13\n")


def test_a_game_without_absences_refuses_them(tmp_path: Path) -> None:
    judge = judge_with(tmp_path, "allowed: false")
    assert "refused: this game allows no absences (absences: allowed: false)" in ask(
        judge, addr("FRANCE"), "VACATION 2 days\n")
    assert absences(judge) == []


def test_no_absence_in_a_finished_game(tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    ask(judge, GM, "DRAW\n")
    assert "refused: game g is over" in ask(judge, GM, "ABSENCE FRANCE 2026-03-10 2026-03-12\n")
    assert "The game is over." in ask(judge, addr("FRANCE"), "VACATION 2 days\n")
    assert absences(judge) == []


def test_an_observer_cannot_declare_an_absence(tmp_path: Path) -> None:
    judge = judge_with(tmp_path, extra="observers: [watcher@example.test]\n")
    reply = ask(judge, "watcher@example.test", "VACATION 2 days\n")
    assert "this address is not registered in any game" in reply
    assert absences(judge) == [] and deadline(judge) == f"S1901M {WED}"


# --- the GM ----------------------------------------------------------------------------------


def test_the_gm_declares_an_absence_by_mail_and_sees_it_in_status(tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    reply = ask(judge, GM, "ABSENCE FRANCE 2026-03-04 08:00 TO 2026-03-05 18:00\nSTATUS\n")
    assert ("done: FRANCE absent from Wed 4 Mar 2026 08:00 UTC to Thu 5 Mar 2026 18:00 UTC "
            "(1.4 days; 11.6 days left for 2026); the deadline of S1901M moved to "
            "Fri 6 Mar 2026 18:00 UTC; 7 players told") in reply
    assert ("Absences (a deadline in one moves past it):\n  FRANCE to be away from Wed 4 Mar "
            "2026 08:00 UTC to Thu 5 Mar 2026 18:00 UTC") in reply
    # Players see absences too (absences are public by default, as in njudge).
    assert "FRANCE to be away from Wed 4 Mar" in ask(judge, addr("ITALY"), "STATUS\n")
    assert "refused: no active player '10' in game g; name a power" in ask(
        judge, GM, "VACATION 10 days\n")
    assert "refused: no active player 'PRUSSIA'" in ask(judge, GM, "BACK PRUSSIA\n")
    assert "done: FRANCE absence called off" in ask(judge, GM, "BACK FRANCE\n")


def test_private_absences_are_shown_to_the_gm_and_the_player_alone(tmp_path: Path) -> None:
    judge = judge_with(tmp_path, "public: false")
    ask(judge, addr("FRANCE"), "VACATION 3 days\n")
    judge.tick()
    told = announced(judge, "Absence")
    assert "FRANCE" not in told[addr("ITALY")] and "A player will be away" in told[addr("ITALY")]
    assert "Absences" not in ask(judge, addr("ITALY"), "STATUS\n")
    assert "FRANCE away from" in ask(judge, addr("FRANCE"), "STATUS\n")
    assert "FRANCE away from" in ask(judge, GM, "STATUS\n")
    assert "refused: 1 other player will be away then" in ask(
        judge, addr("ITALY"), "VACATION 1 day\n")


def test_the_command_line_lists_declares_and_ends_absences(judge: Judge, cli: Cli) -> None:
    assert "g: no absence running or to come" in cli("game", "absences", "g").output
    out = cli("game", "absence", "g", "france", "10", "days").output
    assert "FRANCE absent from Mon 2 Mar 2026 09:00 UTC to Thu 12 Mar 2026 09:00 UTC" in out
    assert "7 players told" in out
    assert cli("game", "absences", "g").output.startswith(
        "FRANCE from Mon 2 Mar 2026 09:00 UTC to Thu 12 Mar 2026 09:00 UTC (declared by the GM)")
    assert ("absence: FRANCE away from Mon 2 Mar 2026 09:00 UTC to Thu 12 Mar 2026 09:00 UTC"
            in cli("game", "status", "g").output)
    out = cli("game", "absence", "g", "italy", "1", "day", ok=False).output
    assert "(absences: at_once)" in out
    assert "FRANCE back" in cli("game", "back", "g", "FRANCE").output
    assert "(came back early)" in cli("game", "absences", "g", "--all").output
    judge.tick()
    assert sorted(announced(judge, "Absence")) == sorted(addr(p) for p in POWERS)


# --- the game file, and doing it twice --------------------------------------------------------


def test_a_wrongly_typed_limit_is_a_problem_naming_the_field(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(standard_game("bad", "absences: {days_per_year: lots, at_once: 0, "
                                  "after_return: soon, holidays: 3}\n"), encoding="utf-8")
    out = cli("game", "load", str(path), ok=False).output
    assert "absences.days_per_year: expected a whole number of at least 0" in out
    assert "absences.at_once: expected a whole number of at least 1" in out
    assert "absences.after_return: not a duration: 'soon'" in out
    assert "absences.holidays: unknown key 'holidays'" in out
    assert "Traceback" not in out


def test_moving_a_deadline_again_moves_it_once(tmp_path: Path) -> None:
    """A deadline is moved from the stored absences, never added to: the same use case run
    again (a restart after a crash, a reload of the game file) leaves it where it is."""
    judge = judge_with(tmp_path)
    ask(judge, addr("FRANCE"), "VACATION 3 days\n")
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        phase = current_phase(s, game)
        assert phase is not None
        assert honour(s, game, phase, judge.clock()) == []
    judge.reopen()
    assert deadline(judge) == "S1901M Fri 6 Mar 2026 09:00 UTC"
    assert len(events(judge, "deadline_moved_for_absence")) == 1


def test_a_resumed_game_keeps_its_deadline_out_of_an_absence(tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    ask(judge, GM, "PAUSE\n")
    # Paused, the clock is stopped: nothing to move yet.
    assert "moved" not in ask(judge, addr("FRANCE"), "VACATION 3 days\n")
    reply = ask(judge, GM, "RESUME\n")
    # 48h left would end Wed 09:00, in the absence: past its end, and a day more.
    assert "deadline Fri 6 Mar 2026 09:00 UTC" in reply
    assert deadline(judge) == "S1901M Fri 6 Mar 2026 09:00 UTC"


def test_new_deadline_rules_from_the_game_file_keep_absences(tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    ask(judge, addr("FRANCE"), "VACATION 3 days\n")
    path = tmp_path / "game.yaml"
    path.write_text(standard_game().replace("movement: 48h", "movement: 72h"), encoding="utf-8")
    load_game(judge.app, path)
    # 72h from the opening is Thu 09:00, the absence's end: a day more.
    assert deadline(judge) == "S1901M Fri 6 Mar 2026 09:00 UTC"


def test_a_phase_reopened_by_rollback_keeps_its_deadline_out_of_an_absence(
        tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    for power in POWERS:
        judge.send(addr(power), HOLD_ALL[power], subject="[g] orders")
    judge.tick()
    assert deadline(judge).startswith("F1901M")
    ask(judge, addr("FRANCE"), "ABSENCE 2026-03-03 2026-03-05\n")  # to Fri 6 Mar 00:00
    assert "done: game g rolled back to S1901M" in ask(judge, GM, "ROLLBACK S1901M\n")
    # Reopened now with 48h (Wed 09:00), in the absence: past its end, and a day more.
    assert deadline(judge) == "S1901M Sat 7 Mar 2026 00:00 UTC"


def test_the_gms_extend_never_puts_the_deadline_in_an_absence(tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    # France is away Thu 5 to Sat 7 Mar (dates included): EXTEND 24h would put the
    # deadline on Thu 5 Mar 09:00, inside it; it moves past the absence instead.
    assert "done" in ask(judge, addr("FRANCE"), "ABSENCE 2026-03-05 2026-03-07\n")
    assert deadline(judge) == f"S1901M {WED}"
    reply = ask(judge, GM, "EXTEND 24h\n")
    assert "done: deadline of S1901M moved to" in reply
    phase = open_phase(judge)
    [(_, start, until)] = absences(judge)
    assert f"{phase.deadline_at:%d %H:%M}" >= until
    assert [e["powers"] for e in events(judge, "deadline_moved_for_absence")] == [["FRANCE"]]


def test_the_gms_commands_that_need_a_running_game_are_refused_once_it_is_over(
        tmp_path: Path) -> None:
    judge = judge_with(tmp_path)
    ask(judge, GM, "DRAW\n")
    welcomed = len(judge.outbox())
    reply = ask(judge, GM, "EXTEND 24h\nREPLACE FRANCE new@example.test\nPROCESS\nPAUSE\n")
    for n, word in enumerate(["EXTEND 24h", "REPLACE FRANCE new@example.test", "PROCESS"]):
        assert f"line {n + 1}: {word}\n  refused: game g is over; ROLLBACK reopens it" in reply
    assert "line 4: PAUSE\n  refused: game g is finished, not active" in reply
    assert len(judge.outbox()) == welcomed + 1  # the GM's answer only: no one else told
    assert events(judge, "deadline_extended") == events(judge, "player_replaced") == []
    assert events(judge, "process_requested") == []
