"""`gmbot web`: the site folder served on this machine, for a GM without a web server.
Python's http.server, with changes that keep private pages private: no folder is ever
listed (a listing of games/NAME/p/ would give away every player's link), and a path that
names no file gets a plain 404; and with bounds, so that slow or idle visitors cannot hold
it (issue 31: 1,026 slow connections left every visitor unanswered with a core spinning):

- a read timeout (READ_TIMEOUT seconds): a connection that sends nothing, or too slowly,
  is closed, and its thread ends;
- a cap on connections served at once (MAX_CONNECTIONS): past it a new connection is
  closed at once, without a thread;
- no busy loop when the process runs out of file descriptors: accept() failing for want
  of them waits a moment before the next try, instead of being retried at once for ever.

Given the home's App, it also serves the readers' one-click unsubscribe links
(`/stop/GAME/SCOPE/TOKEN`, service/joining/stop_link.py): GET shows a confirm page and
never acts, POST stops the mail; a link that is no reader's gets a 404 and does nothing."""

from __future__ import annotations

import errno
import functools
import socket
import threading
import time
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gmbot.service.app import App
    from gmbot.service.joining.stop_link import Page

READ_TIMEOUT = 10.0  # seconds a connection may take to send each part of its request
MAX_CONNECTIONS = 64  # served at once; each holds a thread and a descriptor
OUT_OF_FILES_PAUSE = 0.1  # seconds to wait when accept() finds no descriptor left
_OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
STOP_PREFIX = "/stop/"
MAX_POST = 4096  # bytes of a POST's body read (RFC 8058's is List-Unsubscribe=One-Click)


class SiteHandler(SimpleHTTPRequestHandler):
    timeout = READ_TIMEOUT  # StreamRequestHandler sets it on the socket

    def list_directory(self, path: str | Any) -> None:
        self.send_error(HTTPStatus.NOT_FOUND, "Not found")
        return None

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass  # the private links must not land in a log on the terminal

    def do_GET(self) -> None:
        if self.path.startswith(STOP_PREFIX) and self._stop("GET"):
            return
        super().do_GET()

    def do_POST(self) -> None:
        if not (self.path.startswith(STOP_PREFIX) and self._stop("POST")):
            self.send_error(HTTPStatus.NOT_FOUND, "Not found")

    def _stop(self, method: str) -> bool:
        """A one-click link, if the server has a home to act on; False: not served here."""
        app: App | None = getattr(self.server, "app", None)
        if app is None:
            return False
        from gmbot.service.joining.stop_link import confirm_page, stop_by_link

        parts = self.path[len(STOP_PREFIX):].split("?", 1)[0].split("/")
        page = None
        if len(parts) == 3:
            if method == "POST":
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(min(max(length, 0), MAX_POST))  # its content changes nothing
                page = stop_by_link(app, *parts)
            else:
                page = confirm_page(app, *parts)
        if page is None:
            self.send_error(HTTPStatus.NOT_FOUND, "Not found")
        else:
            self._page(page)
        return True

    def _page(self, page: Page) -> None:
        from gmbot.service.outbox.render import html_environment

        data = html_environment().get_template("stop_page.html.j2").render(
            page=page).encode("utf-8")
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)


class SiteServer(ThreadingHTTPServer):
    """A threading server with a cap on the connections it serves at once."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, address: tuple[str, int], handler: Any,
                 max_connections: int = MAX_CONNECTIONS, app: App | None = None) -> None:
        super().__init__(address, handler)
        self.app = app  # the home the one-click links act on; None: pages only
        self.slots = threading.BoundedSemaphore(max_connections)
        self.turned_away = 0  # connections closed at once for want of a slot

    def get_request(self) -> tuple[socket.socket, Any]:
        try:
            return super().get_request()
        except OSError as e:
            if e.errno in _OUT_OF_FILES:
                time.sleep(OUT_OF_FILES_PAUSE)  # the listening socket stays readable
            raise

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            self.turned_away += 1
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def site_server(folder: Path, port: int, host: str = "127.0.0.1", *,
                timeout: float = READ_TIMEOUT, max_connections: int = MAX_CONNECTIONS,
                app: App | None = None) -> SiteServer:
    """A server of `folder` on `host`:`port` (0: any free port); call serve_forever().
    With `app`, the one-click links of its home too."""
    handler = functools.partial(_handler(timeout), directory=str(folder))
    return SiteServer((host, port), handler, max_connections, app)


@functools.cache
def _handler(timeout: float) -> type[SiteHandler]:
    """The handler class with its read timeout (a class attribute, as the base reads it)."""
    if timeout == READ_TIMEOUT:
        return SiteHandler
    return type("SiteHandler", (SiteHandler,), {"timeout": timeout})
