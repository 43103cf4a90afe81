"""Plain text as HTML that wraps on a phone: what a mail's HTML part shows when no
template made one (gmbot/service/outbox renders the mails that have templates), and the
blocks those templates use for text written as text (a how-to, a reply's sections).

Mail-client conventions: inline styles on the elements themselves (Gmail drops the
<body>'s attributes and most <style> rules), no script, no table; long words and
addresses wrap anywhere, so nothing is wider than the screen."""

from __future__ import annotations

from html import escape

FONT = "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
# Dark grey on white: 16:1 contrast; links a blue of 8:1.
WRAPPER = ("max-width:960px;margin:0 auto;padding:12px;color:#1a1a1a;background:#ffffff;"
           f"font-family:{FONT};font-size:16px;line-height:1.45;"
           "overflow-wrap:anywhere;word-wrap:break-word;word-break:break-word")
VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'
MAP_STYLE = "display:block;max-width:100%;height:auto;border:0"
# How an HTML part names its map: compose gives the picture a Content-ID made from the
# Message-ID (which the renderer does not know yet) and points this source at it.
MAP_SRC = "cid:map"


def text_blocks(text: str) -> str:
    """The text as escaped HTML: a block per paragraph (lines apart from blank ones), a
    line per line of the text, so every line, example and table row the text part has is
    a line on a phone too (a long one wraps at the screen's width, never into the next),
    an indented line indented (1 em for 2 spaces); a line underlined with = or - (a
    heading of the text) a heading, its underline gone. No <pre>."""
    blocks: list[str] = []
    lines: list[str] = []  # the paragraph's lines as HTML so far
    rows = [raw.rstrip() for raw in text.splitlines()]
    under = [*map(_underline, rows), False]  # each row's, once (a row is asked about thrice)
    for i, line in enumerate([*rows, ""]):
        if under[i] and i > 0 and not under[i - 1] and rows[i - 1].strip():
            continue  # the heading above it is drawn as a heading
        if not line.strip():
            if lines:
                blocks.append('<div style="margin:0 0 12px 0">' + "".join(lines) + "</div>")
                lines = []
            continue
        heading = under[i + 1] and not under[i]
        lines.append(_line(len(line) - len(line.lstrip(" ")), line.strip(), heading))
    return "\n".join(blocks)


def _underline(line: str) -> bool:
    """A text heading's underline: a line of = or - alone, three or more."""
    text = line.strip()
    return len(text) >= 3 and len(set(text)) == 1 and text[0] in "=-"


def _line(indent: int, text: str, heading: bool = False) -> str:
    pad = f"padding-left:{indent / 2:g}em;" if indent else ""
    bold = "font-weight:bold;color:#0b3d91;" if heading else ""
    return f'<div style="{pad}{bold}margin:0">{escape(text)}</div>'


def text_page(text: str, with_map: bool = False, title: str = "") -> str:
    """A whole HTML page of the text, the map (by MAP_SRC) below it when `with_map`."""
    picture = (f'\n<p style="margin:0 0 12px 0"><img src="{MAP_SRC}" alt="Map of the board"'
               f' style="{MAP_STYLE}"></p>' if with_map else "")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">{VIEWPORT}'
            f"<title>{escape(title)}</title></head>\n"
            f'<body style="margin:0;padding:0;background:#ffffff">\n'
            f'<div style="{WRAPPER}">\n{text_blocks(text)}{picture}\n</div>\n</body></html>\n')
