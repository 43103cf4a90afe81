"""The daemon: APScheduler jobs for polling, deadlines/reminders and the outbox.

No job state lives in the scheduler: on start the deadline job runs at once (processing
any deadline missed while the daemon was down) and then re-arms itself for the next
moment the database says something becomes due.

The poll job re-arms itself too: after poll_interval when the inbox answered, after a
growing delay (imap.retry_delay doubling up to imap.retry_max) while it does not, so a
mail server that is down or restarting is logged and retried, never fatal. With IMAP,
a background thread idles on the folder when the server offers IDLE and runs the poll
job at once when mail arrives. Mail piped to `gmbot ingest` wakes the daemon through the
spool's socket (gmbot/pipe/wake.py): the spool job reads the spool, processes what it
made due and sends the replies at once, without waiting for the inbox. The jobs share
one lock: they run one at a time, so no mail is sent twice by two jobs draining the
outbox together."""

from __future__ import annotations

import logging
import signal
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

from apscheduler.schedulers.base import STATE_STOPPED
from apscheduler.schedulers.blocking import BlockingScheduler

# The bot's heuristics and the processing of a phase (process_game below) are imported
# lazily by the one-shot commands (daemon/loop.py, seats/bot_orders.py); the daemon imports
# them as it starts, so that no job's thread imports a module mid-run.
import gmbot.bots.heuristic  # noqa: F401
from gmbot.daemon.loop import keep_site, outbound_transport, poll, poll_spool, run_deadlines
from gmbot.pipe.wake import Listener
from gmbot.service.app import App
from gmbot.service.deadline.due import next_wakeup
from gmbot.service.deadline.process import process_game  # noqa: F401
from gmbot.service.deadline.reminders import send_reminders
from gmbot.service.inbound.imap import Backoff, IdleWatcher, MailboxUnavailable
from gmbot.service.joining.closing import close_signups, next_close
from gmbot.service.outbox.delivery import flush
from gmbot.service.outbox.retention import prune_raw_mail

log = logging.getLogger("gmbot")
SAFETY_INTERVAL = timedelta(minutes=5)


