"""`gmbot game ...`: the GM's verbs for the players' seats on the command line: absences,
sign-ups and takeovers, civil disorder, votes and draws (docs/gm-actions.md). Each is a
use case of gmbot/service/console/seats.py, which opens its transaction."""

from __future__ import annotations

from collections.abc import Iterable

import click

from gmbot.cli.game import game, refusals
from gmbot.cli.root import app_from


def _echo(lines: Iterable[str]) -> None:
    for line in lines:
        click.echo(line)


@game.command("absences")
@click.argument("name")
@click.option("--all", "everything", is_flag=True, help="Past absences too.")
@click.pass_context
def absences(ctx: click.Context, name: str, everything: bool) -> None:
    """The players' absences running or to come (with --all, every one declared)."""
    from gmbot.service.console.seats import absence_list

    with refusals():
        _echo(absence_list(app_from(ctx), name, everything))


@game.command("absence")
@click.argument("name")
@click.argument("power")
@click.argument("when", nargs=-1, required=True)
@click.pass_context
def absence(ctx: click.Context, name: str, power: str, when: tuple[str, ...]) -> None:
    """Declare POWER absent: WHEN as by mail (2026-12-20 2026-12-28, or 10 days); BACK is
    `gmbot game back NAME POWER`."""
    from gmbot.service.console.seats import declare_absence

    with refusals():
        click.echo(declare_absence(app_from(ctx), name, power, when))


@game.command("back")
@click.argument("name")
@click.argument("power")
@click.pass_context
def back(ctx: click.Context, name: str, power: str) -> None:
    """End POWER's absence now (one still to come is called off)."""
    from gmbot.service.console.seats import end_absence

    with refusals():
        click.echo(end_absence(app_from(ctx), name, power))


@game.command("signups")
@click.argument("name")
@click.pass_context
def signups(ctx: click.Context, name: str) -> None:
    """The requests to join, observe or take over a seat of game NAME, and its free seats."""
    from gmbot.service.console.seats import signup_list

    with refusals():
        _echo(signup_list(app_from(ctx), name))


def _joining(verb: str) -> None:
    """`gmbot game approve|reject NAME ADDRESS`: the GM's decision on a confirmed request."""

    @game.command(verb, help=f"{verb.capitalize()} ADDRESS's confirmed request in game NAME.")
    @click.argument("name")
    @click.argument("address")
    @click.pass_context
    def command(ctx: click.Context, name: str, address: str) -> None:
        from gmbot.service.console.seats import decide_request

        with refusals():
            click.echo(decide_request(app_from(ctx), name, address, verb == "approve"))


_joining("approve")
_joining("reject")


@game.command("seats")
@click.argument("name")
@click.pass_context
def seats(ctx: click.Context, name: str) -> None:
    """Each seat's player and his run of phases without orders, or why it is open; the
    game's missed-orders policy and standby list."""
    from gmbot.service.console.seats import seat_list

    with refusals():
        _echo(seat_list(app_from(ctx), name))


@game.command("disorder")
@click.argument("name")
@click.argument("power")
@click.pass_context
def disorder(ctx: click.Context, name: str, power: str) -> None:
    """Put POWER of game NAME in civil disorder: its player's seat is opened, everyone
    told, and a replacement called from the standby list (as DISORDER by mail)."""
    from gmbot.service.console import seats as console

    with refusals():
        click.echo(console.disorder(app_from(ctx), name, power))


@game.command("draw")
@click.argument("name")
@click.argument("powers", nargs=-1)
@click.pass_context
def draw(ctx: click.Context, name: str, powers: tuple[str, ...]) -> None:
    """End game NAME in a draw of all survivors, or of the surviving POWERS named."""
    from gmbot.service.console import seats as console

    with refusals():
        click.echo(console.draw(app_from(ctx), name, powers))


@game.command("votes")
@click.argument("name")
@click.pass_context
def votes(ctx: click.Context, name: str) -> None:
    """The standing votes of game NAME on how it ends: who voted for what, who has not."""
    from gmbot.service.console.seats import vote_list

    with refusals():
        _echo(vote_list(app_from(ctx), name))


def _bot(verb: str) -> None:
    """`gmbot game add-bot|remove-bot NAME POWER`: the GM's ADD BOT and REMOVE BOT."""
    add = verb == "add-bot"

    @game.command(verb, help=f"{'Give' if add else 'Take'} POWER's open seat "
                             f"{'to' if add else 'from'} the judge's bot in game NAME "
                             "(docs/bots.md).")
    @click.argument("name")
    @click.argument("power")
    @click.pass_context
    def command(ctx: click.Context, name: str, power: str) -> None:
        from gmbot.service.console.seats import bot_seat
        from gmbot.service.seats.bot_seats import BotSeatError

        try:
            with refusals():
                click.echo(bot_seat(app_from(ctx), name, power, add))
        except BotSeatError as e:  # refused: nothing was done
            raise click.ClickException(str(e)) from None


_bot("add-bot")
_bot("remove-bot")
