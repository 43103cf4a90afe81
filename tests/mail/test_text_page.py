"""A mail written as text gets an HTML part (render.text_html) that is the page
text.html.j2 renders for it, byte for byte: the page is rendered once per kind (map or
not, the other values) with marks where the values go, and each mail's values are put
in; whatever a subject or a text holds, even the marks' own words, it reads as rendered."""

from __future__ import annotations

import pytest
from markupsafe import Markup

from gmbot.mail.html import text_blocks
from gmbot.service.outbox.render import render_html, text_html

SUBJECTS = ["[b0001] Orders received", "Plain <subject> & 'co'", "[x]no space", "[g] ",
            "", "\x00title\x00 and \x00subject\x00"]
TEXTS = ["Orders for Spring 1901 Movement (version 3):\n  A VIE - TRI\n\nDeadline: Wed",
         "", "\n\nOne <b>bold</b> & \"quoted\" line\n\n\n", "Heading\n=======\n\nbody\n---",
         "\x00first\x00\n\n\x00rest\x00", "a\n\nb\n\nc"]


def rendered(subject: str, text: str, has_map: bool, **context: str) -> str:
    title = subject.split("] ", 1)[1] if subject.startswith("[") and "] " in subject else subject
    paragraphs = text.strip().split("\n\n")
    return render_html("text.html.j2", subject, has_map, title=title,
                       first=Markup(text_blocks(paragraphs[0])),
                       rest=Markup(text_blocks("\n\n".join(paragraphs[1:]))), **context)


@pytest.mark.parametrize("has_map", [False, True])
@pytest.mark.parametrize("subject", SUBJECTS)
def test_the_html_part_is_the_page_rendered_for_it(subject: str, has_map: bool) -> None:
    for text in TEXTS:
        assert text_html(subject, text, has_map) == rendered(subject, text, has_map)


def test_a_page_with_a_link_to_its_map_or_its_own_alt_text_is_its_own_kind() -> None:
    link: dict[str, str] = {"map_link": "https://games.example.test/b0001/p?k=1&x=2"}
    alt: dict[str, str] = {"map_alt": "The board <after> the spring"}
    for context in (link, alt, {}):
        assert text_html(SUBJECTS[0], TEXTS[0], True, **context) == rendered(
            SUBJECTS[0], TEXTS[0], True, **context)
    assert "Open the map full size" in text_html(SUBJECTS[0], TEXTS[0], True, **link)
    assert "Open the map full size" not in text_html(SUBJECTS[0], TEXTS[0], True)
