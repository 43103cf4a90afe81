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
  of them waits a moment before the next try, instead of being retried at once for ever."""

from __future__ import annotations

import errno
import functools
import socket
import threading
import time
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

READ_TIMEOUT = 10.0  # seconds a connection may take to send each part of its request
MAX_CONNECTIONS = 64  # served at once; each holds a thread and a descriptor
OUT_OF_FILES_PAUSE = 0.1  # seconds to wait when accept() finds no descriptor left
_OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class SiteHandler(SimpleHTTPRequestHandler):
    timeout = READ_TIMEOUT  # StreamRequestHandler sets it on the socket

    def list_directory(self, path: str | Any) -> None:
        self.send_error(HTTPStatus.NOT_FOUND, "Not found")
        return None

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass  # the private links must not land in a log on the terminal


class SiteServer(ThreadingHTTPServer):
    """A threading server with a cap on the connections it serves at once."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, address: tuple[str, int], handler: Any,
                 max_connections: int = MAX_CONNECTIONS) -> None:
        super().__init__(address, handler)
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
                timeout: float = READ_TIMEOUT,
                max_connections: int = MAX_CONNECTIONS) -> SiteServer:
    """A server of `folder` on `host`:`port` (0: any free port); call serve_forever()."""
    handler = functools.partial(_handler(timeout), directory=str(folder))
    return SiteServer((host, port), handler, max_connections)


@functools.cache
def _handler(timeout: float) -> type[SiteHandler]:
    """The handler class with its read timeout (a class attribute, as the base reads it)."""
    if timeout == READ_TIMEOUT:
        return SiteHandler
    return type("SiteHandler", (SiteHandler,), {"timeout": timeout})
