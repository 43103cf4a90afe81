"""The daemon: APScheduler jobs for polling, deadlines/reminders and the outbox.

No job state lives in the scheduler: on start the deadline job runs at once (processing
any deadline missed while the daemon was down) and then re-arms itself for the next
moment the database says something becomes due."""

from __future__ import annotations

import logging
import signal
from datetime import UTC, datetime, timedelta
from typing import Any

from apscheduler.schedulers.blocking import BlockingScheduler

from gmbot.service.app import App
from gmbot.service.delivery import flush
from gmbot.service.loop import outbound_transport, poll, run_deadlines
from gmbot.service.process import next_wakeup, send_reminders

log = logging.getLogger("gmbot")
SAFETY_INTERVAL = timedelta(minutes=5)


class Daemon:
    def __init__(self, app: App) -> None:
        self.app = app
        self.transport = outbound_transport(app)
        self.scheduler = BlockingScheduler(timezone=UTC)

    def poll_job(self) -> None:
        outcomes = poll(self.app)
        if outcomes:
            log.info("read %d mail(s)", len(outcomes))
            self.deadline_job()  # early processing, GM PROCESS, replies

    def deadline_job(self) -> None:
        send_reminders(self.app)
        for line in run_deadlines(self.app):
            log.info(line)
        self.flush_job()
        self.arm()

    def flush_job(self) -> None:
        try:
            flush(self.app, self.transport)
        except Exception:  # noqa: BLE001 - the outbox keeps the mail; next run retries
            log.exception("sending failed; will retry")

    def arm(self) -> None:
        wake = next_wakeup(self.app)
        now = datetime.now(UTC)
        when = min(wake, now + SAFETY_INTERVAL) if wake else now + SAFETY_INTERVAL
        self.scheduler.add_job(self.deadline_job, "date", run_date=max(when, now),
                               id="deadlines", replace_existing=True, misfire_grace_time=None)

    def start(self) -> None:
        interval = self.app.config.poll_interval
        now = datetime.now(UTC)
        common: dict[str, Any] = {"max_instances": 1, "coalesce": True}
        self.scheduler.add_job(self.poll_job, "interval", seconds=interval, id="poll",
                               next_run_time=now, **common)
        self.scheduler.add_job(self.flush_job, "interval", seconds=min(interval, 60),
                               id="flush", **common)
        self.scheduler.add_job(self.deadline_job, "date", run_date=now, id="deadlines")
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: self.scheduler.shutdown(wait=False))
        log.info("gmbot daemon started (home %s)", self.app.config.home)
        self.scheduler.start()


def run_daemon(app: App) -> None:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s",
        handlers=[logging.StreamHandler(), logging.FileHandler(app.config.logs / "gmbot.log")],
    )
    Daemon(app).start()
