"""`gmbot web`: the site folder served on this machine, for a GM without a web server.
Python's http.server, with two changes that keep private pages private: no folder is
ever listed (a listing of games/NAME/p/ would give away every player's link), and a
path that names no file gets a plain 404."""

from __future__ import annotations

import functools
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class SiteHandler(SimpleHTTPRequestHandler):
    def list_directory(self, path: str | Any) -> None:
        self.send_error(HTTPStatus.NOT_FOUND, "Not found")
        return None

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass  # the private links must not land in a log on the terminal


def site_server(folder: Path, port: int, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """A server of `folder` on `host`:`port` (0: any free port); call serve_forever()."""
    handler = functools.partial(SiteHandler, directory=str(folder))
    return ThreadingHTTPServer((host, port), handler)
