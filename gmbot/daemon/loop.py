"""Use case composition for `gmbot tick` and the daemon's jobs: read new mail, send
reminders, process due deadlines, drain the outbox. Each step is its own transaction(s)
and idempotent, so a crash at any point is repaired by simply running again. A mail server
that is down costs its step only: the others still run, and the next run tries again."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from gmbot.config import max_message_bytes
from gmbot.daemon.report import TickReport
from gmbot.mail.maildir import MaildirInbox, MaildirOutbox
from gmbot.mail.oversize import Raw
from gmbot.pipe.spool import waiting
from gmbot.service.app import App
from gmbot.service.deadline.due import due_games
from gmbot.service.deadline.parking import GameParked
from gmbot.service.outbox.delivery import Transport, flush

__all__ = ["TickReport", "keep_site", "outbound_transport", "poll", "poll_maildir",
           "poll_spool", "run_deadlines", "tick"]

# The mail pipeline (parsing, commands) and the IMAP client are imported where they are
# used: they are a good part of the start-up time, and most runs of `gmbot tick` from
# cron find no mail. So are the processing of a phase, the reminders, the sign-ups'
# closing and the pruning, which `gmbot drain` (the pipe's worker, one mail) mostly never
# runs (benchmarks/instructions.py: 4% of its instructions); the daemon imports them as
# it starts (daemon/schedule.py), not in its jobs' threads.
if TYPE_CHECKING:
    from gmbot.service.inbound.handling import Outcome

log = logging.getLogger("gmbot")


def outbound_transport(app: App) -> Transport:
    if app.config.outbound == "smtp":
        from gmbot.mail.smtp import SmtpTransport

        return SmtpTransport(app.config.smtp)
    return MaildirOutbox(app.config.outbox)


# Mails handled in one transaction (one commit, one fsync), each in its own savepoint.
# Larger batches save little more and hold the database's write lock longer.
BATCH = 50


def poll_maildir(app: App, inbox: MaildirInbox | None = None) -> list[Outcome]:
    """Read the Maildir inbox (or `inbox`), in batches of BATCH mails."""
    inbox = inbox or MaildirInbox(app.config.inbox)
    outcomes: list[Outcome] = []
    batch: list[tuple[str, Raw]] = []

    def handle() -> None:
        from gmbot.service.inbound.record import receive_batch  # only when there is mail

        outcomes.extend(receive_batch(app, [raw for _, raw in batch]))
        for key, _ in batch:
            inbox.done(key)  # only after the batch's transaction committed
        batch.clear()

    for key, raw in inbox.pending(max_message_bytes(app.config)):
        batch.append((key, raw))
        if len(batch) >= BATCH:
            handle()
    if batch:
        handle()
    return outcomes


def poll_spool(app: App) -> list[Outcome]:
    """Read the mail `gmbot ingest` spooled (gmbot/pipe), whatever the configured inbox."""
    if not waiting(app.config.spool):
        return []
    return poll_maildir(app, MaildirInbox(app.config.spool, keep=False))


def poll(app: App, attempts: int = 1) -> list[Outcome]:
    """Read new mail: the spool of piped mail, then the configured inbox. For IMAP,
    `attempts` connections at most (with growing delays); an unreachable server raises
    MailboxUnavailable, which carries the spool's outcomes too."""
    spooled = poll_spool(app)
    if app.config.inbound == "imap":
        from gmbot.service.inbound.imap import MailboxUnavailable, poll_imap

        try:
            return spooled + poll_imap(app, attempts=attempts)
        except MailboxUnavailable as e:
            e.outcomes[:0] = spooled
            raise
    if app.config.inbound == "maildir":
        return spooled + poll_maildir(app)
    return spooled  # pipe: all mail arrives through `gmbot ingest`


def _attempts(app: App) -> int:
    if app.config.inbound != "imap":
        return 1
    from gmbot.service.inbound.imap import DEFAULT_ATTEMPTS

    return max(1, int(app.config.imap.get("retries", DEFAULT_ATTEMPTS)))


def run_deadlines(app: App, parked: list[str] | None = None) -> list[str]:
    """Process every due game; the summaries. A game that cannot be processed is parked
    (service/deadline/parking.py) and the others go on: its line goes to `parked` if
    given, else among the summaries."""
    done = []
    gone: list[str] = [] if parked is None else parked
    due_now = due_games(app, parked=gone)
    if due_now:
        from gmbot.service.deadline.process import process_game
    for due in due_now:
        try:
            summary = process_game(app, due.game_id)
        except GameParked as e:
            gone.append(str(e))
            continue
        if summary:
            done.append(summary)
    return done if parked is not None else done + gone


def tick(app: App, transport: Transport | None = None) -> TickReport:
    report = TickReport()
    try:
        report.mails = poll(app, attempts=_attempts(app))
    except Exception as e:
        from gmbot.service.inbound.imap import MailboxUnavailable

        if not isinstance(e, MailboxUnavailable):
            raise
        # The inbox is unreachable: deadlines and sending must not wait for it.
        report.mails = e.outcomes
        report.errors.append(str(e))
        log.warning("%s; the next run tries again", e)
    # A game parked on the way is an error of the run (cron mails it), not of the others.
    report.errors += [m.parked for m in report.mails if m.parked]
    # So is a mail whose handling failed (a bug): it is kept, its sender told, and the
    # run exits 1 so the operator hears of it.
    report.errors += [f"a mail could not be handled ({m.reason}); it is kept in the store "
                      "as failed and its sender was told nothing in it was done"
                      for m in report.mails if m.status == "failed"]
    from gmbot.service.deadline.reminders import send_reminders
    from gmbot.service.joining.closing import close_signups
    from gmbot.service.outbox.retention import prune_raw_mail

    report.reminders = send_reminders(app, parked=report.errors)
    report.processed = close_signups(app)  # games started with bots as sign-up closed
    report.processed += run_deadlines(app, parked=report.errors)
    # The pages before the sending: the outbox still holds the results mails' maps, so
    # the pages take them instead of drawing them again.
    keep_site(app, report)
    transport = transport or outbound_transport(app)
    report.sent = flush(app, transport)
    unreachable = getattr(transport, "connect_error", None)  # SMTP: down, or untrusted
    if unreachable:
        report.errors.append(f"SMTP {unreachable}")
        log.warning("sending failed: SMTP %s; the mail stays queued", unreachable)
    report.pruned = prune_raw_mail(app)
    return report


def keep_site(app: App, report: TickReport | None = None) -> None:
    """Bring the web pages up to date when gmbot.yaml asks for them (`site:`). A trouble
    with the pages never holds back a mail: it is logged, and an error of the run."""
    if app.config.site is None:
        return
    from gmbot.service.site.build import update_site  # Jinja and the views: only then

    try:
        written = update_site(app)
    except Exception as e:  # noqa: BLE001 - the pages wait for the next run, the mail not
        log.exception("writing the web pages failed; the next run tries again")
        if report is not None:
            report.errors.append(f"web pages: {e}")
        return
    if report is not None:
        report.pages = written
