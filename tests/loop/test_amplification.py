"""No mail buys a reply much larger than a useful one, nor replies without end: a mail of
junk lines gets a short acknowledgement, a flood in the GM's name meets a (high) limit,
and strangers get one short refusal a day that never repeats their subject, under a cap
for all strangers together. Through the real pipeline on the local Maildir."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from sqlalchemy import select

from gmbot.config import ConfigError, load_config
from gmbot.store.models import OrderSet
from tests.loop.judgekit import Judge, body


def with_limits(judge: Judge, **limits: int) -> Judge:
    """The judge's configuration, with these limits added (the rest kept: the trusted MX)."""
    path = judge.home / "gmbot.yaml"
    config = yaml.safe_load(path.read_text()) if path.exists() else {}
    path.write_text(yaml.safe_dump({**(config or {}), "limits": limits}))
    judge.reopen()
    return judge


def junk(lines: int) -> str:
    return "".join(f"buy cheap pills number {i} now\n" for i in range(lines))


def bad_orders(lines: int) -> str:
    """Lines shaped like orders, each refused (no such place): errors, not chatter."""
    return "".join(f"A PAR - XQZ{i}\n" for i in range(lines))


def test_a_mail_of_chatter_gets_a_short_acknowledgement(judge: Judge) -> None:
    text = "A PAR - BUR\n" + junk(30_000)
    assert 900_000 < len(text) < 1_000_000
    judge.send("france@example.test", text)
    assert [m.status for m in judge.tick().mails] == ["handled"]
    [ack] = judge.new_mail()
    reply = body(ack)
    assert len(reply) < 10_000
    assert "A PAR - BUR" in reply  # the valid order is kept and shown
    assert reply.count("buy cheap pills") == 20  # ignored lines: the first few named
    assert "…and 29,980 more" in reply
    with judge.app.db.transaction() as s:
        [orders] = s.scalars(select(OrderSet)).all()
        assert orders.lines == ["A PAR - BUR"] and orders.errors == []


def test_a_mail_of_junk_orders_gets_a_short_acknowledgement(judge: Judge) -> None:
    text = "A PAR - BUR\n" + bad_orders(55_000)
    assert 900_000 < len(text) < 1_000_000
    judge.send("france@example.test", text)
    assert [m.status for m in judge.tick().mails] == ["handled"]
    [ack] = judge.new_mail()
    reply = body(ack)
    assert len(reply) < 10_000
    assert "A PAR - BUR" in reply  # the valid order is kept and shown
    assert reply.count("line ") == 20  # each listed with its reason
    assert "…and 54,980 more" in reply
    with judge.app.db.transaction() as s:
        [orders] = s.scalars(select(OrderSet)).all()
        assert orders.lines == ["A PAR - BUR"]
        assert len(orders.errors) == 21  # what the results mail lists: 20 and a count

    # The results mail repeats as little.
    for power in ("AUSTRIA", "ENGLAND", "GERMANY", "ITALY", "RUSSIA", "TURKEY"):
        judge.send(f"{power.lower()}@example.test", "HELP\n")
    judge.clock.advance(hours=49)
    judge.tick()
    [results] = [m for m in judge.to("france@example.test", judge.new_mail())
                 if "Received" not in m["Subject"]]
    assert len(body(results)) < 20_000
    assert "…and 54,980 more" in body(results)


def test_one_enormous_line_is_not_echoed_whole(judge: Judge) -> None:
    judge.send("france@example.test", "A PAR - BUR\nF BRE - " + "x" * 400_000 + "\n"
               + "y" * 400_000 + "\n")
    judge.tick()
    [ack] = judge.new_mail()
    reply = body(ack)
    assert len(reply) < 5_000
    assert "xxx…" in reply  # the refused order line, clipped
    assert '"yyy' in reply  # the chatter line, named by its start


def test_a_question_asked_a_thousand_times_is_answered_once(judge: Judge) -> None:
    judge.send("france@example.test", "HELP\n" * 1000 + "PROCESS\n" * 1000)
    judge.tick()
    [reply] = judge.new_mail()
    text = body(reply)
    assert text.count("only the game master can use PROCESS") == 20
    assert "…and 980 more lines refused likewise" in text
    assert text.count("How to use this judge") == 1
    assert len(text) < 20_000


