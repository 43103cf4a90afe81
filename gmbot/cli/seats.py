"""`gmbot game ...`: the GM's verbs for the players' seats on the command line: absences,
sign-ups and takeovers, civil disorder, votes and draws (docs/gm-actions.md)."""

from __future__ import annotations

import click

from gmbot.cli.game import game, named_game, refusals
from gmbot.cli.root import app_from


@game.command("absences")
@click.argument("name")
@click.option("--all", "everything", is_flag=True, help="Past absences too.")
@click.pass_context
def absences(ctx: click.Context, name: str, everything: bool) -> None:
    """The players' absences running or to come (with --all, every one declared)."""
    from gmbot.service.deadline.absences import all_absences, live, rules_of, span_text

    app = app_from(ctx)
    now = app.now()
    with app.db.transaction() as s:
        g = named_game(s, name)
        rules = rules_of(g)
        rows = all_absences(s, g) if everything else live(s, g, now)
        if not rules.allowed:
            click.echo(f"{g.name}: absences are not allowed (absences: allowed: false)")
        for a in rows:
            by = " (declared by the GM)" if a.by == "gm" else ""
            click.echo(f"{a.power} {span_text(g, a, utc=True)}{by}")
        if not rows:
            click.echo(f"{g.name}: no absence {'declared' if everything else 'running or to come'}")


@game.command("absence")
@click.argument("name")
@click.argument("power")
@click.argument("when", nargs=-1, required=True)
@click.pass_context
def absence(ctx: click.Context, name: str, power: str, when: tuple[str, ...]) -> None:
    """Declare POWER absent: WHEN as by mail (2026-12-20 2026-12-28, or 10 days); BACK is
    `gmbot game back NAME POWER`."""
    from gmbot.service.absence.declare import declare, seat_of

    app = app_from(ctx)
    with refusals(), app.db.transaction() as s:
        g = named_game(s, name)
        click.echo(declare(s, g, seat_of(g, power), when, app.now(), by="gm"))


@game.command("back")
@click.argument("name")
@click.argument("power")
@click.pass_context
def back(ctx: click.Context, name: str, power: str) -> None:
    """End POWER's absence now (one still to come is called off)."""
    from gmbot.service.absence.declare import come_back, seat_of

    app = app_from(ctx)
    with refusals(), app.db.transaction() as s:
        g = named_game(s, name)
        click.echo(come_back(s, g, seat_of(g, power), app.now()))


@game.command("signups")
@click.argument("name")
@click.pass_context
def signups(ctx: click.Context, name: str) -> None:
    """The requests to join, observe or take over a seat of game NAME, and its free seats."""
    from gmbot.service.joining.requests import pending_list
    from gmbot.service.joining.seats import free_seats, open_seats, signup_of

    app = app_from(ctx)
    with app.db.transaction() as s:
        g = named_game(s, name)
        if g.status == "signup":
            seats = signup_of(g).open_powers
            click.echo(f"{g.name}: open for sign-up, {free_seats(s, g)} of {len(seats)} "
                       f"seats free ({', '.join(seats)})")
        else:
            click.echo(f"{g.name} ({g.status}): open seats: "
                       f"{', '.join(open_seats(s, g)) or 'none'}")
        for row in pending_list(s, g):
            wish = f" {' '.join(row.powers)}" if row.powers else ""
            got = f" -> {row.power}" if row.power else ""
            click.echo(f"  {row.created_at:%Y-%m-%d %H:%M} {row.kind}{wish} {row.address}: "
                       f"{row.status}{got}")


def _joining(verb: str, action: str) -> None:
    """`gmbot game approve|reject NAME ADDRESS`: the GM's decision on a confirmed request."""

    @game.command(verb, help=f"{verb.capitalize()} ADDRESS's confirmed request in game NAME.")
    @click.argument("name")
    @click.argument("address")
    @click.pass_context
    def command(ctx: click.Context, name: str, address: str) -> None:
        from gmbot.service.gm.admin import find_game
        from gmbot.service.joining import requests
        from gmbot.service.locks import lock_game

        app = app_from(ctx)
        with refusals(), app.db.transaction() as s:
            g = find_game(s, name)
            lock_game(s, g)  # as a mail's commands run: the game may start
            click.echo(getattr(requests, action)(s, g, address, app.now()))


