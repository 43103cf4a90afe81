"""`gmbot ingest`, `gmbot tick` and `gmbot run`: the mail and deadline loop."""

from __future__ import annotations

import sys

import click

from gmbot.cli.root import app_from, main


@main.command()
@click.pass_context
def ingest(ctx: click.Context) -> None:
    """Read one RFC 822 message on stdin (procmail, .forward, MTA pipe) and handle it.

    Exits 0 once the message is safely recorded, so the MTA can drop its copy; a
    non-zero exit makes the MTA keep the mail and try again.
    """
    from gmbot.config import max_message_bytes
    from gmbot.mail.oversize import read_bounded
    from gmbot.service.delivery import flush
    from gmbot.service.inbound import receive
    from gmbot.service.loop import outbound_transport, run_deadlines

    app = app_from(ctx)
    # Never more than the size limit in memory: a larger mail is only measured.
    raw = read_bounded(sys.stdin.buffer, max_message_bytes(app.config))
    if isinstance(raw, bytes) and not raw.strip():
        raise click.ClickException("no message on standard input")
    outcome = receive(app, raw)
    click.echo(f"{outcome.status}: {outcome.game or '-'} {outcome.reason}".rstrip())
    for line in run_deadlines(app):  # early processing once everyone has ordered
        click.echo(line)
    try:
        flush(app, outbound_transport(app))
    except Exception as e:  # noqa: BLE001 - the mail is recorded; sending is retried later
        click.echo(f"replies queued; sending failed for now: {e}", err=True)


@main.command()
@click.option("--quiet", "-q", is_flag=True)
@click.pass_context
def tick(ctx: click.Context, quiet: bool) -> None:
    """Do the daemon's work once and exit (for cron): read mail, remind, process, send.

    Exits 1 when a mail server could not be reached or its certificate not verified
    (the errors go to standard error, also with -q, so cron mails them); the work
    that did not need that server was done all the same."""
    from gmbot.config import ConfigError, load_config
    from gmbot.service.idle import nothing_to_do

    try:
        config = load_config(ctx.obj["home"], ctx.obj["config"])
    except ConfigError as e:
        raise click.ClickException(str(e)) from None
    if nothing_to_do(config):  # the usual cron run: over without starting the ORM
        from gmbot.service.report import TickReport

        report = TickReport()
    else:
        from gmbot.service.loop import tick as run_tick

        report = run_tick(app_from(ctx))
    if not quiet:
        click.echo("\n".join(line for line in report.lines() if not line.startswith("error:")))
    for error in report.errors:
        click.echo(f"error: {error}", err=True)
    if report.errors:
        ctx.exit(1)


@main.command()
@click.pass_context
def run(ctx: click.Context) -> None:
    """Run the daemon: poll the inbox, fire deadlines and reminders, send mail."""
    from gmbot.schedule import run_daemon

    run_daemon(app_from(ctx))
