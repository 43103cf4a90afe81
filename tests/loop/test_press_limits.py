"""Press bounded per mail and per hour, through the real pipeline on the local Maildir: one
player's mail of thousands of press blocks queues only the game's allowance of copies,
the excess is refused in a short ack that names the line and the reason, nothing of a
refused message goes anywhere, and a message within the limits still goes."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select

from gmbot.press.limits import PER_HOUR, PER_MAIL
from gmbot.store.outbox import Outbound
from gmbot.store.press import Press
from tests.loop.judgekit import Judge, make_judge
from tests.loop.test_press import ack, addr, body, game, mail, press_to

# On PostgreSQL too (CONTRIBUTING.md): counts of press copies per hour.
pytestmark = pytest.mark.dialect("gmbot.service.inbound.relay")


def queued_press(judge: Judge) -> int:
    with judge.app.db.transaction() as s:
        return s.scalar(select(func.count()).select_from(Outbound)
                        .where(Outbound.kind == "press")) or 0


def test_two_thousand_broadcast_lines_queue_only_the_mails_copy_allowance(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game())  # 7 powers and an observer: 8 copies a broadcast
    out = mail(judge, "FRANCE", "BROADCAST: x\n" * 2000)
    press_mails = [m for m in out if m["Subject"] == "[g] Broadcast from France"]
    # 7 broadcasts fit in the 60 copies a mail may queue; the 8th would make 64.
    assert len(press_mails) == queued_press(judge) == 56 <= PER_MAIL.copies
    with judge.app.db.transaction() as s:
        assert s.scalar(select(func.count()).select_from(Press)) == 7
    text = ack(out, "FRANCE")
    assert out[-1]["Subject"] == "[g] Errors in your mail"
    assert "line 7: BROADCAST\n  press sent to all players" in text
    assert ("line 8: BROADCAST\n  press refused, nothing was sent: it would make 8 copies, "
            "and this game queues at most 60 press copies per mail (56 so far)") in text
    assert ("line 11: BROADCAST\n  press refused, nothing was sent: this game relays at "
            "most 10 press messages per mail") in text
    assert ("…and 1,980 more press messages: 0 sent, 1,980 refused and nothing of them "
            "sent: this game relays at most 10 press messages per mail.") in text
    assert len(text) < 5000  # the ack stays small


def test_five_hundred_lines_to_england_give_england_the_cap(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game())
    out = mail(judge, "FRANCE", "".join(f"PRESS TO ENGLAND: {n}\n" for n in range(500)))
    got = press_to(out, addr("ENGLAND"))
    assert len(got) == PER_MAIL.messages == 10
    assert [body(m).split("\n\n")[1].strip() for m in got] == [str(n) for n in range(10)]
    assert "line 11: PRESS TO ENGLAND\n  press refused" in ack(out, "FRANCE")


def test_a_refused_message_delivers_nothing_and_smaller_ones_after_it_still_go(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{per_mail: {bytes: 100}}"))
    out = mail(judge, "FRANCE", "PRESS TO GERMANY: " + "a" * 60 + "\n"
               "PRESS TO ITALY: " + "b" * 60 + "\n"
               "PRESS TO RUSSIA: " + "c" * 30 + "\nA PAR - BUR\n")
    assert len(press_to(out, addr("GERMANY"))) == 1
    assert press_to(out, addr("ITALY")) == []  # over the bytes left: nothing of it goes
    assert "c" * 30 in body(press_to(out, addr("RUSSIA"))[0])
    text = ack(out, "FRANCE")
    assert ("line 2: PRESS TO ITALY\n  press refused, nothing was sent: it is 60 bytes, and "
            "this game relays at most 100 bytes of press per mail (60 so far)") in text
    assert "A PAR - BUR" in text  # the orders of the mail stand


def test_the_hourly_allowance_spans_mails_and_comes_back_after_the_hour(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{per_hour: {messages: 3, copies: 12}}"))
    out = mail(judge, "FRANCE", "PRESS TO GERMANY: one\nPRESS TO ITALY: two\n")
    assert len(press_to(out, addr("GERMANY")) + press_to(out, addr("ITALY"))) == 2
    out = mail(judge, "FRANCE", "PRESS TO GERMANY: three\nPRESS TO ITALY: four\n")
    assert len(press_to(out, addr("GERMANY"))) == 1 and press_to(out, addr("ITALY")) == []
    assert ("line 2: PRESS TO ITALY\n  press refused, nothing was sent: this game relays at "
            "most 3 press messages per hour") in ack(out, "FRANCE")
    # Another player's allowance is his own.
    assert press_to(mail(judge, "ITALY", "PRESS TO FRANCE: hi\n"), addr("FRANCE"))
    judge.clock.advance(minutes=61)
    out = mail(judge, "FRANCE", "BROADCAST: five\n")
    assert len([m for m in out if "Broadcast" in m["Subject"]]) == 8
    # Copies count too: a second broadcast would make 16, over the 12 of the hour.
    out = mail(judge, "FRANCE", "BROADCAST: six\n")
    assert not [m for m in out if "Broadcast" in m["Subject"]]
    assert "queues at most 12 press copies per hour (8 so far)" in ack(out, "FRANCE")


def test_the_hour_holds_inside_one_batch_of_mails(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{per_hour: {messages: 1}}"))
    for text in ("PRESS TO GERMANY: first\n", "PRESS TO GERMANY: second\n"):
        judge.send(addr("FRANCE"), text, subject="[g] x")
    judge.tick()  # both mails read in one batch, one transaction
    out = judge.new_mail()
    (copy,) = press_to(out, addr("GERMANY"))
    assert "first" in body(copy)
    acks = [body(m) for m in out if m["To"] == addr("FRANCE")]
    assert sum("this game relays at most 1 press message per hour" in a for a in acks) == 1


def test_a_reply_counts_against_the_limits_like_any_press(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{per_hour: {messages: 1}}"))
    (copy,) = press_to(mail(judge, "FRANCE", "PRESS TO GERMANY: deal?\n"), addr("GERMANY"))
    mail(judge, "GERMANY", "PRESS TO ITALY: hello\n")
    out = mail(judge, "GERMANY", "Deal.\n", **{"In-Reply-To": copy["Message-ID"]})
    assert press_to(out, addr("FRANCE")) == []
    assert ("Your reply\n  press refused, nothing was sent: this game relays at most 1 press "
            "message per hour") in ack(out, "GERMANY")


def test_a_ten_thousand_name_header_gets_a_small_ack(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game())
    names = " ".join(f"N{i}" for i in range(10_000))
    out = mail(judge, "FRANCE", f"PRESS TO {names}\nhello\nENDPRESS\nA PAR - BUR\n")
    text = ack(out, "FRANCE")
    assert [m["To"] for m in out] == [addr("FRANCE")]
    assert len(text) < 3000, len(text)
    # Each line of the mail it repeats is cut at 200 characters ("line 1: " before it).
    assert max(len(line) for line in text.splitlines()) <= 250
    assert "line 1: PRESS TO N0 N1 N2" in text and "…" in text
    assert ("press refused, nothing was sent: no player called N0, N1, N2, N3, N4 …and 9,995 "
            "more (write one of: Austria, England, France, Germany, Italy, Russia, Turkey, "
            "GM)") in text


def test_help_shows_the_limits_and_game_file_md_their_defaults(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game())
    text = ack(mail(judge, "ITALY", "HELP\n"), "ITALY")
    assert (f"Limits: {PER_MAIL.messages} messages ({PER_MAIL.copies} mails delivered, "
            f"{PER_MAIL.bytes:,} bytes) per mail, {PER_HOUR.messages} messages "
            f"({PER_HOUR.copies} mails delivered, {PER_HOUR.bytes:,} bytes) per hour.") in text
    docs = (Path(__file__).parents[2] / "docs" / "game-file.md").read_text(encoding="utf-8")
    assert (f"per_mail: {{messages: {PER_MAIL.messages}, copies: {PER_MAIL.copies}, "
            f"bytes: {PER_MAIL.bytes}}}") in docs
    assert (f"per_hour: {{messages: {PER_HOUR.messages}, copies: {PER_HOUR.copies}, "
            f"bytes: {PER_HOUR.bytes}}}") in docs
