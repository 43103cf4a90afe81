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


WRAPPED = 60  # a text line this long was most likely wrapped by its writer, not ended


def text_blocks(text: str) -> str:
    """The text as escaped HTML: a block per paragraph (lines apart from blank ones), a
    line per line, an indented line indented (1 em for 2 spaces). A line the writer
    wrapped (a long one, followed by one at the indentation its text had) flows on into
    the next, so a phone wraps it at its own width. No <pre>."""
    blocks: list[str] = []
    lines: list[tuple[int, str]] = []  # (indentation, text) of the paragraph so far
    previous = ""  # the paragraph's last line as written
    for raw in [*text.splitlines(), ""]:
        line = raw.rstrip()
        if not line.strip():
            if lines:
                blocks.append('<div style="margin:0 0 12px 0">'
                              + "".join(_line(*one) for one in lines) + "</div>")
                lines = []
            continue
        if lines and _continues(previous, lines[-1], line):
            lines[-1] = (lines[-1][0], f"{lines[-1][1]} {line.strip()}")
        else:
            lines.append((len(line) - len(line.lstrip(" ")), line.strip()))
        previous = line
    return "\n".join(blocks)


def _continues(previous: str, joined: tuple[int, str], line: str) -> bool:
    """Whether `line` goes on with the `previous` line as written (part of the logical
    line `joined`: its indentation and text): that one was long and did not end with a
    colon, and this one is no list item and starts where the logical line's text did
    (after a list's "- ")."""
    indent, text = joined
    stripped = line.lstrip(" ")
    start = indent + (2 if text.startswith(("- ", "* ")) else 0)
    return (len(previous) >= WRAPPED and not previous.endswith(":")
            and not stripped.startswith(("- ", "* "))
            and len(line) - len(stripped) == start)


def _line(indent: int, text: str) -> str:
    pad = f"padding-left:{indent / 2:g}em;" if indent else ""
    return f'<div style="{pad}margin:0">{escape(text)}</div>'


def text_page(text: str, with_map: bool = False, title: str = "") -> str:
    """A whole HTML page of the text, the map (by MAP_SRC) below it when `with_map`."""
    picture = (f'\n<p style="margin:0 0 12px 0"><img src="{MAP_SRC}" alt="Map of the board"'
               f' style="{MAP_STYLE}"></p>' if with_map else "")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">{VIEWPORT}'
            f"<title>{escape(title)}</title></head>\n"
            f'<body style="margin:0;padding:0;background:#ffffff">\n'
            f'<div style="{WRAPPER}">\n{text_blocks(text)}{picture}\n</div>\n</body></html>\n')
