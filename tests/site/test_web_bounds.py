"""`gmbot web` bounded (issue 31: 1,026 slow connections left every visitor unanswered,
and 400 idle ones held 400 threads for good): on loopback, idle connections past the cap
are closed at once without a thread, those within it are closed after the read timeout,
and then a visitor is answered. Counts, not times: the timeout is made short."""

from __future__ import annotations

import socket
import threading
import urllib.request
from pathlib import Path

from gmbot.daemon.web import site_server

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
