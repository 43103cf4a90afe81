"""RULES: the player's primers of a game's variant and of each of its options (their
folders' primer.md); RULES FULL: their complete rulings (guide.md); as plain text for a
mail, with the link the GM set in the game file.

A guide is the same for every game of a variant and options: the text is made once per
process for each (variant, options, link) and kept (issue 26 asks that RULES be rendered
once per game, not per mail; a guide is tens of kilobytes of Markdown to convert)."""

from __future__ import annotations

import re
from functools import lru_cache

from gmbot.variants import DECLARED_OPTIONS, declaration

_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_CODE = re.compile(r"`([^`]*)`")
_STRONG = re.compile(r"\*\*([^*]+)\*\*|__([^_]+)__")
_EMPHASIS = re.compile(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])")
_RULE_ROW = re.compile(r"^\|?\s*:?-{3,}")


@lru_cache(maxsize=64)
def rules_text(variant: str, options: tuple[str, ...], link: str | None,
               full: bool = False) -> str:
    """The primers (`full`: the complete rulings) of `variant` and of `options` (names of
    options switched on), and the GM's `link`, as one plain text."""
    parts = []
    for name in (variant, *options):
        found = declaration(name)
        if found is None or (name != variant and name not in DECLARED_OPTIONS):
            continue
        text = (found.guide if full else found.primer).read_text(encoding="utf-8")
        parts.append(plain_text(text))
    if link:
        parts.append(f"The game master's page for this game: {link}")
    return "\n\n".join(parts).rstrip() + "\n"


def plain_text(markdown: str) -> str:
    """A guide's Markdown as a mail reads it: headings underlined, tables one row a line
    with cells parted by " | " (no columns aligned with spaces), links as their text
    (a web address after it), code blocks indented, no code or emphasis marks."""
    out: list[str] = []
    paragraph: list[str] = []  # its marks may run over a line's end: read as one

    def flush() -> None:
        if paragraph:
            out.extend(_inline("\n".join(paragraph)).split("\n"))
            paragraph.clear()

    fenced = False
    for line in markdown.splitlines():
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        if line.lstrip().startswith("```"):
            flush()
            fenced = not fenced  # a code block: its lines as they are, indented
        elif fenced:
            out.append("    " + line)
        elif heading:
            flush()
            text = _inline(heading.group(2))
            out += [text, ("=" if len(heading.group(1)) == 1 else "-") * len(text)]
        elif line.lstrip().startswith("|"):
            flush()
            if _RULE_ROW.match(line.strip()):
                continue
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
            out.append("  " + " | ".join(_inline(c) or "-" for c in cells))
        elif not line.strip():
            flush()
            out.append("")
        else:
            paragraph.append(line)
    flush()
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"


def _inline(text: str) -> str:
    text = _LINK.sub(lambda m: m.group(1) if not re.match(r"[a-z]+:", m.group(2))
                     else f"{m.group(1)} ({m.group(2)})", text)
    text = _CODE.sub(r"\1", text)
    text = _STRONG.sub(lambda m: m.group(1) or m.group(2), text)
    text = _EMPHASIS.sub(r"\1", text)
    return text.replace("\\|", "|")
