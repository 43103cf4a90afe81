"""What the trial tests (test_trial_*.py, docs/trial.md) share: a variant's example game as
the GM gets it, a player's address, and a mail's text part as a mail client shows it."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from tests.loop.judgekit import Judge, body

REPO = Path(__file__).resolve().parents[2]


def example(variant: str) -> str:
    """The example game file of a variant (`gmbot game example VARIANT`)."""
    return (REPO / f"gmbot/variants/{variant}/example.yaml").read_text(encoding="utf-8")


def addr(who: str) -> str:
    return f"{who.lower()}@example.test"


def text(msg: EmailMessage) -> str:
    return body(msg).replace("\r\n", "\n")


def spring_results(judge: Judge, orders: dict[str, str], subject: str, reader: str) -> str:
    """Mail each power's orders, let the first deadline and its grace pass (the others
    hold), and return the Spring 1901 results as `reader` reads them."""
    for power, lines in orders.items():
        judge.send(addr(power), lines + "\n", subject=subject)
    judge.tick()
    judge.new_mail()
    judge.clock.advance(hours=70)
    judge.tick()
    [results] = [text(m) for m in judge.to(addr(reader), judge.new_mail())
                 if "Spring 1901 Movement results" in m["Subject"]]
    return results
