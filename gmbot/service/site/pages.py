"""The Jinja templates of the web pages (templates/site/), autoescaped: a page shows
only the view data it is given (gathered through the single redaction point), and any
text a player wrote (press, names) is escaped."""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Any

from gmbot.service.outbox.template_folder import templates_folder

RESULT_WORDS = {"succeeds": "succeeds", "no_order": "no order: holds"}


@cache
def environment() -> Any:
    import jinja2  # as in outbox/render.py: only the runs that write pages pay for it

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_folder() / "site")),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        # Templates are read once a process: a site is a thousand pages, each including
        # its parts, and checking every file's time for each was a tenth of the time.
        auto_reload=False,
        bytecode_cache=jinja2.FileSystemBytecodeCache(),
    )
    env.filters["plural"] = lambda word, n, many=None: word if n == 1 else (many or word + "s")
    env.filters["result"] = lambda code: RESULT_WORDS.get(code, str(code).replace("_", " "))
    return env


def page(name: str, **context: Any) -> str:
    """The page rendered from templates/site/NAME."""
    return str(environment().get_template(name).render(**context))


def fragment(name: str, **context: Any) -> Any:
    """A part of several pages rendered once, for them to include as it is (escaped
    already: its text passed through the templates' autoescaping)."""
    from markupsafe import Markup

    return Markup(page(name, **context))


@cache
def templates_stamp() -> str:
    """A fingerprint of the page templates and of gmbot's version: a page made by other
    templates or another release is made again, the others are kept."""
    from gmbot import __version__

    digest = hashlib.sha256(__version__.encode())
    for path in sorted((templates_folder() / "site").iterdir()):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def stylesheet() -> bytes:
    return (templates_folder() / "site" / "site.css").read_bytes()
