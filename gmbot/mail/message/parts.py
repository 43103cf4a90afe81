"""A mail's body as text: the first plain-text part not attached (else its HTML as
text), in any charset, with format=flowed lines joined; forwarded messages are not entered."""

from __future__ import annotations

from collections.abc import Iterator
from email.message import Message

from gmbot.mail.message.charset import decode_bytes
from gmbot.mail.message.html_text import html_to_text


def _leaves(part: Message, depth: int = 0) -> Iterator[Message]:
    """Leaf parts in document order; forwarded message/* parts are not entered."""
    if depth > 30 or part.get_content_maintype() == "message":
        return
    if part.is_multipart():
        for sub in part.get_payload():
            if isinstance(sub, Message):
                yield from _leaves(sub, depth + 1)
    else:
        yield part


def _is_attachment(part: Message) -> bool:
    try:
        return part.get_content_disposition() == "attachment" or part.get_filename() is not None
    except Exception:
        return True


def _part_text(part: Message) -> str:
    try:
        data = part.get_payload(decode=True)
    except Exception:
        data = None
    if not isinstance(data, bytes):
        payload = part.get_payload()
        data = payload.encode("utf-8", "surrogateescape") if isinstance(payload, str) else b""
    try:
        charset = part.get_content_charset()
    except Exception:
        charset = None
    text = decode_bytes(data, charset)
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _unflow(text: str, delsp: bool) -> str:
    """Undo RFC 3676 format=flowed: a line ending in a space continues on the next."""
    out: list[str] = []
    pending: str | None = None
    pending_depth = 0

    def flush() -> None:
        if pending is not None:
            out.append(">" * pending_depth + (" " if pending_depth else "") + pending)

    for line in text.split("\n"):
        content = line.lstrip(">")
        depth = len(line) - len(content)
        content = content.removeprefix(" ")  # space-stuffing
        if content == "-- ":  # the signature separator never flows
            flush()
            pending = None
            out.append(">" * depth + (" " if depth else "") + content)
            continue
        if pending is not None and depth == pending_depth:
            content = pending + content
        else:
            flush()
        pending = None
        if content.endswith(" "):
            pending, pending_depth = (content[:-1] if delsp else content), depth
        else:
            out.append(">" * depth + (" " if depth else "") + content)
    flush()
    return "\n".join(out)


def _plain_text(part: Message) -> str:
    text = _part_text(part)
    if str(part.get_param("format") or "").lower() == "flowed":
        text = _unflow(text, str(part.get_param("delsp") or "").lower() == "yes")
    return text


def body_text(msg: Message) -> str:
    html: Message | None = None
    for part in _leaves(msg):
        if _is_attachment(part):
            continue
        ctype = part.get_content_type()
        # A multipart without usable boundary arrives as a leaf; read it as text.
        if ctype == "text/plain" or part.get_content_maintype() == "multipart":
            return _plain_text(part)
        if ctype == "text/html" and html is None:
            html = part
    return html_to_text(_part_text(html)) if html is not None else ""
