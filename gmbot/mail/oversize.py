"""Mail larger than the judge reads (limits.max_message_bytes) is never read whole: the
transports measure it first (a file's size, IMAP's RFC822.SIZE, at most limit+1 bytes
of a pipe) and hand over only its header section and its size, which is enough to
recognise it again, refuse it and answer its sender. Knows nothing of games."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import BinaryIO

HEAD_BYTES = 64 * 1024  # the most of a header section ever read or kept
_CHUNK = 64 * 1024


@dataclass(frozen=True)
class Oversize:
    """A mail too large to read: its header section and its whole size in bytes."""

    head: bytes
    size: int


Raw = bytes | Oversize  # what a transport hands over


def header_section(data: bytes) -> bytes:
    """The header section of a raw message, up to its blank line, at most HEAD_BYTES."""
    chunk = data[:HEAD_BYTES]
    ends = [i + len(sep) for sep in (b"\r\n\r\n", b"\n\n") if (i := chunk.find(sep)) >= 0]
    return chunk[:min(ends)] if ends else chunk


def admit(raw: Raw, max_bytes: int) -> Raw:
    """`raw` as the judge may read it: bytes over the limit become an Oversize."""
    if isinstance(raw, bytes) and len(raw) > max_bytes:
        return Oversize(header_section(raw), len(raw))
    return raw


def head_of(raw: Raw) -> bytes:
    return raw.head if isinstance(raw, Oversize) else header_section(raw)


def size_of(raw: Raw) -> int:
    return raw.size if isinstance(raw, Oversize) else len(raw)


def content_id(raw: Raw) -> str:
    """Identifies a mail without a Message-ID when it is delivered again: the hash of
    its whole text, or of an oversize mail's header section and size."""
    if isinstance(raw, Oversize):
        return f"sha256:{hashlib.sha256(raw.head).hexdigest()}:{raw.size}"
    return "sha256:" + hashlib.sha256(raw).hexdigest()


def read_bounded(stream: BinaryIO, max_bytes: int, size: int | None = None) -> Raw:
    """A message from `stream`, whole if it fits `max_bytes`, else as an Oversize; never
    more than max_bytes+1 bytes in memory. `size`, when known (a file), spares reading
    past the header section. A pipe is read to its end, so the writer (an MTA) sees the
    mail taken; what lies past the limit is only counted."""
    if size is not None and size > max_bytes:
        return Oversize(header_section(stream.read(HEAD_BYTES)), size)
    data = stream.read(max_bytes + 1)
    if len(data) <= max_bytes:
        return data
    total, head = len(data), header_section(data)
    del data
    while chunk := stream.read(_CHUNK):
        total += len(chunk)
    return Oversize(head, total)
