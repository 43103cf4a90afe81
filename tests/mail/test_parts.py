"""A mail's HTML part and picture kept together in its outbox row, and read back as they
were; a row queued before HTML parts existed (a bare picture) still reads, and its mail
gets the plain HTML of its text, never a <pre> block."""

from __future__ import annotations

from datetime import UTC, datetime

from gmbot.mail.compose import Outgoing, compose
from gmbot.mail.parts import Parts, pack, unpack

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))


def test_the_html_and_the_picture_read_back_as_they_were_packed() -> None:
    html = "<p>Réponse\ngmbot-parts/1 12\n</p>"
    ics = b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"
    assert unpack(pack(html, PNG)) == Parts(html, PNG)
    assert unpack(pack(html, None)) == Parts(html, None)
    assert unpack(pack(None, PNG)) == Parts(None, PNG)
    assert unpack(pack(html, PNG, ics)) == Parts(html, PNG, ics)
    assert unpack(pack(None, PNG, ics)) == Parts(None, PNG, ics)
    assert unpack(pack("", None, ics)) == Parts("", None, ics)
    assert pack(None, None) is None and unpack(None) == Parts()


def test_a_row_queued_before_calendar_entries_reads_as_it_was() -> None:
    html = "<p>Réponse</p>"
    stored = b"gmbot-parts/1 " + str(len(html.encode())).encode() + b"\n" + html.encode() + PNG
    assert unpack(stored) == Parts(html, PNG)


def test_a_row_queued_with_a_bare_picture_gets_the_wrapping_html_of_its_text() -> None:
    parts = unpack(PNG)  # as stored before HTML parts existed
    html, picture = parts.html, parts.picture
    out = Outgoing(sender="judge@example.test", recipient="p@example.test", subject="s",
                   body="Results\n  A PAR - BUR <succeeds>\n", message_id="a.b@example.test",
                   date=datetime(2026, 3, 1, tzinfo=UTC), picture=picture, html=html)
    part = compose(out).get_body(preferencelist=("html",))
    assert part is not None
    shown = part.get_content()
    assert "<pre" not in shown and "A PAR - BUR &lt;succeeds&gt;" in shown
    assert 'src="cid:map.a.b@example.test"' in shown and "width=device-width" in shown
