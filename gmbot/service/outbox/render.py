"""Jinja2 rendering of every mail gmbot writes. A template's first line is
`Subject: ...`; the rest is the body. Templates get view records only (gmbot/service/
views/shown.py): redaction of what a recipient may not see happens before, in
gmbot/service/views/results.py."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from gmbot.service.outbox.template_folder import templates_folder

if TYPE_CHECKING:
    from collections.abc import Callable

    import jinja2

TEMPLATES = templates_folder()


@cache
def environment(folder: str | None = None) -> jinja2.Environment:
    """The environment of the text mails (NAME.txt.j2): nothing escaped."""
    return _environment(folder, html=False)


@cache
def html_environment(folder: str | None = None) -> jinja2.Environment:
    """The environment of the HTML parts (NAME.html.j2): the same templates and filters,
    every value escaped (autoescape), and `blocks`, a text written as text (a how-to, a
    reply's sections) as wrapping HTML (gmbot/mail/html.py)."""
    from markupsafe import Markup

    from gmbot.mail.html import MAP_STYLE, VIEWPORT, WRAPPER, text_blocks

    env = _environment(folder, html=True)
    env.filters["blocks"] = lambda text: Markup(text_blocks(str(text)))
    env.globals.update(wrapper_style=WRAPPER, map_style=MAP_STYLE, viewport=Markup(VIEWPORT))
    return env


def _environment(folder: str | None, html: bool) -> jinja2.Environment:
    # Imported here, not at the top: most `gmbot tick` runs render nothing, and Jinja is
    # a noticeable part of the start-up time.
    import jinja2

    from gmbot.service.outbox.view_environment import ViewEnvironment

    env = ViewEnvironment(
        # howto/NAME.txt.j2 is the how-to text in the folder of the variant or option NAME,
        # help/NAME.txt.j2 its part of HELP.
        loader=jinja2.ChoiceLoader([
            jinja2.FileSystemLoader(folder or str(TEMPLATES)),
            jinja2.PrefixLoader({"howto": jinja2.FunctionLoader(howto_source),
                                 "help": jinja2.FunctionLoader(help_source)}),
        ]),
        autoescape=html,  # plain-text mail, or its HTML part
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        # Templates are read once a process (as the site's, service/site/pages.py): a
        # template's file was checked for a change on each mail rendered, a third of an
        # acknowledgement's HTML part.
        auto_reload=False,
        # Compiled templates kept between processes (in a private folder of the user's
        # temporary directory, checked against the template's source): a piped mail or a
        # cron tick would otherwise compile its templates from source every time. The
        # HTML parts' files apart: the cache tells templates by name, not by escaping.
        bytecode_cache=jinja2.FileSystemBytecodeCache(
            pattern="__jinja2_html_%s.cache" if html else "__jinja2_%s.cache"),
    )
    env.filters["plural"] = lambda word, n, many=None: word if n == 1 else (many or word + "s")
    return env


def render_html(name: str, subject: str, has_map: bool = False, folder: str | None = None,
                **context: Any) -> str:
    """The HTML part of a mail from templates/NAME (autoescaped), titled `subject`. With
    `has_map`, the template shows the mail's picture from `map_src`. `map_link`: where the
    full-size map opens, None without one (a player's private page of the game's web site,
    when a game has one, goes here)."""
    from gmbot.mail.html import MAP_SRC

    context.setdefault("map_link", None)
    return str(html_environment(folder).get_template(name).render(
        subject=subject, map_src=MAP_SRC if has_map else None, **context))


def render_part(name: str, html: bool = False, folder: str | None = None,
                **context: Any) -> str:
    """A piece of a mail from templates/NAME, to pass to the template that shows it: a
    piece many mails share is rendered once. With `html`, autoescaped, and a value the
    HTML templates take as escaped already."""
    if not html:
        return environment(folder).get_template(name).render(**context)
    from markupsafe import Markup

    return Markup(html_environment(folder).get_template(name).render(**context))


def text_html(subject: str, text: str, has_map: bool = False, **context: Any) -> str:
    """The HTML part of a mail written as text (text.html.j2): headed by its subject
    without the game's tag, its paragraphs as wrapping blocks, the map after the first.
    The page around them is rendered once per kind of page (map or not, the same other
    values), with marks where the values go, and the values put in per mail: the Jinja
    rendering of every acknowledgement's HTML part was a tenth of reading an orders mail
    (benchmarks/ingest.py asked). The same bytes as rendering it each time."""
    from markupsafe import escape

    from gmbot.mail.html import text_blocks

    title = subject.split("] ", 1)[1] if subject.startswith("[") and "] " in subject else subject
    paragraphs = text.strip().split("\n\n")
    values = {"subject": str(escape(subject)), "title": str(escape(title)),
              "first": text_blocks(paragraphs[0]),
              "rest": text_blocks("\n\n".join(paragraphs[1:]))}
    try:
        pieces = _text_page(has_map, tuple(sorted(context.items())))
    except TypeError:  # a value that cannot be a key: no page kept for it
        pieces = _text_page.__wrapped__(has_map, tuple(sorted(context.items())))
    # Pieces alternate: the page's own text, then the name of the value that goes next.
    return "".join(piece if i % 2 == 0 else values[piece] for i, piece in enumerate(pieces))


@lru_cache(maxsize=32)
def _text_page(has_map: bool, context: tuple[tuple[str, Any], ...]) -> list[str]:
    """text.html.j2 rendered with a mark for each value, cut at the marks."""
    import re

    from markupsafe import Markup

    marks = {name: Markup(f"\x00{name}\x00") for name in ("subject", "title", "first", "rest")}
    page = render_html("text.html.j2", marks["subject"], has_map, title=marks["title"],
                       first=marks["first"], rest=marks["rest"], **dict(context))
    return re.split("\x00(subject|title|first|rest)\x00", page)


def howto_source(name: str) -> tuple[str, str, Callable[[], bool]] | None:
    """The template `howto/NAME.txt.j2`: the how-to text its declaration names, or None
    (not found) for a name no declaration has or a declaration without one."""
    return _part_source(name, "howto")


def help_source(name: str) -> tuple[str, str, Callable[[], bool]] | None:
    """The template `help/NAME.txt.j2`: the variant's or option's part of HELP."""
    return _part_source(name, "help")


def _part_source(name: str, part: str) -> tuple[str, str, Callable[[], bool]] | None:
    from gmbot.variants import declaration

    found = declaration(name.removesuffix(".txt.j2"))
    path = getattr(found, part) if found else None
    if path is None or not path.is_file():
        return None
    source = path.read_text(encoding="utf-8")
    return source, str(path), lambda: path.read_text(encoding="utf-8") == source


def render(name: str, folder: str | None = None, **context: Any) -> tuple[str, str]:
    text = environment(folder).get_template(name).render(**context)
    first, _, body = text.partition("\n")
    if not first.startswith("Subject:"):
        raise ValueError(f"template {name} must start with a Subject: line")
    return first[len("Subject:"):].strip(), body.lstrip("\n")
