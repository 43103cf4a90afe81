"""Every command of the command table with every other in one mail, through the real
pipeline on the local Maildir: from a player and from the GM, each mail is answered (a
reply to it, in its thread), none fails, and `gmbot tick` reports no error. A first
command that changes the game (RESIGN, the GM's DRAW, PROCESS...) gets a fresh game for
each sender, so that every second command is tried after it."""

from __future__ import annotations

import email
from pathlib import Path

import pytest

from gmbot.service.inbound.commands.table import TABLE, Who
from tests.loop.judgekit import POWERS, Judge, make_judge, standard_game

GM = "gm@example.test"

# A line of each command, as a player or the GM writes it; {me} is the sender's power.
LINES = {
    "ORDERS": "ORDERS", "CLEAR": "CLEAR", "STATUS": "STATUS", "HISTORY": "HISTORY",
    "BALANCE": "BALANCE", "NEWPASSWORD": "NEWPASSWORD", "RULES": "RULES",
    "PROVINCES": "PROVINCES", "WAIT": "WAIT", "READY": "READY",
    "ABSENCE": "ABSENCE {me} 2030-01-10 2030-01-12", "VACATION": "VACATION 2 days",
    "BACK": "BACK", "LIST": "LIST", "JOIN": "JOIN {game}", "OBSERVE": "OBSERVE {game}",
    "TAKEOVER": "TAKEOVER {game} {me}", "RESIGN": "RESIGN {me}", "VOTE": "VOTE DRAW",
    "DRAW": "DRAW", "CONCEDE": "CONCEDE {me}", "SET": "SET DRAW", "SUMMARY": "SUMMARY",
    "HELP": "HELP", "PROCESS": "PROCESS", "EXTEND": "EXTEND 24h", "PAUSE": "PAUSE",
    "RESUME": "RESUME", "ROLLBACK": "ROLLBACK S1901M",
    "REPLACE": "REPLACE {me} new-{low}@example.test", "APPROVE": "APPROVE {game} x@example.test",
    "REJECT": "REJECT {game} x@example.test", "DISORDER": "DISORDER {me}",
    "EXPLAIN": "EXPLAIN A PAR", "ADD": "ADD BOT {me}", "REMOVE": "REMOVE BOT {me}",
}
NAMES = [row.name for row in TABLE.rows]


def line(name: str, power: str, game: str = "g") -> str:
    return LINES[name].format(me=power, low=power.lower(), game=game)


def test_every_command_has_a_line_here() -> None:
    assert sorted(LINES) == sorted(NAMES)


def mail_pairs(judge: Judge, first: str, seconds: list[str],
               senders: list[tuple[str, str]], game: str = "g") -> None:
    """Each sender mails `first` then one of `seconds` (in turn); each mail answered."""
    sent = []
    for (address, power), second in zip(senders, seconds, strict=False):
        text = f"{line(first, power, game)}\n{line(second, power, game)}\n"
        judge.send(address, text, subject=f"[{game}] {first} {second}")
        sent.append((newest_id(judge), text))
    report = judge.tick()
    assert not report.errors, report.errors
    assert [m.status for m in report.mails if m.status == "failed"] == [], report.lines()
    answered = {str(m["In-Reply-To"]) for m in judge.new_mail() if m["In-Reply-To"]}
    for ident, text in sent:
        assert ident in answered, f"no answer to {text!r}"


def newest_id(judge: Judge) -> str:
    """The Message-ID of the mail just delivered into the judge's inbox."""
    newest = max((judge.home / "mail/inbox/new").iterdir(), key=lambda p: p.name)
    return str(email.message_from_bytes(newest.read_bytes())["Message-ID"])


def senders_for(first: str) -> list[tuple[str, str]]:
    """The senders of one game: each power (RESIGN ends a seat) and, for a GM's first
    command, the GM naming each power."""
    if TABLE.by_name[first].who is Who.GM:
        return [(GM, p) for p in POWERS]
    return [(f"{p.lower()}@example.test", p) for p in POWERS]


@pytest.mark.parametrize("first", NAMES)
def test_each_command_then_each_other_in_one_mail(tmp_path: Path, first: str) -> None:
    senders = senders_for(first)
    for n, start in enumerate(range(0, len(NAMES), len(senders))):
        # A game of its own for each home: on PostgreSQL a test's homes share a database.
        game = f"g{n}"
        judge = make_judge(tmp_path / str(n),
                           standard_game(name=game, extra="nmr: civil_disorder\n"))
        mail_pairs(judge, first, NAMES[start:start + len(senders)], senders, game)
        if TABLE.by_name[first].who is not Who.GM:  # ... and the GM's too, in one mail
            mail_pairs(judge, first, NAMES[start:start + len(senders)],
                       [(GM, p) for p in POWERS], game)