_joining("approve", "approve")
_joining("reject", "reject")


@game.command("seats")
@click.argument("name")
@click.pass_context
def seats(ctx: click.Context, name: str) -> None:
    """Each seat's player and his run of phases without orders, or why it is open; the
    game's missed-orders policy and standby list."""
    from gmbot.service.seats.roster import seats_lines

    app = app_from(ctx)
    with app.db.transaction() as s:
        for line in seats_lines(s, named_game(s, name), app.config.standby):
            click.echo(line)


@game.command("disorder")
@click.argument("name")
@click.argument("power")
@click.pass_context
def disorder(ctx: click.Context, name: str, power: str) -> None:
    """Put POWER of game NAME in civil disorder: its player's seat is opened, everyone
    told, and a replacement called from the standby list (as DISORDER by mail)."""
    from gmbot.service.gm import admin
    from gmbot.service.locks import lock_game

    app = app_from(ctx)
    with refusals(), app.db.transaction() as s:
        game = admin.find_game(s, name)
        lock_game(s, game)  # as a mail or a deadline takes it: one opening at a time
        click.echo(admin.put_in_disorder(s, game, power, app.now(), app.config.standby))


@game.command("draw")
@click.argument("name")
@click.argument("powers", nargs=-1)
@click.pass_context
def draw(ctx: click.Context, name: str, powers: tuple[str, ...]) -> None:
    """End game NAME in a draw of all survivors, or of the surviving POWERS named."""
    from gmbot.service.gm import admin

    app = app_from(ctx)
    with refusals(), app.db.transaction() as s:
        click.echo(admin.declare_draw(s, admin.find_game(s, name), app.now(), *powers))


@game.command("votes")
@click.argument("name")
@click.pass_context
def votes(ctx: click.Context, name: str) -> None:
    """The standing votes of game NAME on how it ends: who voted for what, who has not."""
    from gmbot.service.runtime import StoredPositionError, current_phase, rules_for, state_of
    from gmbot.service.votes.show import vote_lines

    app = app_from(ctx)
    with app.db.transaction() as s:
        g = named_game(s, name)
        phase = current_phase(s, g)
        if phase is None or g.status == "finished":
            click.echo(f"{g.name} ({g.status}): no votes are open")
            return
        rules = rules_for(g)
        try:
            state = state_of(g, phase, rules)
        except StoredPositionError as e:
            raise click.ClickException(str(e)) from None
        lines = vote_lines(s, g, state, rules, None, gm=True)
        for line in lines or [f"{g.name}: no vote stands"]:
            click.echo(line)


def _bot(verb: str, action: str) -> None:
    """`gmbot game add-bot|remove-bot NAME POWER`: the GM's ADD BOT and REMOVE BOT."""

    @game.command(verb, help=f"{'Give' if action == 'add_bot' else 'Take'} POWER's open "
                             f"seat {'to' if action == 'add_bot' else 'from'} the judge's "
                             "bot in game NAME (docs/bots.md).")
    @click.argument("name")
    @click.argument("power")
    @click.pass_context
    def command(ctx: click.Context, name: str, power: str) -> None:
        from gmbot.service.gm.admin import find_game
        from gmbot.service.locks import lock_game
        from gmbot.service.seats import bot_seats

        app = app_from(ctx)
        try:
            with refusals(), app.db.transaction() as s:
                g = find_game(s, name)
                lock_game(s, g)
                click.echo(getattr(bot_seats, action)(s, g, power, app.now()))
        except bot_seats.BotSeatError as e:  # refused: nothing was done
            raise click.ClickException(str(e)) from None


_bot("add-bot", "add_bot")
_bot("remove-bot", "remove_bot")
