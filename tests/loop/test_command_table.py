"""The command table is the one place a mail command is declared: a row added to (a copy
of) it is read by the parser, dispatched to its handler, titled, listed in HELP and offered
by "did you mean", through the real pipeline on the local Maildir."""

from __future__ import annotations

from datetime import datetime

import pytest

from gmbot.service.gm.errors import AdminError
from gmbot.service.inbound.commands import table
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.commands.parse import near_command, parse_request
from gmbot.service.inbound.commands.table import Row, Table, Who
from tests.loop.judgekit import Judge, body

FRANCE = "france@example.test"
GM = "gm@example.test"


def weather(ctx: Context, args: tuple[str, ...]) -> None:
    ctx.sections.append(f"Sunny over {ctx.game.name}" + (f" in {args[0]}." if args else "."))


def nudge(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    if args[0] == "NOBODY":
        raise AdminError("nobody plays NOBODY")
    return f"{args[0]} nudged at {now:%H:%M}"


WEATHER = Row("WEATHER", Who.ANYONE, explains="the weather over the board", title="Weather",
              answer=weather)
NUDGE = Row("NUDGE", Who.GM, act=nudge, synopsis="NUDGE FRANCE", least=1, most=1)


@pytest.fixture
def grown(monkeypatch: pytest.MonkeyPatch) -> Table:
    """The judge's command table with two rows more: a question and a GM's action."""
    bigger = Table((*table.TABLE.rows, WEATHER, NUDGE))
    monkeypatch.setattr(table, "TABLE", bigger)
    return bigger


def reply(judge: Judge, sender: str, text: str) -> tuple[str, str]:
    judge.send(sender, text, subject="[g] mail")
    judge.tick()
    [answer] = judge.to(sender, judge.new_mail())
    return str(answer["Subject"]), body(answer).replace("\r\n", "\n")


def test_without_its_row_a_word_is_no_command(judge: Judge) -> None:
    assert parse_request(["WEATHER"]).commands == []
    assert near_command("WAETHER") is None
    _, text = reply(judge, GM, "HELP\n")
    assert "WEATHER" not in text and "NUDGE" not in text


def test_a_question_is_one_handler_and_one_row(judge: Judge, grown: Table) -> None:
    [command] = parse_request(["WEATHER Paris"]).commands
    assert (command.name, command.args) == ("WEATHER", ("Paris",))
    # Dispatched to its handler, once per way it is asked; titled when alone.
    subject, text = reply(judge, FRANCE, "WEATHER\nWEATHER\nWEATHER Paris\n")
    assert subject == "[g] Weather"
    assert text.count("Sunny over g.") == 1 and "Sunny over g in Paris." in text
    # The GM may ask it too (Who.ANYONE).
    assert "Sunny over g." in reply(judge, GM, "WEATHER\n")[1]
    # HELP lists it after the others, as the row says.
    _, text = reply(judge, FRANCE, "HELP\n")
    assert "  HELP: this text\n  WEATHER: the weather over the board\n" in text
    # "Did you mean" offers it.
    assert near_command("WAETHER") == "WEATHER"
    _, text = reply(judge, FRANCE, "WAETHER\n")
    assert "did you mean WEATHER?" in text


def test_an_action_is_one_handler_and_one_row(judge: Judge, grown: Table) -> None:
    _, text = reply(judge, GM, "NUDGE FRANCE\nNUDGE\nNUDGE NOBODY\n")
    assert "line 1: NUDGE FRANCE\n  done: FRANCE nudged at 09:00" in text
    assert "line 2: NUDGE\n  refused: write it as NUDGE FRANCE" in text  # its usage
    assert "line 3: NUDGE NOBODY\n  refused: nobody plays NOBODY" in text
    # HELP lists it with the GM's commands, and "did you mean" offers it to the GM only.
    _, text = reply(judge, GM, "HELP\n")
    assert "GM commands: PROCESS, EXTEND 24h," in text
    assert ", NUDGE FRANCE, DRAW [AUSTRIA ENGLAND]\n" in text  # the game's powers
    assert "did you mean NUDGE?" in reply(judge, GM, "NUGDE\n")[1]
    assert near_command("NUGDE") is None and near_command("NUGDE", gm=True) == "NUDGE"
    # A player may not use it (Who.GM), nor does his HELP list it.
    subject, text = reply(judge, FRANCE, "NUDGE FRANCE\n")
    assert subject == "[g] Errors in your mail"
    assert "refused: only the game master can use NUDGE" in text
    assert "NUDGE" not in reply(judge, FRANCE, "HELP\n")[1]


def test_a_row_is_checked_as_it_is_made() -> None:
    with pytest.raises(ValueError, match="HELP must say"):
        Row("SHRUG", Who.PLAYER, answer=weather)
    with pytest.raises(ValueError, match="two rows"):
        Table((*table.TABLE.rows, Row("HELP", Who.ANYONE, explains="again", answer=weather)))


def test_every_rows_handler_is_a_function_of_its_module() -> None:
    """The table names its handlers by module and name, imported at their first call:
    each names a function that exists (a misspelt one would fail only when a mail asks)."""
    named = [h for row in table.TABLE.rows for h in (row.answer, row.act, row.gm_act)
             if isinstance(h, table.Handler)]
    assert len(named) > 30
    for handler in named:
        assert callable(handler.resolve()), handler.where
    misspelt = table.Handler("info:no_such_command")
    with pytest.raises(AttributeError):
        misspelt.resolve()
