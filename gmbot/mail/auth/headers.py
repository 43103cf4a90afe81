"""Header values as sent: the raw header block, read before any decoding."""

from __future__ import annotations


def header_fields(raw: bytes) -> list[tuple[str, str]]:
    """Every header as (lower-cased name, unfolded value), topmost first."""
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    fields: list[tuple[str, list[str]]] = []
    for line in head.decode("utf-8", "replace").replace("\r\n", "\n").split("\n"):
        if line[:1] in (" ", "\t"):
            if fields:
                fields[-1][1].append(line.strip())
            continue
        key, sep, value = line.partition(":")
        if sep:
            fields.append((key.strip().lower(), [value.strip()]))
    return [(name, " ".join(parts)) for name, parts in fields]


def header_values(raw: bytes, name: str) -> list[str]:
    """Every value of header `name` (lower case), topmost first."""
    return [value for key, value in header_fields(raw) if key == name]
