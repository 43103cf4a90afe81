"""Passwords written in press are never relayed nor stored in clear: the word after
`PASSWORD` or `PW` anywhere in a message (a colon between them or not), and after `PASS`
where the judge would read it as a password (`PASS word` alone on a line or after the
header's colon, or `PASS: word`), is masked before the message is checked, relayed or
kept. A one-line message (`BROADCAST: PW secret`) is masked the same as a block. Pure
text; what the mail's stored copy keeps is the inbound redaction's (same words)."""

from __future__ import annotations

import re

MASK = "[password not relayed]"

_SPACE = r"[^\S\n]"
_SECRET = re.compile(
    rf"(?im)(\b(?:password|pw)(?:{_SPACE}*:{_SPACE}*|{_SPACE}+)"
    rf"|\bpass{_SPACE}*:{_SPACE}*"
    rf"|(?:^|:){_SPACE}*pass{_SPACE}+(?=\S+{_SPACE}*$))(\S+)")


def mask_secrets(text: str) -> tuple[str, bool]:
    """`text` with every password in it masked, and whether there was one."""
    masked, n = _SECRET.subn(lambda m: m.group(1) + MASK, text)
    return masked, n > 0
