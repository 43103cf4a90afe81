"""A mail's body is read by its own part headers, whatever mails were read before it: what
Content-Type and Content-Disposition say is worked out once for each pair of their values
(gmbot/mail/message/parts.py), and mails that share one header but not the other must
each still be read by both."""

from __future__ import annotations

from gmbot.mail.message import parse_message


def _mail(content_type: str, body: bytes, disposition: str | None = None) -> bytes:
    head = f"From: a@example.org\r\nSubject: x\r\nContent-Type: {content_type}\r\n"
    if disposition:
        head += f"Content-Disposition: {disposition}\r\n"
    return head.encode("ascii") + b"\r\n" + body


def _two_parts(first: str, second: str, body: bytes) -> bytes:
    return (b"From: a@example.org\r\nSubject: x\r\n"
            b"Content-Type: multipart/mixed; boundary=B\r\n\r\n"
            b"--B\r\n" + first.encode("ascii") + b"\r\n\r\nnot this\r\n"
            b"--B\r\n" + second.encode("ascii") + b"\r\n\r\n" + body + b"\r\n--B--\r\n")


def test_the_same_charset_reads_alike_and_another_charset_reads_its_own() -> None:
    latin = "caf\xe9".encode("latin-1")
    for _ in range(2):  # the second time from what the first one worked out
        assert parse_message(_mail("text/plain; charset=iso-8859-1", latin)).body == "café"
        assert parse_message(_mail("text/plain; charset=utf-8", "café".encode())).body == "café"


def test_flowed_lines_are_joined_only_in_a_flowed_part() -> None:
    body = b"A PAR \r\n- BUR\r\n"
    for _ in range(2):
        assert parse_message(_mail("text/plain; format=flowed", body)).body == "A PAR - BUR\n"
        assert parse_message(_mail("text/plain", body)).body == "A PAR \n- BUR\n"
        assert parse_message(
            _mail("text/plain; format=flowed; delsp=yes", body)).body == "A PAR- BUR\n"


def test_an_attached_text_is_not_the_body_though_its_type_is_a_body_s() -> None:
    first, body = "Content-Type: text/plain", b"A PAR - BUR"
    for _ in range(2):
        inline = parse_message(_two_parts(first, "Content-Type: text/plain", body))
        assert inline.body == "not this"
        attached = parse_message(_two_parts(
            f"{first}\r\nContent-Disposition: attachment", "Content-Type: text/plain", body))
        assert attached.body == "A PAR - BUR"
        named = parse_message(_two_parts(
            'Content-Type: text/plain; name="orders.txt"', "Content-Type: text/plain", body))
        assert named.body == "A PAR - BUR"
