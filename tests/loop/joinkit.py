"""Helpers for the joining tests: a game open for sign-up, and strangers who ask, read the
judge's answer as a mail client does, and confirm by replying to it."""

from __future__ import annotations

from email.message import EmailMessage

from tests.loop.judgekit import Judge, body

JUDGE = "judge@example.test"
GM = "gm@example.test"


def signup_game(name: str = "open", signup: str = "{seats: 7}", players: str = "",
                extra: str = "") -> str:
    return f"""name: {name}
title: An open game
variant: standard
gm: {GM}
judge: {JUDGE}
signup: {signup}
{players}
deadlines:
  timezone: UTC
  movement: 48h
  retreat: 24h
  adjustment: 24h
{extra}"""


def ask(judge: Judge, sender: str, text: str, dmarc: str | None = "pass") -> EmailMessage:
    """Mail `text` from `sender` to the judge; the judge's one answer to him."""
    judge.send(sender, text, subject="hello", dmarc=dmarc)
    judge.tick()
    [answer] = judge.to(sender, judge.new_mail())
    return answer


def reply_to(judge: Judge, sender: str, answer: EmailMessage, text: str = "Yes, please.\n",
             dmarc: str | None = "pass") -> list[EmailMessage]:
    """`sender` replies to the judge's `answer` as a mail client does; every mail the
    judge sent then."""
    judge.send(sender, text, subject=f"Re: {answer['Subject']}",
               headers={"In-Reply-To": answer["Message-ID"],
                        "References": answer["Message-ID"]}, dmarc=dmarc)
    judge.tick()
    return judge.new_mail()


def join(judge: Judge, sender: str, line: str) -> list[EmailMessage]:
    """`sender` asks (`line`) and confirms; what the judge sent on the confirmation."""
    answer = ask(judge, sender, line + "\n")
    assert "Please confirm" in answer["Subject"], body(answer)
    return reply_to(judge, sender, answer)
