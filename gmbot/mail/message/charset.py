"""Bytes to text the way mail needs it: the declared charset when it fits, mislabelled
charsets read as what their senders meant, stray 8-bit bytes as windows-1252."""

from __future__ import annotations

import codecs

# Mail clients mislabel; follow the WHATWG habit of reading latin-1 as windows-1252 and
# prefer supersets for CJK labels.  An empty tuple means "treat as undeclared".
_CHARSET_ALIASES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1"), ("cp1252",)),
    **dict.fromkeys(("us-ascii", "ascii", "unknown-8bit", "x-unknown", "unknown"), ()),
    **dict.fromkeys(("gb2312", "gbk", "x-gbk"), ("gb18030",)),
    **dict.fromkeys(("shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji"), ("cp932",)),
    **dict.fromkeys(("ks_c_5601-1987", "euc-kr"), ("cp949",)),
}
# windows-1252 reading of each byte; its five undefined bytes fall back to latin-1.
_LEGACY_TABLE = "".join(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in range(256))
_LEGACY_ERRORS = "gmbot-mail-legacy"


def _legacy_bytes(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    bad = exc.object[exc.start : exc.end]
    return "".join(_LEGACY_TABLE[b] for b in bad), exc.end


codecs.register_error(_LEGACY_ERRORS, _legacy_bytes)


def decode_bytes(data: bytes, charset: str | None) -> str:
    """Decode with the declared charset if it fits, else UTF-8 reading stray bytes as cp1252.

    Per-byte fallback instead of U+FFFD keeps mixed or undeclared 8-bit text readable.
    """
    label = (charset or "").strip().strip('"').lower()
    for codec in _CHARSET_ALIASES.get(label, (label,) if label else ()):
        try:
            text = data.decode(codec)
        except (LookupError, ValueError):
            continue
        return text.removeprefix("\ufeff")
    return data.decode("utf-8", _LEGACY_ERRORS).removeprefix("\ufeff")
