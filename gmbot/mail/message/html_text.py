"""HTML mail as plain text: one line per block, quoted replies, scripts and styles dropped,
linear on hostile input."""

from __future__ import annotations

import re
from html.parser import HTMLParser

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
