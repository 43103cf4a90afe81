"""`gmbot web` bounded (issue 31: 1,026 slow connections left every visitor unanswered,
and 400 idle ones held 400 threads for good): on loopback, idle connections past the cap
are closed at once without a thread, those within it are closed after the read timeout,
and then a visitor is answered. Counts, not times: the timeout is made short."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from gmbot.daemon.web import OUT_OF_FILES_PAUSE, site_server

CAP = 4


def test_idle_connections_hold_at_most_the_cap_and_then_time_out(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>hello</p>", encoding="utf-8")
    server = site_server(tmp_path, 0, timeout=2.0, max_connections=CAP)
    port = server.server_address[1]
    runner = threading.Thread(target=server.serve_forever, daemon=True)
    runner.start()
    before = threading.active_count()
    idle: list[socket.socket] = []
    try:
        for _ in range(CAP * 5):  # slow visitors: they connect and send nothing
            s = socket.create_connection(("127.0.0.1", port))
            s.settimeout(5)
            idle.append(s)
        # No more threads than the cap, however many wait.
        assert threading.active_count() <= before + CAP
        # Each is closed by the server: past the cap at once, within it once its read
        # timeout ends (the client reads end of file, never waits its own 5 s out).
        assert [s.recv(1) for s in idle] == [b""] * (CAP * 5)
        assert server.turned_away >= 1  # closed without a thread
        # The slots are free again: a visitor is answered.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html") as page:  # noqa: S310
            assert page.status == 200 and b"hello" in page.read()
    finally:
        for s in idle:
            s.close()
        server.shutdown()
        server.server_close()
        runner.join()


# The server in a process of its own whose descriptor limit is a few past those it holds,
# so that accept() runs out of them for real; it counts its accept attempts (a wrapper
# around the real method) and prints the count whenever the test writes a line.
_SERVER_AT_ITS_LIMIT = """
import os, resource, sys, threading
from pathlib import Path
from gmbot.daemon import web

attempts = 0
real_get_request = web.SiteServer.get_request

def counted(self):
    global attempts
    attempts += 1
    return real_get_request(self)

web.SiteServer.get_request = counted
server = web.site_server(Path(sys.argv[1]), 0)
held = len(os.listdir("/proc/self/fd"))
resource.setrlimit(resource.RLIMIT_NOFILE,
                   (held + int(sys.argv[2]), resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
for _ in sys.stdin:
    print(attempts, flush=True)
"""

HEADROOM = 4  # descriptors the server may open past those it holds at start


def test_out_of_descriptors_it_waits_instead_of_spinning_then_serves_again(
        tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>hello</p>", encoding="utf-8")
    child = subprocess.Popen(  # noqa: S603 - our own interpreter and script
        [sys.executable, "-c", _SERVER_AT_ITS_LIMIT, str(tmp_path), str(HEADROOM)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None and child.stdout is not None
    clients: list[socket.socket] = []

    def attempts() -> int:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write("\n")
        child.stdin.flush()
        return int(child.stdout.readline())

    try:
        port = int(child.stdout.readline())
        # Idle visitors take every descriptor left; the rest wait in the listen queue,
        # readable for ever, so a server that retried accept() at once would spin on it.
        for _ in range(HEADROOM + 6):
            clients.append(socket.create_connection(("127.0.0.1", port)))
        while attempts() < HEADROOM + 3:  # it has tried past its last descriptor
            time.sleep(0.05)
        first = attempts()
        time.sleep(1.0)
        tried = attempts() - first
        # With the pause, about one try in OUT_OF_FILES_PAUSE (10 in the second); a
        # server retrying at once makes thousands even on a loaded machine.
        assert tried <= 3 * (1.0 / OUT_OF_FILES_PAUSE), tried
        # The visitors leave: their descriptors come back and a new visitor is answered.
        for s in clients:
            s.close()
        clients.clear()
        with urllib.request.urlopen(  # noqa: S310 - loopback
                f"http://127.0.0.1:{port}/index.html", timeout=30) as page:
            assert page.status == 200 and b"hello" in page.read()
    finally:
        for s in clients:
            s.close()
        child.kill()
        child.wait()
