"""An outside program holds a seat of every kind of game through `gmbot bot-mail` (issue
35, item 4: "any external agent can play every variant without a new protocol"): in its
own processes it asks for HELP and RULES and reads the same answers a human gets, the
variant's own, word for word the mail a human at its address gets; and the orders it
sends on the channel (a legal line for each unit: the test picks them from the engine's
listing) are acknowledged as any player's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gmbot.engine.legal import legal_orders
from gmbot.service.runtime import current_phase, rules_for, state_of
from gmbot.store.models import Game
from gmbot.variants import example_text
from tests.loop.judgekit import Judge, make_judge
from tests.loop.test_bot_seats_variants import KINDS, SEAT
from tests.loop.test_outside_bot import PROGRAM, TOKEN, body, run


def channel(judge: Judge, *args: str, stdin: str = "") -> str:
    """`gmbot bot-mail ARGS` in a process of its own, as the program runs it."""
    return run(judge, "-m", "gmbot", "--home", str(judge.home), "bot-mail", *args,
               stdin=stdin).stdout


@pytest.mark.parametrize("kind", KINDS)
def test_an_outside_program_reads_help_and_rules_and_orders_in_every_kind_of_game(
        tmp_path: Path, kind: str) -> None:
    text = example_text(kind)
    first = next(SEAT.finditer(text))
    power = first.group(1)
    seat = re.sub(r"address: [^,]+", f"address: {PROGRAM}", first.group(0), count=1)
    seat = re.sub(r", password: [^,}]+", "", seat).replace("}", f", password: {TOKEN}}}", 1)
    judge = make_judge(tmp_path, text.replace(first.group(0), seat, 1))
    game = re.search(r"^name: (\S+)", text, re.MULTILINE)
    assert game is not None
    name = game.group(1)
    channel(judge, "send", name, power, "--no-worker", stdin="HELP\nRULES\n")
    judge.tick()
    mails = [json.loads(line) for line in channel(judge, "read", name, power)
             .splitlines()]
    [helped] = [m for m in mails if m["subject"] == f"[{name}] Help, Rules"]
    assert helped["body"].startswith(f"How to use this judge ({name}), a game of ")
    # Word for word the mail a human at that address gets.
    [mailed] = [m for m in judge.to(PROGRAM) if m["Subject"] == helped["subject"]]
    assert " ".join(body(mailed).split()) == " ".join(helped["body"].split())
    # Orders read off the position, sent on the channel: acknowledged as a player's.
    with judge.app.db.transaction() as s:
        row = s.query(Game).filter_by(name=name).one()
        rules = rules_for(row)
        phase = current_phase(s, row)
        assert phase is not None
        legal = legal_orders(state_of(row, phase, rules), rules, power)
    lines = [units[0] for units in legal.units.values() if units] or legal.other[:1]
    assert lines, f"{power} has nothing to order in {kind}"
    channel(judge, "send", name, power, "--no-worker", stdin="\n".join(lines) + "\n")
    judge.tick()
    [ack] = [json.loads(line) for line in channel(judge, "read", name, power, "--after",
                                                   str(mails[-1]["id"])).splitlines()]
    assert "Errors" not in ack["subject"], ack
    for line in lines:
        assert line.split()[0] in ack["body"]