def test_the_gm_address_has_a_high_but_finite_limit(judge: Judge) -> None:
    with_limits(judge, mails_per_hour=2, gm_mails_per_hour=5)
    for _ in range(8):
        judge.send("gm@example.test", "STATUS\n")
    outcomes = judge.tick().mails
    assert [m.status for m in outcomes] == ["handled"] * 5 + ["refused"] * 3
    replies = judge.new_mail()
    assert len(replies) == 6  # five answers and one notice, then silence
    assert "more than 5 in an hour" in body(replies[-1])
    judge.clock.advance(hours=1, minutes=1)
    judge.send("gm@example.test", "STATUS\n")
    assert [m.status for m in judge.tick().mails] == ["handled"]


def test_a_stranger_gets_one_refusal_a_day_without_his_subject(judge: Judge) -> None:
    for n in range(3):
        judge.send("stranger@example.org", "hello\n", subject=f"Buy pills {n}")
    assert [m.status for m in judge.tick().mails] == ["refused"] * 3
    [refusal] = judge.new_mail()
    assert refusal["To"] == "stranger@example.org"
    assert refusal["Subject"] == "Not accepted: your mail"
    assert "pills" not in body(refusal).lower()

    judge.clock.advance(hours=23)
    judge.send("stranger@example.org", "hello\n", subject="Buy pills again")
    judge.tick()
    assert judge.new_mail() == []
    judge.clock.advance(hours=1, minutes=1)
    judge.send("stranger@example.org", "hello\n", subject="Buy pills again")
    judge.tick()
    assert len(judge.to("stranger@example.org", judge.new_mail())) == 1


def test_every_refusal_to_a_stranger_is_gated_oversize_mail_too(judge: Judge) -> None:
    with_limits(judge, max_message_bytes=10_000)
    for n in range(3):
        judge.send("victim@example.org", "x" * 20_000, subject=f"Buy pills {n}")
    assert [m.status for m in judge.tick().mails] == ["refused"] * 3
    [refusal] = judge.new_mail()
    assert refusal["Subject"] == "Not accepted: your mail"
    assert "the judge reads mail up to 10000 bytes" in body(refusal)


def test_refusals_to_strangers_are_capped_per_hour(judge: Judge) -> None:
    with_limits(judge, stranger_replies_per_hour=3)
    for n in range(6):
        judge.send(f"victim{n}@example.org", "hello\n")
    assert [m.status for m in judge.tick().mails] == ["refused"] * 6
    assert [m["To"] for m in judge.new_mail()] == [f"victim{n}@example.org" for n in range(3)]
    # Players are not strangers: their refusals are not capped.
    judge.send("france@example.test", "GAME nope\nA PAR - BUR\n")
    judge.tick()
    assert [m["To"] for m in judge.new_mail()] == ["france@example.test"]
    judge.clock.advance(hours=1, minutes=1)
    judge.send("victim5@example.org", "hello\n")
    judge.tick()
    assert [m["To"] for m in judge.new_mail()] == ["victim5@example.org"]


def test_a_stranger_past_the_hourly_limit_gets_no_notice(judge: Judge) -> None:
    with_limits(judge, mails_per_hour=2)
    for _ in range(5):
        judge.send("stranger@example.org", "hello\n")
    assert [m.status for m in judge.tick().mails] == ["refused"] * 5
    assert len(judge.new_mail()) == 1  # the day's one refusal; no rate notice


@pytest.mark.parametrize(("limits", "error"), [
    ({"gm_mail_per_hour": 5}, "unknown limits: gm_mail_per_hour"),
    ({"mails_per_hour": "lots"}, "limits.mails_per_hour must be a number"),
])
def test_a_mistyped_limit_is_refused_at_start(tmp_path: Path, limits: dict[str, object],
                                              error: str) -> None:
    (tmp_path / "gmbot.yaml").write_text(yaml.safe_dump({"limits": limits}))
    with pytest.raises(ConfigError, match=error):
        load_config(tmp_path)


def test_a_gm_mail_of_many_commands_gets_a_short_reply(judge: Judge) -> None:
    judge.send("gm@example.test", "EXTEND 1h\n" * 500 + "A PAR - BUR\n" * 500)
    assert [m.status for m in judge.tick().mails] == ["handled"]
    mails = judge.new_mail()
    [reply] = judge.to("gm@example.test", mails)
    # Players are told once each, of the deadline after the last EXTEND, not 500 times.
    told = [m for m in mails if m is not reply]
    assert len(told) == 7 and len({m["To"] for m in told}) == 7
    assert all("New deadline: Wed 25 Mar 2026 05:00 UTC." in body(m) for m in told)
    text = body(reply)
    assert text.count("done: ") == 20 and "…and 480 more commands done or refused" in text
    assert text.count("A PAR - BUR") == 20 and "…and 480 more" in text
    assert len(text) < 10_000
