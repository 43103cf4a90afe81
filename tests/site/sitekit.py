"""Helpers for the web pages' tests: a judge whose gmbot.yaml keeps a site, the players'
private links read from their results mails, `gmbot web`'s server in a thread, and the
pages' visible text."""

from __future__ import annotations

import html
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gmbot.config import SiteConfig
from gmbot.daemon.web import site_server
from tests.loop.judgekit import Judge, body

URL = "https://games.example.test"
LINK = re.compile(re.escape(URL) + r"(/games/[a-z0-9-]+/p/[a-z0-9]+/)")


def keep_site(judge: Judge) -> Path:
    """The judge keeps its site (as gmbot.yaml's `site: {dir, url}` would say)."""
    folder = judge.home / "site"
    judge.app.config.site = SiteConfig(dir=folder, url=URL)
    return folder


def private_links(judge: Judge) -> dict[str, str]:
    """Each player's private path, as the last results mail to him names it."""
    found: dict[str, str] = {}
    for mail in judge.outbox():
        if "results" in str(mail["Subject"]):
            match = LINK.search(body(mail))
            if match:
                found[str(mail["To"])] = match.group(1)
    return found


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """`gmbot web`'s server of `folder` on a free port; its base address."""
    server = site_server(folder, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as answer:  # noqa: S310 - our own local server
            return int(answer.status)
    except urllib.error.HTTPError as e:
        return e.code


def text_of(path: Path) -> str:
    """A page's text without its markup, entities decoded (what a reader could read)."""
    raw = path.read_text(encoding="utf-8")
    return html.unescape(re.sub(r"<[^>]+>", " ", raw))


def pages(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.html"))
