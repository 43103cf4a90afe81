"""A text part's body in quoted-printable exactly as the email package writes it
(set_content(..., cte="quoted-printable") under the default policy: UTF-8, lines normalised,
78 characters a line, CRLF on the wire), in a fraction of its time.

email.quoprimime.body_encode quotes with str.translate over a 256-entry list, which
CPython runs character by character in Python objects: that was the largest cost of
writing a mail directly (benchmarks/ingest.py, the outbox). Here "=" is quoted by
str.replace and the few other characters (non-ASCII, controls) by one regular
expression, run only on a text that has one; the line breaking is body_encode's own,
unchanged. Tested byte for byte against the email package (tests/mail/test_wire_bytes.py)."""

from __future__ import annotations

import re

_WIDTH = 78  # the default policy's max_line_length
# What body_encode quotes besides "=": anything but tab, line breaks and printable ASCII.
_OTHER = re.compile(r"[^\t\n\r -~]")
_QUOTED = {chr(c): f"={c:02X}" for c in range(256)}
_PLAIN = bytes([9, 10, 13, *range(32, 127)])  # the bytes _OTHER leaves alone


def _quote(m: re.Match[str]) -> str:
    return _QUOTED[m[0]]


def encode_body(text: str) -> bytes:
    """`text` as the email package encodes it: UTF-8, every line break "\\n", then
    quoted-printable lines of at most 78 characters; every line ends in CRLF."""
    data = text.encode("utf-8")
    # Line breaks made "\n" as splitlines would, in one pass where there is no "\r"
    # (splitting and joining every line was a tenth of an HTML part's encoding).
    data = b"\n".join(data.splitlines()) if "\r" in text else data.removesuffix(b"\n")
    quoted = data.decode("latin-1").replace("=", "=3D")
    # The regular expression scans character by character; most parts (markup, orders)
    # have nothing it would quote, which bytes.translate tells in a fraction of the time.
    if data.translate(None, _PLAIN):
        quoted = _OTHER.sub(_quote, quoted)
    lines = quoted.split("\n")
    # A line that fits and does not end in a space or tab is written as it is: looking at
    # each such line in Python below was most of the time of an HTML part, whose long
    # lines are among many short ones (benchmarks/ingest.py, the outbox).
    blank_ends = " \n" in quoted or "\t\n" in quoted or quoted.endswith((" ", "\t"))
    if not blank_ends and max(map(len, lines)) <= _WIDTH:
        return ("\r\n".join(lines) + "\r\n").encode("ascii")
    out: list[str] = []
    append = out.append
    width1 = _WIDTH - 1  # room for the soft break's "="
    for line in lines:
        if not blank_ends and len(line) <= _WIDTH:
            append(line)
            continue
        # As body_encode: pieces of at most 77 characters and a soft break, never
        # splitting an "=XX"; a space or tab ending the line is quoted, or kept before
        # a soft break, as room allows.
        start = 0
        laststart = len(line) - 1 - _WIDTH
        while start <= laststart:
            stop = start + width1
            if line[stop - 2] == "=":
                append(line[start:stop - 1])
                start = stop - 2
            elif line[stop - 1] == "=":
                append(line[start:stop])
                start = stop - 1
            else:
                append(line[start:stop] + "=")
                start = stop
        if line and line[-1] in " \t":
            room = start - laststart
            last = line[-1]
            if room >= 3:
                q = _QUOTED[last]
            elif room == 2:
                q = last + "=\r\n"
            else:
                q = "=\r\n" + _QUOTED[last]
            append(line[start:-1] + q)
        else:
            append(line[start:])
    return ("\r\n".join(out) + "\r\n").encode("ascii")
