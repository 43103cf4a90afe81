"""Text as HTML for a phone (gmbot/mail/html.py): no <pre>; every line of the text is a
line of its own (issue 32: an example, a table row, a wrapped sentence alike), indented
as written; a heading underlined with = or - is a heading without its underline;
everything escaped."""

from __future__ import annotations

import re

from gmbot.mail.html import text_blocks

TEXT = """How to order: write to this address (reply to this mail), one order per line:
  A PAR - BUR / F BRE - MAO
Each mail is acknowledged. ORDERS shows your orders, STATUS the board, HELP the rest.
To learn the game by mail, send a line: HELP.

How the judge recognises you:
  - your mail provider's signature (DKIM): Gmail, Outlook, Yahoo, iCloud, Fastmail and
    most others sign every mail;
  - a line PASSWORD <secret> & more
"""


def lines_of(html: str) -> list[tuple[str, str]]:
    """(padding, text) of each line, a paragraph per list."""
    return re.findall(r'<div style="(?:padding-left:([\d.]+em);)?margin:0">(.*?)</div>', html)


def test_every_line_stays_a_line() -> None:
    html = text_blocks(TEXT)
    assert "<pre" not in html and html.count('margin:0 0 12px 0') == 2  # two paragraphs
    assert lines_of(html) == [
        ("", "How to order: write to this address (reply to this mail), one order per line:"),
        ("1em", "A PAR - BUR / F BRE - MAO"),
        ("", "Each mail is acknowledged. ORDERS shows your orders, STATUS the board, HELP"
             " the rest."),
        ("", "To learn the game by mail, send a line: HELP."),
        ("", "How the judge recognises you:"),
        ("1em", "- your mail provider&#x27;s signature (DKIM): Gmail, Outlook, Yahoo, iCloud,"
                " Fastmail and"),
        ("2em", "most others sign every mail;"),
        ("1em", "- a line PASSWORD &lt;secret&gt; &amp; more"),
    ]


def test_a_reply_keeps_its_indented_answers_apart() -> None:
    html = text_blocks("line 2: READY\n  done: noted\nline 3: <b>x</b>\n  refused: unknown\n")
    assert lines_of(html) == [("", "line 2: READY"), ("1em", "done: noted"),
                              ("", "line 3: &lt;b&gt;x&lt;/b&gt;"), ("1em", "refused: unknown")]


def test_a_heading_loses_its_underline_and_glued_examples_stay_apart() -> None:
    html = text_blocks("Casting\n-------\n\n    A ZAR - MED / F TOR - VAL / A LLE - ARA / "
                       "BUILD A ZAR / WAIVE\n    HIRE lordelindel (take a Wazir into your "
                       "court)\n")
    assert "-------" not in html
    assert '<div style="font-weight:bold;color:#0b3d91;margin:0">Casting</div>' in html
    assert [t for _, t in lines_of(html)] == [
        "A ZAR - MED / F TOR - VAL / A LLE - ARA / BUILD A ZAR / WAIVE",
        "HIRE lordelindel (take a Wazir into your court)"]
