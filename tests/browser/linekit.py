"""How a test reads a mail's lines on a phone (issue 32): the plain part's lines as a
reader reads them, the page's lines in Chromium at 390 px, and whether the one keeps the
other's, line for line and in order. Shared by tests/browser/test_mail_lines.py and
test_every_mail_on_a_phone.py."""

from __future__ import annotations

import re
from email.message import EmailMessage
from pathlib import Path

from tests.browserkit import Browser, mail_page

PHONE = 390


def plain_lines(text: str) -> list[str]:
    """The plain part's lines as a reader reads them: no blank lines, no heading's
    underline, runs of spaces as one."""
    out = []
    for line in text.replace("\r\n", "\n").splitlines():
        words = " ".join(line.split())
        if words and not (len(set(words)) == 1 and words[0] in "=-" and len(words) >= 3):
            out.append(words)
    return out


def page_lines(browser: Browser, mail: EmailMessage, folder: Path) -> list[str]:
    """The page's lines at a phone's width; it never scrolls sideways, nor has a <pre>."""
    folder.mkdir(parents=True, exist_ok=True)
    browser.open(mail_page(mail, folder), width=PHONE)
    assert not browser.layout().scrolls_sideways
    assert browser.js("return document.getElementsByTagName('pre').length;") == 0
    return [w for w in (" ".join(t.split()) for t in browser.text().splitlines()) if w]


def keeps_lines(shown: list[str], lines: list[str]) -> None:
    """Each of `lines` is a line of the page, in their order."""
    at = 0
    for line in lines:
        assert line in shown[at:], f"not a line of its own on the phone: {line!r}"
        at = shown.index(line, at) + 1


def words(line: str) -> str:
    """A line's words, without what the page writes otherwise: a heading's colon or
    dashes, the brackets of a note, a dash for "--"."""
    return " ".join(re.sub(r"[^\w/,']+", " ", line).casefold().split())


def keeps_sections(shown: list[str], lines: list[str]) -> None:
    """A results mail's page puts the player's own section first (the plain part last):
    each section's lines are lines of the page, in their order, never two in one."""
    cut = next((i for i, line in enumerate(lines) if line.startswith("--- For ")),
               len(lines))
    page = [words(line) for line in shown]
    for part in (lines[:cut], lines[cut:]):
        keeps_lines(page, [words(line) for line in part])
