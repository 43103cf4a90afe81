"""A mail's body as text: the first plain-text part not attached (else its HTML as
text), in any charset, with format=flowed lines joined; forwarded messages are not entered."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from email.message import Message
from typing import Any

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


def _is_attachment(part: Message, head: Head) -> bool:
    return bool(_by_head(part, head, "attachment", _attached))


def _attached(part: Message) -> bool:
    try:
        return part.get_content_disposition() == "attachment" or part.get_filename() is not None
    except Exception:
        return True


# What a part's Content-Type and Content-Disposition parameters say, read once for each
# pair of those headers' values: each question (charset, format, delsp, a file name) was a
# parse of the parameters of its own, four or five a part, a quarter of reading an orders
# mail's body (benchmarks/ingest.py asked). Each answer is the email package's own, asked
# of the first part with those values; it depends on nothing else of the part.
Head = tuple[str | None, str | None]  # a part's Content-Type and Content-Disposition
_HEADS: dict[tuple[str, Head], Any] = {}
_HEADS_KEPT = 512  # a stranger's mail of random parameters fills it: emptied then


def _head(part: Message) -> Head:
    ctype, disposition = part.get("content-type"), part.get("content-disposition")
    return (None if ctype is None else str(ctype),
            None if disposition is None else str(disposition))


def _by_head(part: Message, head: Head, what: str, ask: Callable[[Message], Any]) -> Any:
    key = (what, head)
    try:
        return _HEADS[key]
    except KeyError:
        pass
    answer = ask(part)
    if len(_HEADS) >= _HEADS_KEPT:
        _HEADS.clear()
    _HEADS[key] = answer
    return answer


def _charset(part: Message) -> str | None:
    try:
        return part.get_content_charset()
    except Exception:
        return None


def _flowed(part: Message) -> tuple[bool, bool]:
    """format=flowed, and its delsp=yes."""
    if str(part.get_param("format") or "").lower() != "flowed":
        return False, False
    return True, str(part.get_param("delsp") or "").lower() == "yes"


def _part_text(part: Message, head: Head) -> str:
    try:
        data = part.get_payload(decode=True)
    except Exception:
        data = None
    if not isinstance(data, bytes):
        payload = part.get_payload()
        data = payload.encode("utf-8", "surrogateescape") if isinstance(payload, str) else b""
    text = decode_bytes(data, _by_head(part, head, "charset", _charset))
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


def _plain_text(part: Message, head: Head) -> str:
    text = _part_text(part, head)
    flowed, delsp = _by_head(part, head, "flowed", _flowed)
    if flowed:
        text = _unflow(text, delsp)
    return text


def body_text(msg: Message) -> str:
    html: tuple[Message, Head] | None = None
    for part in _leaves(msg):
        head = _head(part)
        if _is_attachment(part, head):
            continue
        ctype = part.get_content_type()
        # A multipart without usable boundary arrives as a leaf; read it as text.
        if ctype == "text/plain" or part.get_content_maintype() == "multipart":
            return _plain_text(part, head)
        if ctype == "text/html" and html is None:
            html = part, head
    return html_to_text(_part_text(*html)) if html is not None else ""
