"""`gmbot ingest`, `gmbot tick` and `gmbot run`: the mail and deadline loop."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from gmbot.cli.root import app_from

if TYPE_CHECKING:
    from gmbot.config import Config
    from gmbot.mail.oversize import Raw


@click.command()
@click.option("--now", is_flag=True,
              help="Handle the mail in this process instead of spooling it, and print "
                   "what became of it (slower: for debugging).")
@click.option("--no-worker", is_flag=True,
              help="Only spool the mail (and wake a running daemon): never start a "
                   "worker; the daemon or the next `gmbot tick` handles it.")
@click.pass_context
def ingest(ctx: click.Context, now: bool, no_worker: bool) -> None:
    """Take one RFC 822 message on stdin (procmail, .forward, MTA pipe).

    The mail is written durably into the home's spool (HOME/mail/spool) and the command
    exits 0 only then, so the MTA can drop its copy; any failure exits non-zero and the
    MTA keeps the mail and tries again. The mail is then handled at once in the
    background: a running `gmbot run` on this home is woken, else a worker (`gmbot
    drain`) is started, which handles the spool, sends the replies and exits (its output
    goes to HOME/logs/gmbot.log). `gmbot tick` handles whatever is left in the spool.
    """
    from gmbot.config import ConfigError, load_config, max_message_bytes
    from gmbot.mail.oversize import read_bounded

    try:
        config = load_config(ctx.obj["home"], ctx.obj["config"])
    except ConfigError as e:
        raise click.ClickException(str(e)) from None
    # Never more than the size limit in memory: a larger mail is only measured.
    raw = read_bounded(sys.stdin.buffer, max_message_bytes(config))
    if isinstance(raw, bytes) and not raw.strip():
        raise click.ClickException("no message on standard input")
    if now:
        _ingest_now(ctx, raw)
        return
    spool_mail(ctx, config, raw, no_worker, "mail server")


def spool_mail(ctx: click.Context, config: Config, raw: Raw, no_worker: bool,
               keeper: str) -> None:
    """Write `raw` into the spool, then wake the daemon or start a worker; `keeper`: who
    keeps the mail if it cannot be spooled (the MTA, the outside program)."""
    from gmbot.pipe import spool, wake, worker

    try:
        spool.write(config.spool, raw)
    except OSError as e:
        raise click.ClickException(f"could not spool the mail, so it stays with the "
                                   f"{keeper}: {e}") from None
    # The mail is safe: from here on nothing may make the MTA deliver it again.
    try:
        if not wake.wake(config.spool) and not no_worker:
            worker.start_worker(config.home, ctx.obj["config"], config.spool,
                                config.logs / "gmbot.log")
    except Exception as e:  # noqa: BLE001 - spooled: the daemon or the next tick reads it
        click.echo(f"spooled; handing it over failed ({e}): the next `gmbot tick` or "
                   "daemon poll handles it", err=True)


def _ingest_now(ctx: click.Context, raw: Raw) -> None:
    from gmbot.daemon.drain import outcome_line
    from gmbot.daemon.loop import outbound_transport, run_deadlines
    from gmbot.service.inbound.record import receive
    from gmbot.service.outbox.delivery import flush

    app = app_from(ctx)
    click.echo(outcome_line(receive(app, raw)))
    for line in run_deadlines(app):  # early processing once everyone has ordered
        click.echo(line)
    try:
        flush(app, outbound_transport(app))
    except Exception as e:  # noqa: BLE001 - the mail is recorded; sending is retried later
        click.echo(f"replies queued; sending failed for now: {e}", err=True)


@click.command()
@click.pass_context
def drain(ctx: click.Context) -> None:
    """Handle the mail `gmbot ingest` spooled, send the replies, and exit.

    `gmbot ingest` starts this in the background when no daemon runs; one runs at a
    time (another one exits at once, leaving the spool to the first)."""
    import logging

    from gmbot.daemon.drain import work
    from gmbot.pipe.worker import SpoolLock

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    app = app_from(ctx)
    log = logging.getLogger("gmbot")
    try:
        for line in work(app, SpoolLock.inherited(app.config.spool)):
            log.info("drain: %s", line)
    except Exception:
        log.exception("drain: handling the spool failed; the next tick or daemon poll "
                      "reads what is left")
        raise


@click.command()
@click.option("--quiet", "-q", is_flag=True)
@click.pass_context
def tick(ctx: click.Context, quiet: bool) -> None:
    """Do the daemon's work once and exit (for cron): read mail, remind, process, send.

    Exits 1 when a mail server could not be reached or its certificate not verified
    (the errors go to standard error, also with -q, so cron mails them); the work
    that did not need that server was done all the same."""
    from gmbot.config import ConfigError, load_config
    from gmbot.daemon.idle import nothing_to_do

    try:
        config = load_config(ctx.obj["home"], ctx.obj["config"])
    except ConfigError as e:
        raise click.ClickException(str(e)) from None
    if nothing_to_do(config):  # the usual cron run: over without starting the ORM
        from gmbot.daemon.report import TickReport

        report = TickReport()
    else:
        from gmbot.daemon.loop import tick as run_tick

        report = run_tick(app_from(ctx))
    if not quiet:
        click.echo("\n".join(line for line in report.lines() if not line.startswith("error:")))
    for error in report.errors:
        click.echo(f"error: {error}", err=True)
    if report.errors:
        ctx.exit(1)


@click.command()
@click.pass_context
def run(ctx: click.Context) -> None:
    """Run the daemon: poll the inbox, fire deadlines and reminders, send mail."""
    from gmbot.daemon.schedule import run_daemon

    run_daemon(app_from(ctx))
