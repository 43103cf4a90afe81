"""The background worker's use cases (`gmbot drain`, started by `gmbot ingest` when no
daemon runs): handle the spooled mail as the daemon would — read it, process the phases
it made due (early processing, a GM's PROCESS), send the replies — and exit once the
spool is empty, looking again after releasing the worker lock (gmbot/pipe/worker.py)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from gmbot.daemon.loop import outbound_transport, poll_spool, run_deadlines
from gmbot.pipe.spool import sweep_tmp, waiting
from gmbot.pipe.worker import SpoolLock
from gmbot.service.app import App
from gmbot.service.outbox.delivery import flush

if TYPE_CHECKING:
    from gmbot.service.inbound.handling import Outcome

log = logging.getLogger("gmbot")


def outcome_line(outcome: Outcome) -> str:
    return f"{outcome.status}: {outcome.game or '-'} {outcome.reason}".rstrip()


def drain_once(app: App) -> list[str]:
    """Read what the spool holds now, process what became due, send. Lines to log."""
    outcomes = poll_spool(app)
    lines = [outcome_line(o) for o in outcomes]
    if outcomes:
        lines += run_deadlines(app)
    try:
        flush(app, outbound_transport(app))
    except Exception as e:  # noqa: BLE001 - the mail is recorded; sending is retried later
        lines.append(f"replies queued; sending failed for now: {e}")
    return lines


def work(app: App, lock: SpoolLock) -> list[str]:
    """Drain the spool while holding `lock`, then release it and look once more: a mail
    spooled after the last look found the lock held, so started no worker of its own.
    Returns nothing when another worker holds the lock (it will see the mail)."""
    lines: list[str] = []
    if not lock.acquire():
        return lines
    sweep_tmp(app.config.spool)
    while True:
        try:
            while waiting(app.config.spool):
                done = drain_once(app)
                lines += done
                if not done and waiting(app.config.spool):
                    # Nothing read, yet mail waits: leave it to the next tick or daemon
                    # rather than spin (only a file that vanished under us does this).
                    log.warning("spooled mail left for the next run")
                    return lines
        finally:
            lock.release()
        if not waiting(app.config.spool) or not lock.acquire():
            return lines
