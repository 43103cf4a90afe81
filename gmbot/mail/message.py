"""Decode a raw RFC 5322 message into what the judge reads: sender, ids, command lines.

Shared by every inbound transport; knows nothing about games.  Nothing here raises on
malformed input: whatever can be read is returned.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.policy import EmailPolicy
from email.utils import parseaddr, parsedate_to_datetime
from functools import lru_cache
from html.parser import HTMLParser
from types import MappingProxyType
from typing import Any

__all__ = [
    "InboundMail",
    "automated_reason",
    "command_lines",
    "decode_bytes",
    "html_to_text",
    "parse_message",
    "source_text",
]


@dataclass(frozen=True)
class InboundMail:
    """One decoded inbound message; see parse_message."""

    message_id: str | None  # without angle brackets
    sender: str  # bare From address, lower-cased; "" if none
    sender_name: str
    return_path: str | None  # "" for the null path <>, None if the header is absent
    subject: str
    date: datetime | None  # always timezone-aware
    in_reply_to: str | None
    references: tuple[str, ...]
    body: str
    lines: tuple[str, ...]
    size: int
    # Only the headers automated_reason needs (see _KEPT_HEADERS) plus every X-* header,
    # so a custom loop header is available too.  Excluded from hashing: it is a mapping.
    headers: Mapping[str, str] = field(hash=False)


# --- charsets ---------------------------------------------------------------------------

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


# --- headers ----------------------------------------------------------------------------

_KEPT_HEADERS = frozenset(
    {"auto-submitted", "precedence", "list-id", "list-unsubscribe", "list-post", "content-type"}
)
_SURROGATES = re.compile("[\udc80-\udcff]")
_LINEBREAKS = re.compile(r"[\r\n]")
_MSG_ID = re.compile(r"<([^<>]*)>")
_BRACKETED_ADDR = re.compile(r"<([^<>\s]+@[^<>\s]+)>")
_BARE_ADDR = re.compile(r"[^\s<>\"'(),;:]+@[\w.-]+")
_PLAUSIBLE_ADDR = re.compile(r'^("[^"]*"|[^\s<>"()@,;:]+)@[^\s<>"()@,;:]+$')
# RFC 5321 4.5.3.1: a path is at most 256 octets, so no address anyone can answer is longer
# than 254 characters; RFC 5322 2.1.1: no header line, so no Message-ID, passes 998.
MAX_ADDRESS = 254
MAX_MESSAGE_ID = 998


def _fix_8bit(value: str) -> str:
    # Raw 8-bit header bytes reach us surrogate-escaped; read them like an undeclared body.
    if _SURROGATES.search(value):
        value = decode_bytes(value.encode("utf-8", "surrogateescape"), None)
    return _LINEBREAKS.sub("", value)


@lru_cache(maxsize=1024)  # senders write again and again; header objects are immutable
def _header(name: str, raw: str) -> Any:
    """A policy.default header object (RFC 2047 decoded), degrading to plain text."""
    value = _fix_8bit(raw)
    for factory_name in (name, "x-unstructured"):
        try:
            return policy.default.header_factory(factory_name, value)
        except Exception:
            continue
    return value


# The two below are cached by the header's text: players write again and again from the
# same address, and the `email` package's structured parse of one header cost more than
# the rest of reading a short mail.
@lru_cache(maxsize=2048)
def _text(name: str, raw: str | None) -> str:
    return "" if raw is None else " ".join(str(_header(name, raw)).split())


@lru_cache(maxsize=2048)
def _address(raw: str | None) -> tuple[str, str]:
    if raw is None:
        return "", ""
    header = _header("from", raw)
    try:
        for addr in header.addresses:
            if _PLAUSIBLE_ADDR.match(addr.addr_spec):
                return addr.addr_spec.lower(), " ".join(addr.display_name.split())
    except Exception:
        pass
    # Unbalanced quotes or brackets defeat the parser; pick out anything address-shaped.
    text = str(header)
    found = _BRACKETED_ADDR.search(text) or _BARE_ADDR.search(text)
    if not found:
        return "", ""
    name = text[: found.start()].strip(" \t\"'<")
    return found.group(found.lastindex or 0).lower(), " ".join(name.split())


def _return_path(raw: str | None) -> str | None:
    if raw is None:
        return None
    value = _fix_8bit(raw).strip()
    if not value.strip("<> \t"):
        return ""
    return (parseaddr(value)[1] or value.strip("<> \t")).lower()


def _msg_ids(raw: str | None) -> list[str]:
    if raw is None:
        return []
    value = _fix_8bit(raw)
    ids = ["".join(m.split()) for m in _MSG_ID.findall(value)]
    if not ids:  # missing or unbalanced brackets: take whatever looks like an id
        ids = [token for token in re.split(r"[\s<>]+", value) if "@" in token]
    return [i for i in ids if i and len(i) <= MAX_MESSAGE_ID]


def _nul_free(value: str) -> str:
    """NUL is no character of any mail text (and PostgreSQL cannot store it)."""
    return value.replace("\x00", "") if "\x00" in value else value


def _date(raw: str | None) -> datetime | None:
    if not raw:
        return None
    try:
        when = parsedate_to_datetime(_fix_8bit(raw).strip())
    except Exception:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)  # "-0000" parses naive


# --- bodies -----------------------------------------------------------------------------


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


def _body(msg: Message) -> str:
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


# --- HTML -------------------------------------------------------------------------------

_BLOCK_TAGS = frozenset(
    ("h1", "h2", "h3", "h4", "h5", "h6", "dd", "dl", "dt", "li", "ol", "ul", "hr", "p", "pre")
    + ("table", "tbody", "tfoot", "thead", "tr", "div", "center", "form", "address")
    + ("article", "aside", "footer", "header", "section")
)
# Content dropped entirely; blockquote carries the quoted reply.
_SKIP_TAGS = frozenset({"blockquote", "head", "script", "style", "template", "title"})
_HTML_SPACE = re.compile(r"[ \t\r\n\f]+")  # HTML whitespace only, so &nbsp; survives


class _TextExtractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0
        self.pre = 0
        self.line_start = True

    def _break(self, force: bool = False) -> None:
        # Adjacent block boundaries make one line break, as a browser renders them.
        if force or not self.line_start:
            self.parts.append("\n")
            self.line_start = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP_TAGS:
            self.skip += 1
        elif self.skip:
            return
        elif tag == "br":
            self._break(force=True)
        elif tag in ("td", "th"):
            self.parts.append(" ")
        elif tag in _BLOCK_TAGS:
            self.pre += tag == "pre"
            self._break()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _SKIP_TAGS:  # <script/> must not open a skipped region
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP_TAGS:
            self.skip = max(0, self.skip - 1)
        elif tag in _BLOCK_TAGS and not self.skip:
            self.pre = max(0, self.pre - (tag == "pre"))
            self._break()

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        text = data if self.pre else _HTML_SPACE.sub(" ", data)
        self.parts.append(text)
        if text.strip(" "):
            self.line_start = text.endswith("\n")


# A complete tag or comment (an unclosed comment runs to the end), else a lone "<".
_HTML_TOKEN = re.compile(r"<!--.*?(?:-->|\Z)|<[a-zA-Z/!?][^<>]*>|<", re.DOTALL)


def _close_html_token(match: re.Match[str]) -> str:
    token = match.group()
    if token == "<":
        return "&lt;"
    return token if not token.startswith("<!--") or token.endswith("-->") else token + "-->"


def html_to_text(html: str) -> str:
    """Plain text of *html*: one line per block, quoted replies, scripts and styles dropped."""
    parser = _TextExtractor()
    try:
        # html.parser rescans unfinished constructs, which is quadratic on hostile input
        # such as many "<" without ">"; hand it only complete tags and comments.
        parser.feed(_HTML_TOKEN.sub(_close_html_token, html))
        parser.close()
    except Exception:
        pass  # keep whatever was parsed before the breakage
    lines = [line.strip() for line in "".join(parser.parts).split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n")


# --- command lines ----------------------------------------------------------------------

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


def _is_attribution(line: str) -> bool:
    return bool(re.search(r"[\d@]", line)) and bool(_ATTRIBUTION.match(line))


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


# --- parsing ----------------------------------------------------------------------------


class _CachingPolicy(EmailPolicy):
    """policy.default, except that a header asked for again is not parsed again: reading
    a body asks for Content-Type about ten times (type, maintype, charset, params...), and
    the structured parse was most of the time spent on a mail. Header objects are
    immutable, so one may serve every fetch of the same name and value."""

    def header_fetch_parse(self, name: str, value: str) -> Any:
        if hasattr(value, "name"):
            return value
        return _fetch_parse(name, value)


@lru_cache(maxsize=512)
def _fetch_parse(name: str, value: str) -> Any:
    return policy.default.header_fetch_parse(name, value)


_POLICY = _CachingPolicy()



def parse_message(raw: bytes) -> InboundMail:
    """Decode *raw*; never raises, returning whatever fields could be read."""
    data = bytes(raw)
    try:
        msg: Message = BytesParser(policy=_POLICY).parsebytes(data)
        items = list(msg.raw_items())
    except Exception:
        msg, items = EmailMessage(), []
    first: dict[str, str] = {}
    for name, value in items:
        first.setdefault(name.strip().lower(), value)

    try:
        body = _nul_free(_body(msg))
    except Exception:
        body = ""
    first = {name: _nul_free(value) for name, value in first.items()}
    sender, sender_name = _address(first.get("from"))
    if len(sender) > MAX_ADDRESS:
        sender = ""  # nobody to answer
    ids = _msg_ids(first.get("message-id"))
    reply_to = _msg_ids(first.get("in-reply-to"))
    kept = {
        name: _text(name, value)
        for name, value in first.items()
        if name in _KEPT_HEADERS or name.startswith("x-")
    }
    return InboundMail(
        message_id=ids[0] if ids else None,
        sender=sender,
        sender_name=sender_name,
        return_path=_return_path(first.get("return-path")),
        subject=_text("subject", first.get("subject")),
        date=_date(first.get("date")),
        in_reply_to=reply_to[0] if reply_to else None,
        references=tuple(_msg_ids(first.get("references"))),
        body=body,
        lines=command_lines(body),
        size=len(data),
        headers=MappingProxyType(kept),
    )


# --- automated mail ---------------------------------------------------------------------

_BULK_PRECEDENCE = frozenset({"bulk", "junk", "list", "auto_reply", "auto-reply"})
_SUPPRESS_VALUES = re.compile(r"\b(all|autoreply|oof)\b", re.IGNORECASE)
_AUTO_SUBJECT = re.compile(
    r"^(auto:|auto(matic)?[ -]?(reply|response)|out of (the )?office|abwesenheit"
    r"|automatische antwort|réponse automatique|respuesta automática)",
    re.IGNORECASE,
)


def _token(value: str | None) -> str | None:
    return None if value is None else value.split(";")[0].strip().lower()


def automated_reason(
    mail: InboundMail, *, judge_addresses: Iterable[str], loop_header: str = "X-Gmbot-Loop"
) -> str | None:
    """Why the judge must not answer *mail* (bounce, auto-reply, list, loop), or None.

    X-Auto-Response-Suppress alone is not enough: Exchange and many notification systems
    put it on ordinary mail.  It counts only with an auto-reply subject or Exchange's
    inbox-rules loop marker, which together identify old Exchange out-of-office replies.
    """
    h = mail.headers
    if loop_header.lower() in h:
        return f"carries the {loop_header} header (mail loop)"
    own = {(parseaddr(a)[1] or a).strip().lower() for a in judge_addresses}
    if mail.sender and mail.sender in own:
        return "sent from the judge's own address"
    local = mail.sender.split("@")[0]
    if local in ("mailer-daemon", "postmaster"):
        return f"bounce from {local}"
    if mail.return_path == "":
        return "null Return-Path <> (bounce)"
    ctype = _token(h.get("content-type"))
    if ctype in ("multipart/report", "message/delivery-status"):
        return f"delivery report ({ctype})"
    auto = _token(h.get("auto-submitted"))
    if auto is not None and auto != "no":
        return f"Auto-Submitted: {auto or '(empty)'}"
    precedence = _token(h.get("precedence"))
    if precedence in _BULK_PRECEDENCE:
        return f"Precedence: {precedence}"
    for name, label in (("list-id", "List-Id"), ("list-unsubscribe", "List-Unsubscribe")):
        if name in h:
            return f"mailing list ({label})"
    for name, label in (("x-autoreply", "X-Autoreply"), ("x-autorespond", "X-Autorespond")):
        if name in h:
            return f"auto-reply ({label})"
    suppress = h.get("x-auto-response-suppress")
    exchange_oof = _AUTO_SUBJECT.match(mail.subject) or "x-ms-exchange-inbox-rules-loop" in h
    if suppress and _SUPPRESS_VALUES.search(suppress) and exchange_oof:
        return "auto-reply (X-Auto-Response-Suppress with auto-reply markers)"
    return None
