"""The parts of an outgoing mail besides its text, kept together in the outbox row until
the mail is sent: the HTML part and the map picture it shows. Both are rendered when the
mail is queued, so that a mail sent again is the identical message.

Stored as one value (the row's `parts`): a header line naming the HTML's length, the
HTML, then the PNG. A row queued before HTML parts existed holds the bare PNG, which
reads back as a picture without HTML (compose gives it the plain HTML of its text)."""

from __future__ import annotations

_MAGIC = b"gmbot-parts/1 "
_PNG = b"\x89PNG"


def pack(html: str | None, picture: bytes | None) -> bytes | None:
    if html is None:
        return picture or None
    data = html.encode("utf-8")
    return b"".join((_MAGIC, str(len(data)).encode("ascii"), b"\n", data, picture or b""))


def unpack(stored: bytes | None) -> tuple[str | None, bytes | None]:
    """(html, picture) from what pack stored."""
    if not stored:
        return None, None
    if not stored.startswith(_MAGIC):
        return None, stored  # a bare picture
    head, _, rest = stored[len(_MAGIC):].partition(b"\n")
    size = int(head)
    return rest[:size].decode("utf-8"), rest[size:] or None