class Daemon:
    def __init__(self, app: App, scheduler: Any | None = None) -> None:
        self.app = app
        self.transport = outbound_transport(app)
        self.scheduler = scheduler or BlockingScheduler(timezone=UTC)
        self.lock = threading.RLock()  # the jobs' work: one at a time
        self.state = threading.Lock()  # polling / wake_pending and the poll job's arming
        self.polling = self.wake_pending = False
        self.poll_backoff = Backoff.from_settings(app.config.imap)
        self.next_poll_in: float | None = None  # seconds, as last armed (for the log/tests)
        self.idle: IdleWatcher | None = None
        self.waker: Listener | None = None
        self.stopping = False

    # -- jobs -----------------------------------------------------------------------

    def poll_job(self) -> None:
        with self.state:
            self.polling, self.wake_pending = True, False
        delay = float(self.app.config.poll_interval)
        outcomes: list[Any] = []
        try:
            with self.lock:
                outcomes = poll(self.app)
            if self.poll_backoff.failures:
                log.info("reading mail works again")
            self.poll_backoff.succeeded()
        except MailboxUnavailable as e:
            outcomes = e.outcomes
            delay = self.poll_backoff.failed()
            log.warning("%s; trying again in %g s", e, delay)
        except Exception:  # noqa: BLE001 - a daemon outlives a failing job
            delay = self.poll_backoff.failed()
            log.exception("reading mail failed; trying again in %g s", delay)
        finally:
            with self.state:
                self.polling = False
                # Mail announced while this poll ran may have come after its search.
                self.arm_poll(0 if self.wake_pending else delay)
        if outcomes:
            log.info("read %d mail(s)", len(outcomes))
            self.deadline_job()  # early processing, GM PROCESS, replies

    def spool_job(self) -> None:
        """Mail piped to `gmbot ingest`: read it and answer it now."""
        try:
            with self.lock:
                outcomes = poll_spool(self.app)
        except Exception:  # noqa: BLE001 - the spool keeps the mail; the poll job reads it
            log.exception("reading the spool failed; the next poll tries again")
            return
        if outcomes:
            log.info("read %d piped mail(s)", len(outcomes))
            self.deadline_job()

    def deadline_job(self) -> None:
        checked = self.app.now()  # what falls due after this is for the next run
        try:
            with self.lock:
                send_reminders(self.app, checked)
                for line in close_signups(self.app) + run_deadlines(self.app):
                    log.info(line)
        except Exception:  # noqa: BLE001 - re-armed below; the next run tries again
            log.exception("processing deadlines failed; will retry")
        finally:
            with self.lock:  # before sending: the outbox still holds the results' maps
                keep_site(self.app)  # errors logged there: the pages wait for the next run
            self.flush_job()
            self.arm(checked)

    def flush_job(self) -> None:
        try:
            with self.lock:
                flush(self.app, self.transport)
        except Exception:  # noqa: BLE001 - the outbox keeps the mail; next run retries
            log.exception("sending failed; will retry")

    def prune_job(self) -> None:
        try:
            with self.lock:
                pruned = prune_raw_mail(self.app)
            if pruned:
                log.info("dropped the raw text of %d old mail(s)", pruned)
        except Exception:  # noqa: BLE001 - the next run prunes what this one did not
            log.exception("pruning old mail failed; will retry")

    def poll_now(self) -> None:
        """New mail announced (IDLE): poll as soon as the scheduler can (a poll running
        now polls again when it ends)."""
        with self.state:
            self.wake_pending = True
            if not self.polling:
                self.arm_poll(0)

    def spool_now(self) -> None:
        """`gmbot ingest` spooled a mail: run the spool job as soon as possible (one
        waiting run at most, however many wake-ups arrive)."""
        if self.stopping:
            return
        self.scheduler.add_job(self.spool_job, "date", run_date=datetime.now(UTC), id="spool",
                               replace_existing=True, misfire_grace_time=None, max_instances=2)

    # -- arming -----------------------------------------------------------------------

    def arm_poll(self, seconds: float) -> None:
        if self.stopping:
            return
        self.next_poll_in = seconds
        when = datetime.now(UTC) + timedelta(seconds=seconds)
        # Two instances: a job arming its successor for "now" is still running itself.
        self.scheduler.add_job(self.poll_job, "date", run_date=when, id="poll",
                               replace_existing=True, misfire_grace_time=None, max_instances=2)

    def arm(self, checked: datetime | None = None) -> None:
        """Arm the deadline job for the next moment something falls due after `checked`
        (when the last run looked): a deadline that passed while that run was busy
        (processing, sending) makes it run again at once."""
        if self.stopping:
            return
        try:
            wake = next_wakeup(self.app, after=checked)
            close = next_close(self.app, checked or self.app.now())
            wake = min(wake, close) if wake and close else wake or close
        except Exception:  # noqa: BLE001 - the database is back by the safety interval, maybe
            log.exception("finding the next deadline failed")
            wake = None
        now = datetime.now(UTC)
        when = min(wake, now + SAFETY_INTERVAL) if wake else now + SAFETY_INTERVAL
        self.scheduler.add_job(self.deadline_job, "date", run_date=max(when, now),
                               id="deadlines", replace_existing=True, misfire_grace_time=None,
                               max_instances=2)

    def start(self) -> None:
        interval = self.app.config.poll_interval
        common: dict[str, Any] = {"max_instances": 1, "coalesce": True}
        self.arm_poll(0)
        self.scheduler.add_job(self.flush_job, "interval", seconds=min(interval, 60),
                               id="flush", **common)
        self.scheduler.add_job(self.deadline_job, "date", run_date=datetime.now(UTC),
                               id="deadlines", replace_existing=True, misfire_grace_time=None,
                               max_instances=2)
        self.scheduler.add_job(self.prune_job, "interval", hours=1, id="prune",
                               next_run_time=datetime.now(UTC), **common)
        if self.app.config.inbound == "imap" and self.app.config.imap.get("idle", True):
            self.idle = IdleWatcher(self.app.config.imap, self.poll_now).start()
        self.listen_for_piped_mail()
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: self.stop())
        log.info("gmbot daemon started (home %s)", self.app.config.home)
        try:
            self.scheduler.start()
        finally:
            if self.idle is not None:
                self.idle.close()
            if self.waker is not None:
                self.waker.close()

    def listen_for_piped_mail(self) -> None:
        # Loaded now rather than at the first mail, which is then answered at once.
        import gmbot.service.inbound.record  # noqa: F401
        from gmbot.service.outbox.render import environment

        environment()

        try:
            self.waker = Listener(self.app.config.spool, self.spool_now).start()
        except OSError as e:
            # Another daemon on this home listens: it answers piped mail at once, this
            # one reads the spool at each poll.
            log.warning("not woken by piped mail (%s): reading the spool every %g s", e,
                        self.app.config.poll_interval)

    def stop(self) -> None:
        self.stopping = True
        if self.idle is not None:
            self.idle.stop.set()
        if self.scheduler.state != STATE_STOPPED:
            self.scheduler.shutdown(wait=False)


def run_daemon(app: App) -> None:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s",
        handlers=[logging.StreamHandler(), logging.FileHandler(app.config.logs / "gmbot.log")],
    )
    # APScheduler logs every run of every job at INFO: the daemon's own lines suffice.
    logging.getLogger("apscheduler").setLevel(logging.WARNING)
    Daemon(app).start()
