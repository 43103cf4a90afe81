"""Jinja2 rendering of every mail gmbot writes. A template's first line is
`Subject: ...`; the rest is the body. Templates get plain view data only: redaction of
what a recipient may not see happens before, in gmbot/service/views/results.py."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from gmbot.service.outbox.template_folder import templates_folder

if TYPE_CHECKING:
    import jinja2

TEMPLATES = templates_folder()


@cache
def environment(folder: str | None = None) -> jinja2.Environment:
    # Imported here, not at the top: most `gmbot tick` runs render nothing, and Jinja is
    # a noticeable part of the start-up time.
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder or str(TEMPLATES)),
        autoescape=False,  # plain-text mail
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        # Compiled templates kept between processes (in a private folder of the user's
        # temporary directory, checked against the template's source): a piped mail or a
        # cron tick would otherwise compile its templates from source every time.
        bytecode_cache=jinja2.FileSystemBytecodeCache(),
    )
    env.filters["plural"] = lambda word, n, many=None: word if n == 1 else (many or word + "s")
    return env


def render(name: str, folder: str | None = None, **context: Any) -> tuple[str, str]:
    text = environment(folder).get_template(name).render(**context)
    first, _, body = text.partition("\n")
    if not first.startswith("Subject:"):
        raise ValueError(f"template {name} must start with a Subject: line")
    return first[len("Subject:"):].strip(), body.lstrip("\n")
