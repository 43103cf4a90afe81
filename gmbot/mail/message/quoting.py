"""Where a reply's own text ends (quotes, attributions in several languages, forwarded
headers, signatures, mobile footers): the command lines before it, and the text of a span
of them as the sender wrote it."""

from __future__ import annotations

import re

_SPACE_TABLE = str.maketrans(
    {"\xa0": " ", "\u2007": " ", "\u202f": " ", "\t": " ", "\u200b": None, "\ufeff": None}
)
_MAX_MARKER_LEN = 250
# Reply attributions; each must also contain a digit or "@" (a date or an address).
_ATTRIBUTION = re.compile(
    r"^(on\s.+\swrote"  # Gmail, Apple Mail, Thunderbird
    r"|am\s.+\sschrieb\b.*"  # German
    r"|le\s.+\sa\s+écrit\s*"  # French
    r"|el\s.+\sescribi[óo]\s*"  # Spanish
    r"|op\s.+\sschreef\b.*"  # Dutch
    r"|il\s.+\sha\s+scritto\s*"  # Italian
    r"|.+\s<[^<>@\s]+@[^<>\s]+>\s+wrote"  # "Alice <a@x> wrote:"
    r"):$",
    re.IGNORECASE,
)
_ATTRIBUTION_START = re.compile(r"^(on|am|le|el|op|il)\s", re.IGNORECASE)
_SEPARATOR = re.compile(
    r"^(-{2,}\s*(original message|forwarded message|ursprüngliche nachricht"
    r"|weitergeleitete nachricht|message d'origine|message transféré|mensaje original"
    r"|mensaje reenviado|messaggio originale)\s*-{2,}|_{8,}|begin forwarded message:)$",
    re.IGNORECASE,
)
# Outlook's quoted header block: "From:" followed shortly by "Sent:"/"Date:".
_BLOCK_FROM = re.compile(r"^\*?(from|von|de|da|van)\s*:", re.IGNORECASE)
_BLOCK_SENT = re.compile(
    r"^\*?(sent|date|gesendet|datum|envoyé|enviado|fecha|data|inviato|verzonden)\s*:",
    re.IGNORECASE,
)
_MOBILE_FOOTER = re.compile(
    r"^(sent from |sent with |get outlook for |von meinem .+ gesendet|envoyé de mon "
    r"|enviado desde mi |inviato da )",
    re.IGNORECASE,
)


_DATE_OR_ADDRESS = re.compile(r"[\d@]")


def _is_attribution(line: str) -> bool:
    return bool(_DATE_OR_ADDRESS.search(line)) and bool(_ATTRIBUTION.match(line))


def _starts_quote(lines: list[str], i: int) -> bool:
    line = lines[i]
    if len(line) > _MAX_MARKER_LEN:  # markers are short; also keeps the regexes linear
        return False
    if _SEPARATOR.match(line) or _MOBILE_FOOTER.match(line) or _is_attribution(line):
        return True
    # Gmail wraps long attributions over two lines.
    wrapped = i + 1 < len(lines) and _ATTRIBUTION_START.match(line)
    if wrapped and _is_attribution(f"{line} {lines[i + 1]}"):
        return True
    if _BLOCK_FROM.match(line):
        following = [x for x in lines[i + 1 : i + 8] if x][:3]
        return any(_BLOCK_SENT.match(x) for x in following)
    return False


def command_lines(body: str) -> tuple[str, ...]:
    """The player's own non-empty lines: quotes, reply history, signature and footers cut."""
    text = body.replace("\r\n", "\n").replace("\r", "\n").translate(_SPACE_TABLE)
    lines = [line.strip() for line in text.split("\n")]
    out: list[str] = []
    for i, line in enumerate(lines):
        if not line or line.startswith((">", "|")):
            continue
        if line == "--" or line.upper() == "END" or _starts_quote(lines, i):
            break
        out.append(line)
    return tuple(out)


def source_text(body: str, lines: tuple[str, ...], first: int, last: int) -> str | None:
    """The mail's text from its command line `first` to `last` (1-based, as in `lines`,
    which command_lines gave for this body) as the sender wrote it: with the blank and
    quoted lines between them, right-hand spaces cut. None if the body does not match."""
    if not 1 <= first <= last <= len(lines):
        return None
    text = body.replace("\r\n", "\n").replace("\r", "\n").translate(_SPACE_TABLE)
    raw = text.split("\n")
    # The command lines are the body's first non-empty, unquoted lines, in order.
    at = [i for i, line in enumerate(raw) if (s := line.strip()) and not s.startswith((">", "|"))]
    if len(at) < last or any(raw[at[n - 1]].strip() != lines[n - 1] for n in (first, last)):
        return None
    return "\n".join(line.rstrip() for line in raw[at[first - 1]:at[last - 1] + 1])
