"""`gmbot ingest`, `gmbot tick` and `gmbot run`: the mail and deadline loop."""

from __future__ import annotations

import sys

import click

from gmbot.cli import app_from, main


@main.command()
@click.pass_context
def ingest(ctx: click.Context) -> None:
    """Read one RFC 822 message on stdin (procmail, .forward, MTA pipe) and handle it.

    Exits 0 once the message is safely recorded, so the MTA can drop its copy; a
    non-zero exit makes the MTA keep the mail and try again.
    """
    from gmbot.service.delivery import flush
    from gmbot.service.inbound import receive
    from gmbot.service.loop import outbound_transport, run_deadlines

    raw = sys.stdin.buffer.read()
    if not raw.strip():
        raise click.ClickException("no message on standard input")
    app = app_from(ctx)
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
    """Do the daemon's work once and exit (for cron): read mail, remind, process, send."""
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
        click.echo("\n".join(report.lines()))


@main.command()
@click.pass_context
def run(ctx: click.Context) -> None:
    """Run the daemon: poll the inbox, fire deadlines and reminders, send mail."""
    from gmbot.schedule import run_daemon

    run_daemon(app_from(ctx))
