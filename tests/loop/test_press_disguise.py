"""Fake-signed and grey press stay anonymous everywhere, through the real pipeline on the
local Maildir: the player who answers it is never told who really wrote it (not in his
ack, his HISTORY, the replies he gets, nor after the end of the game), while his answer
reaches the true sender; and the true sender, answering back, keeps his disguise."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.loop.judgekit import Judge, make_judge
from tests.loop.test_press import GM, ack, addr, body, game, mail, press_to

# On PostgreSQL too (CONTRIBUTING.md): the press record's queries.
pytestmark = pytest.mark.dialect("gmbot.service.views.press_record")


def reply(judge: Judge, power: str, text: str, to: EmailMessage) -> list[EmailMessage]:
    return mail(judge, power, text, **{"In-Reply-To": to["Message-ID"],
                                       "References": to["Message-ID"]})


def press_lines(history: str) -> list[str]:
    """The record's press headers ("Germany to England (reply):"), one per message."""
    return [line.strip() for line in history.splitlines()
            if line.rstrip().endswith(("(press):", "(reply):", "(broadcast):"))]


def test_a_reply_to_fake_signed_press_never_names_its_true_sender(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{signing: both, fake: true}"))
    out = mail(judge, "FRANCE", "PRESS FAKE AS GERMANY TO ENGLAND\nAttack Russia.\nENDPRESS\n")
    (fake,) = press_to(out, addr("ENGLAND"))
    assert fake["Subject"] == "[g] Press from Germany"
    # England answers "Germany": it reaches France, the true sender...
    out = reply(judge, "ENGLAND", "Why would I?\n", fake)
    (answer,) = press_to(out, addr("FRANCE"))
    assert "Why would I?" in body(answer)
    assert press_to(out, addr("GERMANY")) == []
    # ...but England's ack says he answered Germany, and nothing of it says France.
    text = ack(out, "ENGLAND")
    assert "press sent to Germany, signed England" in text and "France" not in text
    # France answers back, and stays Germany: the judge's signature never unmasks him.
    out = reply(judge, "FRANCE", "Because Russia is weak.\n", answer)
    (again,) = press_to(out, addr("ENGLAND"))
    assert again["Subject"] == "[g] Reply from Germany"
    assert "France" not in again.as_string()
    assert "press sent to England, signed as Germany (fake)" in ack(out, "FRANCE")
    # England's record: "Germany" all along; his answer went "to Germany".
    history = ack(mail(judge, "ENGLAND", "HISTORY\n"), "ENGLAND")
    assert press_lines(history) == ["Germany to England (press):", "You to Germany (reply):",
                                    "Germany to England (reply):"]
    assert "France" not in history
    # France's own record shows what he did, as he did it.
    history = ack(mail(judge, "FRANCE", "HISTORY\n"), "FRANCE")
    assert press_lines(history) == ["You (signed Germany) to England (press):",
                                    "England to France (reply):",
                                    "You (signed Germany) to England (reply):"]
    # After the end (the debrief), England answers again: still "Germany".
    mail(judge, GM, "DRAW\n")
    out = reply(judge, "ENGLAND", "Well played, whoever you are.\n", again)
    assert "Well played" in body(press_to(out, addr("FRANCE"))[0])
    text = ack(out, "ENGLAND")
    assert "press sent to Germany" in text and "France" not in text
    # The record after the end comes with a debrief mail's ack.
    history = ack(mail(judge, "ENGLAND", "PRESS TO GM: thanks\nHISTORY\n"), "ENGLAND")
    assert press_lines(history)[-2:] == ["You to Germany (reply):", "You to the GM (press):"]
    assert "France" not in "\n".join(press_lines(history))


def test_a_reply_to_grey_press_never_names_its_sender(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{signing: both}"))
    out = mail(judge, "TURKEY", "PRESS GREY TO AUSTRIA\nRussia plans to stab you.\nENDPRESS\n")
    (grey,) = press_to(out, addr("AUSTRIA"))
    out = reply(judge, "AUSTRIA", "Who are you?\n", grey)
    (answer,) = press_to(out, addr("TURKEY"))
    assert "the anonymous sender of that press" in ack(out, "AUSTRIA")
    # Turkey answers back: grey again, though the game signs press unless told.
    out = reply(judge, "TURKEY", "A friend.\n", answer)
    (again,) = press_to(out, addr("AUSTRIA"))
    assert again["Subject"] == "[g] Anonymous reply"
    assert "Turkey" not in again.as_string()
    assert "press sent to Austria, anonymously (grey)" in ack(out, "TURKEY")
    history = ack(mail(judge, "AUSTRIA", "HISTORY\n"), "AUSTRIA")
    assert press_lines(history) == ["Anonymous to Austria (press):",
                                    "You to the anonymous sender (reply):",
                                    "Anonymous to Austria (reply):"]
    assert "Turkey" not in history


def test_the_gm_reading_through_his_copy_sees_who_he_answers(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{signing: both, fake: true, gm_copies: true}"))
    out = mail(judge, "FRANCE", "PRESS FAKE AS GERMANY TO ENGLAND\nAttack Russia.\nENDPRESS\n")
    (copy,) = press_to(out, GM)
    assert "written by France" in body(copy)
    out = reply(judge, GM, "Careful, France.\n", copy)
    assert press_to(out, addr("FRANCE"))
    (gm_ack,) = [m for m in out if m["To"] == GM]
    assert "press sent to France, signed the GM" in body(gm_ack)
    (history,) = [m for m in mail(judge, GM, "HISTORY\n") if m["To"] == GM]
    assert "You to France (reply):" in press_lines(body(history))
