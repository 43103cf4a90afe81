"""Sending over SMTP, killed with SIGKILL: at random moments while mail goes out, and in
the one window where a resend cannot be avoided -- the server has the whole mail and has
not answered yet (the SMTP server of this test kills gmbot right there, before its 250).

Every mail reaches the server; the only mails it receives twice are the ones killed in
that window (or, by chance, a random kill between the server's answer and the mark),
exactly twice, with the same Message-ID and the same bytes."""

from __future__ import annotations

import os
import random
import threading
from collections import Counter
from pathlib import Path

from tests.crash.crashkit import make_home
from tests.crash.invariants import check
from tests.crash.killkit import KillPoint, Progress, kill, kill_at
from tests.crash.smtpsink import Delivery, SmtpSink

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))
PLAN = ["sent", "window", "sent", "sent", "window", "sent", "window", "sent"]


def test_smtp_kills_resend_only_what_the_server_had_accepted_unanswered(
        tmp_path: Path) -> None:
    rng = random.Random(SEED)
    with SmtpSink() as sink:
        home = make_home(tmp_path, games=8, overdue=2, seed=SEED,
                         outbound={"kind": "smtp", **sink.settings()})
        home.deliver(home.mails)
        # Acknowledgements; results to 7 players + GM; their welcome mails.
        total = len(home.mails) + 8 * 10 + 8 * 10
        progress = Progress(home, sink)
        lock = threading.Lock()
        window: dict[str, object] = {"proc": None, "at": None}
        in_window: list[str] = []

        def kill_before_answering(delivery: Delivery, count: int) -> None:
            with lock:
                if count == window["at"] and kill(window["proc"]):
                    in_window.append(delivery.message_id)

        sink.on_message = kill_before_answering
        log = []
        try:
            for what in PLAN:
                target = len(sink) + rng.randint(1, 12)
                if what == "sent":
                    point = KillPoint("sent", target, rng.uniform(0, 0.01))
                    killed = kill_at(home.start("tick", "-q"), point, progress)
                    log.append(f"{point}: {'killed' if killed else 'finished first'}")
                else:
                    with lock:
                        window.update(proc=home.start("tick", "-q"), at=target)
                    window["proc"].wait(120)
                    log.append(f"mail {target} at the server, before its 250: killed")
                check(home, complete=False, sink=sink, resends=len(log))
            home.run("tick", "-q")
        finally:
            progress.close()
            print("\n".join(log))
    assert len(in_window) == PLAN.count("window")
    # Each kill can cost at most one extra copy: of the one mail then in flight.
    snap = check(home, complete=True, sink=sink, resends=len(PLAN))
    received = Counter(d.message_id for d in sink.snapshot())
    assert len(received) == total == len(snap.outbound)
    for mid in in_window:
        assert received[mid] >= 2, mid  # the server had it, gmbot did not know: sent again
    extra = sum(n - 1 for n in received.values())
    print(f"{total} mails; {extra} extra copies after {len(PLAN)} kills, "
          f"{len(in_window)} of them made in the window on purpose")
