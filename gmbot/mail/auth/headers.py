"""Header values as sent: the raw header block, read before any decoding."""

from __future__ import annotations


def header_values(raw: bytes, name: str) -> list[str]:
    """Every value of header `name`, topmost first, unfolded, from the raw header block."""
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    values: list[str] = []
    current: list[str] | None = None
    for line in head.decode("utf-8", "replace").replace("\r\n", "\n").split("\n"):
        if line[:1] in (" ", "\t"):
            if current is not None:
                current.append(line.strip())
            continue
        if current is not None:
            values.append(" ".join(current))
            current = None
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() == name:
            current = [value.strip()]
    if current is not None:
        values.append(" ".join(current))
    return values
