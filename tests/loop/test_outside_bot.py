"""An outside program holding a seat through the documented local channel, `gmbot
bot-mail` (issue 35, item 4), in its own process (tests/loop/outside_player.py): it reads
the same mails a human gets and answers them as mail, which goes through the spool and the
whole pipeline; it speaks MILA's order strings as JSON lines; and a token that does not
open the seat reads and sends nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.store.models import Event
from gmbot.store.outbox import Outbound
from tests.loop.judgekit import REPO, Judge, make_judge, standard_game
from tests.loop.judgekit import body as crlf_body

# On PostgreSQL too (CONTRIBUTING.md): the bot channel's queries.
pytestmark = pytest.mark.dialect(in_subprocess=("gmbot.service.correspondent.channel",))

PROGRAM = "program@example.test"
TOKEN = "outside-program-token"


def body(msg: EmailMessage) -> str:
    return crlf_body(msg).replace("\r\n", "\n")


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    text = standard_game().replace(
        "{address: france@example.test, power: FRANCE}",
        f"{{address: {PROGRAM}, power: FRANCE, password: {TOKEN}}}")
    return make_judge(tmp_path, text)


def run(judge: Judge, *args: str, token: str = TOKEN, stdin: str = "",
        ok: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "GMBOT_SEAT_TOKEN": token}
    done = subprocess.run([sys.executable, *args], input=stdin, text=True, env=env,
                          capture_output=True, cwd=REPO, timeout=120)
    assert (done.returncode == 0) == ok, done.stderr + done.stdout
    return done


def program(judge: Judge, *more: str) -> str:
    return run(judge, str(REPO / "tests/loop/outside_player.py"), str(judge.home), "g",
               "FRANCE", *more).stdout


def test_an_outside_program_plays_its_seat_by_mail(judge: Judge) -> None:
    mails = [json.loads(line) for line in run(
        judge, "-m", "gmbot", "--home", str(judge.home), "bot-mail", "read", "g",
        "FRANCE").stdout.splitlines()]
    assert [m["subject"] for m in mails] == ["[g] Welcome: you play France"]
    # A welcome holding the password is not kept once sent: the program asks STATUS.
    assert "not kept" in mails[0]["body"]
    assert "asked for STATUS" in program(judge)
    judge.tick()  # the spooled mail, through the pipeline
    [status] = judge.to(PROGRAM, judge.new_mail())
    assert "FRANCE: 3 centres, 3 units" in body(status)
    assert "answered mail" in program(judge)
    judge.tick()
    [ack] = judge.to(PROGRAM, judge.new_mail())
    assert "A PAR H" in body(ack) and "F BRE H" in body(ack)
    assert ack["Subject"].startswith("[g]")
    judge.send("gm@example.test", "PROCESS", subject="[g]")
    judge.tick()
    results = [m for m in judge.to(PROGRAM, judge.new_mail()) if "results" in m["Subject"]]
    assert results and "FRANCE:\n  A MAR H: succeeds" in body(results[0])
    later = run(judge, "-m", "gmbot", "--home", str(judge.home), "bot-mail", "read", "g",
                "FRANCE", "--after", str(mails[-1]["id"] + 1)).stdout
    assert "Spring 1901 Movement results" in later  # it reads the results a human gets


def test_an_outside_program_speaks_mila_json_lines(judge: Judge) -> None:
    verdict = json.loads(program(judge, "--mila"))
    assert verdict["phase"] == "S1901M" and verdict["rejected"] == [] and verdict["sent"]
    assert len(verdict["accepted"]) == 3
    judge.tick()
    [ack] = judge.to(PROGRAM, judge.new_mail())
    for order in verdict["accepted"]:
        assert order in body(ack)


def test_mila_lines_are_read_as_mila_writes_them(judge: Judge) -> None:
    talk = run(judge, "-m", "gmbot", "--home", str(judge.home), "bot-mail", "mila", "g",
               "FRANCE", "--no-worker", stdin="\n".join([
                   json.dumps({"get": "phase"}),
                   json.dumps({"orders": ["A PAR - BUR", "F BRE - MAO", "A MAR S A PAR - BUR",
                                          "A MUN - BUR"]}),
                   "not json", json.dumps({"orders": "A PAR H"})]) + "\n").stdout
    phase, verdict, junk, wrong = map(json.loads, talk.splitlines())
    assert phase["units"]["FRANCE"] == ["A MAR", "A PAR", "F BRE"]
    assert "A PAR - BUR" in phase["possible_orders"]["PAR"]
    assert verdict["accepted"] == ["A PAR - BUR", "F BRE - MAO", "A MAR S A PAR - BUR"]
    assert [line for line, _ in verdict["rejected"]] == ["A MUN - BUR"]
    assert "error" in junk and "expected" in wrong["error"]


def test_a_wrong_token_opens_nothing(judge: Judge) -> None:
    gmbot = ["-m", "gmbot", "--home", str(judge.home), "bot-mail"]
    read = run(judge, *gmbot, "read", "g", "FRANCE", token="guess", ok=False)
    assert "the token does not open FRANCE's seat in game g" in read.stderr
    # France's token used for another seat: refused, nothing spooled.
    sent = run(judge, *gmbot, "send", "g", "ENGLAND", "--no-worker", stdin="F LON H\n",
               ok=False)
    assert "does not open ENGLAND's seat" in sent.stderr
    with judge.app.db.transaction() as s:
        england = s.scalars(select(Outbound.id).where(
            Outbound.recipient == "england@example.test")).first()
    other = run(judge, *gmbot, "send", "g", "FRANCE", "--reply-to", str(england),
                "--no-worker", stdin="F BRE H\n", ok=False)
    assert "was not sent to FRANCE's seat" in other.stderr
    mila = run(judge, *gmbot, "mila", "g", "GERMANY", "--no-worker",
               stdin=json.dumps({"get": "phase"}) + "\n")
    assert "does not open GERMANY's seat" in json.loads(mila.stdout)["error"]
    spooled = judge.app.config.spool / "new"
    assert not spooled.exists() or not any(spooled.iterdir())
    with judge.app.db.transaction() as s:
        refused = [e.data["power"] for e in s.scalars(
            select(Event).where(Event.kind == "bot_channel_refused").order_by(Event.id))]
    assert refused == ["FRANCE", "ENGLAND", "FRANCE", "GERMANY"]
