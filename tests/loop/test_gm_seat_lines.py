"""The GM reads a game's open seats (civil disorder) and its pending sign-up requests in
the same lines by mail (STATUS) and on the command line (`gmbot game status NAME` and
`gmbot game show NAME`), through the real Maildir pipeline."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.loop.conftest import Cli
from tests.loop.joinkit import GM, ask, join, signup_game
from tests.loop.judgekit import Judge, body, make_judge, standard_game

# On PostgreSQL too (CONTRIBUTING.md): the GM's listings of seats and sign-ups.
pytestmark = pytest.mark.dialect(
    "gmbot.service.console.games",
    "gmbot.service.inbound.commands.joining",
)

SIGNUP = "Game open is open for sign-up: 6 of 7 seats free"
ASKED = "  ann@example.org: JOIN FRANCE, not yet confirmed by its sender"
APPROVE = "  bob@example.org: JOIN, confirmed, awaiting your approval (APPROVE or REJECT)"


@pytest.fixture
def judge(tmp_path: Path, request: pytest.FixtureRequest) -> Judge:
    if request.node.name.startswith("test_signup"):
        return make_judge(tmp_path, signup_game(signup="{seats: 7, approval: true}"))
    return make_judge(tmp_path, standard_game(extra="nmr: {after: 1}\n"))


def gm_status(judge: Judge, game: str) -> str:
    judge.send(GM, "STATUS\n", subject=f"[{game}] status")
    judge.tick()
    [reply] = judge.to(GM, judge.new_mail())
    return body(reply).replace("\r\n", "\n")


def test_signup_requests_pending_in_status_by_mail_and_on_the_command_line(
        judge: Judge, cli: Cli) -> None:
    ask(judge, "ann@example.org", "JOIN open FRANCE\n")  # asked, never confirmed
    join(judge, "bob@example.org", "JOIN open")  # confirmed: the GM's turn
    join(judge, "cyd@example.org", "JOIN open")
    judge.send(GM, "APPROVE open cyd@example.org\n", subject="[open] approve")
    judge.tick()
    judge.new_mail()
    by_mail = gm_status(judge, "open")
    assert SIGNUP in by_mail and "Pending sign-up requests:\n" + ASKED + "\n" + APPROVE \
        in by_mail
    assert "cyd@example.org" not in by_mail  # seated: no longer pending
    for verb in ("status", "show"):
        out = cli("game", verb, "open").output
        assert SIGNUP in out and ASKED in out and APPROVE in out, out
        assert "cyd@example.org" not in out
    # The requests are the GM's: a stranger's LIST names nobody.
    assert "ann@example.org" not in body(ask(judge, "dee@example.org", "LIST\n"))


def test_open_seats_in_status_by_mail_and_on_the_command_line(judge: Judge, cli: Cli) -> None:
    judge.clock.advance(hours=49)  # nobody ordered: after one phase, all in civil disorder
    judge.tick()
    judge.new_mail()
    line = "  FRANCE: open seat, in civil disorder (not waited for)"
    assert line in gm_status(judge, "g")
    for verb in ("status", "show"):
        assert line in cli("game", verb, "g").output.splitlines()
    shown = cli("game", "show", "g", "--json").output
    assert '"seats": [' in shown and line.strip() in shown
    assert "Pending sign-up requests" not in cli("game", "status", "g").output
