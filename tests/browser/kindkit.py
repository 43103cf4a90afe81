"""The mails gmbot can write, as its templates name them (issue 32, item 5): every
template of templates/ that writes a `Subject:` line is a mail's text, and the subjects
it can write. tests/browser/mail_kinds.yaml names each kind's template (`text:`); the
phone test checks the mail it caught has one of its subjects, and
test_every_mail_kind_is_here.py that no template is left out."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from gmbot.service.outbox.render import TEMPLATES

# A Jinja expression or statement in a subject line: any words (or none) in the mail.
_JINJA = re.compile(r"(\{\{.*?\}\}|\{%.*?%\})")
_OPENS, _CLOSES = re.compile(r"\{%-?\s*(if|for)\b"), re.compile(r"\{%-?\s*end(if|for)\b")


def mail_templates(folder: Path = TEMPLATES) -> list[str]:
    """The templates that write a mail (a `Subject:` line), by file name."""
    return sorted(path.name for path in folder.glob("*.txt.j2")
                  if _subject_lines(path.read_text(encoding="utf-8")))


def _subject_lines(text: str) -> list[str]:
    return [line[len("Subject:"):].strip() for line in text.splitlines()
            if line.startswith("Subject:")]


@cache
def subjects(template: str) -> list[re.Pattern[str]]:
    """The subjects `template` writes, each as a pattern: its own words as written, any
    words where it puts a value or chooses."""
    text = (TEMPLATES / template).read_text(encoding="utf-8")
    return [re.compile(_pattern(line), re.DOTALL) for line in _subject_lines(text)]


def _pattern(line: str) -> str:
    """A subject line as a pattern: a value any words; words the template writes only
    under a condition (inside `{% if %}` or `{% for %}`) may be missing."""
    out, depth = [], 0
    for piece in _JINJA.split(line):
        if piece.startswith(("{{", "{%")):
            depth += bool(_OPENS.match(piece)) - bool(_CLOSES.match(piece))
            out.append(".*?")
        elif piece:
            out.append(f"(?:{re.escape(piece)})?" if depth else re.escape(piece))
    return "".join(out)


def written_by(template: str, subject: str) -> bool:
    return any(pattern.fullmatch(subject) for pattern in subjects(template))
