"""`gmbot game ...`: the GM's verbs on the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from gmbot.cli.root import app_from, main

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from gmbot.service.views.standing import Standing
    from gmbot.store.models import Game, PhaseRow


@main.group()
def game() -> None:
    """Load, inspect and steer games."""


@game.command("load")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--force", is_flag=True,
              help="Take the file's values even where a GM command (REPLACE) changed them.")
@click.pass_context
def load(ctx: click.Context, file: str, force: bool) -> None:
    """Create or update the game described by FILE (games/NAME.yaml)."""
    from gmbot.gamefile import GameFileError
    from gmbot.service.gm.load import load_game

    app = app_from(ctx)
    try:
        click.echo(load_game(app, file, force=force))
    except GameFileError as e:
        raise click.ClickException("the game file has errors:\n" + "\n".join(
            str(p) for p in e.problems)) from None


@game.command("example")
@click.argument("variant")
def example(variant: str) -> None:
    """Print the example game file of VARIANT (or of an option, such as
    changing_home_centres): save it under games/, edit it, load it."""
    from gmbot.variants import VariantError, example_text

    try:
        click.echo(example_text(variant), nl=False)
    except VariantError as e:
        raise click.ClickException(str(e)) from None


@game.command("list")
@click.pass_context
def list_games(ctx: click.Context) -> None:
    """List the games, their current phase and deadline (in each game's time zone)."""
    from sqlalchemy import select

    from gmbot.service.runtime import current_phase, policy_of
    from gmbot.service.views.results import deadline_text
    from gmbot.store.models import Game

    app = app_from(ctx)
    with app.db.transaction() as s:
        for g in s.scalars(select(Game).order_by(Game.name)):
            phase = current_phase(s, g)
            due = (f"{phase.name}, deadline "
                   f"{deadline_text(policy_of(g), phase.deadline_at, utc=True)}"
                   if phase and phase.deadline_at else "-")
            click.echo(f"{g.name:20} {g.variant:12} {g.status:9} {due}")


# What each `auth:` mode means, for the GM (docs/security.md has the rest).
AUTH_SHOWN = {"on": "mail must prove its author",
              "none": "OFF, the From address alone is trusted"}


@game.command("show")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True,
              help="The position in the position schema, with players and deadline.")
@click.pass_context
def show(ctx: click.Context, name: str, as_json: bool) -> None:
    """Show a game's current position, deadline and players."""
    from gmbot.service.deadline.parking import parked_reason
    from gmbot.service.runtime import current_phase, policy_of
    from gmbot.service.views.results import deadline_text
    from gmbot.service.views.standing import standing_lines

    app = app_from(ctx)
    with app.db.transaction() as s:
        g = named_game(s, name)
        phase = current_phase(s, g)
        state = dict(phase.state) if phase else {}
        rows, unreadable = _standings(s, g, phase)
        due = phase.deadline_at if phase else None
        deadline = deadline_text(policy_of(g), due, utc=True)
        if as_json:
            click.echo(json.dumps({
                "game": g.name, "variant": g.variant, "options": g.settings.options,
                "status": g.status, "auth": g.settings.auth, **state,
                "deadline": due.isoformat() if due else None, "deadline_text": deadline,
                "players": [r.as_dict(g) for r in rows],
                # Only when they apply: the rest is the position schema.
                **({"parked": parked_reason(s, g)} if g.status == "parked" else {}),
                **({"seats": seats} if (seats := _seat_lines(s, g)) else {}),
                **({"unreadable": unreadable} if unreadable else {})}, indent=2))
            return
        click.echo(f"{g.name} ({g.variant}, {g.status}) at {state.get('phase', '-')}, "
                   f"deadline {deadline}")
        _trouble(s, g, unreadable)
        auth = g.settings.auth
        click.echo(f"Authentication: {AUTH_SHOWN.get(auth, auth)} (auth: {auth})")
        if not unreadable:
            for power, units in (state.get("units") or {}).items():
                centres = (state.get("centers") or {}).get(power, [])
                shown = ", ".join(u if isinstance(u, str) else u["unit"] for u in units)
                click.echo(f"  {power:9} {len(centres):2} centres  {shown}")
        click.echo("Players:")
        for line in [*standing_lines(g, rows), *_seat_lines(s, g)]:
            click.echo(line)


def _seat_lines(s: Session, g: Game) -> list[str]:
    """The open seats and pending sign-ups, in the lines of the GM's STATUS by mail."""
    from gmbot.service.joining.seats import pending_lines, signup_line
    from gmbot.service.seats.roster import open_seat_lines

    signup = signup_line(s, g)
    return [*([signup] if signup else []), *open_seat_lines(s, g), *pending_lines(s, g)]


@game.command("status")
@click.argument("name")
@click.pass_context
def status(ctx: click.Context, name: str) -> None:
    """Who has ordered (fully, partly, not at all), last mail and NMR count per player."""
    from gmbot.service.deadline.absences import status_lines
    from gmbot.service.runtime import current_phase, policy_of
    from gmbot.service.views.results import deadline_text
    from gmbot.service.views.standing import standing_lines

    app = app_from(ctx)
    with app.db.transaction() as s:
        g = named_game(s, name)
        phase = current_phase(s, g)
        where = "no open phase"
        if phase is not None:
            where = f"{phase.name}, deadline " + deadline_text(policy_of(g), phase.deadline_at,
                                                               utc=True)
        click.echo(f"{g.name} ({g.status}): {where}")
        rows, unreadable = _standings(s, g, phase)
        _trouble(s, g, unreadable)
        for line in [*standing_lines(g, rows), *_seat_lines(s, g)]:
            click.echo(line)
        for line in status_lines(s, g, app.now(), None, gm=True):
            click.echo(f"absence: {line}")


@game.command("export")
@click.argument("name")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write to FILE (default: standard output).")
@click.option("--format", "form", type=click.Choice(["gmbot", "mila"]), default="gmbot",
              show_default=True,
              help="gmbot's form (docs/export.md) or the MILA engine's saved game "
                   "(standard games only).")
@click.option("--public/--full", default=True,
              help="--public (default): what the public results show, to share; --full: "
                   "everything (addresses, hidden units, balances), to back up or move the "
                   "game.")
@click.option("--addresses", is_flag=True,
              help="Include the players' addresses in a public export too.")
@click.pass_context
def export(ctx: click.Context, name: str, output: str | None, form: str, public: bool,
           addresses: bool) -> None:
    """Export game NAME: phases, orders, results, centres, public press."""
    from gmbot.service.archive.run import ArchiveError, export_text

    app = app_from(ctx)
    try:
        text = export_text(app, name, form=form, scope="public" if public else "full",
                           addresses=addresses)
    except ArchiveError as e:
        raise click.ClickException(str(e)) from None
    if output:
        import os

        # A full export says everything the judge knows: readable by its owner alone.
        mode = 0o644 if public or form == "mila" else 0o600
        fd = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        if mode == 0o600:
            os.fchmod(fd, mode)  # also a file that was there before
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        click.echo(f"game {name} exported to {output}", err=True)
    else:
        click.echo(text, nl=False)


@game.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--name", "new_name", help="Create the game under this name instead.")
@click.pass_context
def import_(ctx: click.Context, file: str, new_name: str | None) -> None:
    """Recreate a game from a --full export FILE, ready to continue."""
    from gmbot.service.archive.run import ArchiveError, import_file

    app = app_from(ctx)
    try:
        click.echo(import_file(app, file, new_name))
    except ArchiveError as e:
        raise click.ClickException(str(e)) from None


def _standings(s: Session, g: Game, phase: PhaseRow | None) -> tuple[list[Standing], str | None]:
    """The players' standings, and why the position cannot be read if it cannot (then
    each player is shown without what his orders complete): one bad game is shown, not
    an error."""
    from gmbot.service.runtime import StoredPositionError
    from gmbot.service.views.standing import standings

    try:
        return standings(s, g, phase), None
    except StoredPositionError as e:
        return standings(s, g, None), str(e)


def _trouble(s: Session, g: Game, unreadable: str | None) -> None:
    from gmbot.service.deadline.parking import parked_reason

    why = parked_reason(s, g)
    if why:
        click.echo(f"PARKED: {why}")
        click.echo(f"  correct the position, then `gmbot game resume {g.name}` (or RESUME)")
    elif unreadable:
        click.echo(f"PROBLEM: {unreadable}")


@contextmanager
def refusals() -> Iterator[None]:
    """A GM action refused (AdminError) ends the command with its reason, exit status 1."""
    from gmbot.service.gm.admin import AdminError

    try:
        yield
    except AdminError as e:
        raise click.ClickException(str(e)) from None


def named_game(s: Session, name: str) -> Game:
    from gmbot.service.gm.admin import find_game

    with refusals():
        return find_game(s, name)


def _admin(verb: str, action: str, *extra: str) -> None:
    """A CLI verb for one of gmbot.service.gm.admin's actions (imported lazily)."""

    @game.command(verb, help=f"{verb.capitalize()} game NAME {' '.join(extra)}".rstrip() + ".")
    @click.argument("name")
    @click.argument("args", nargs=-1)
    @click.pass_context
    def command(ctx: click.Context, name: str, args: tuple[str, ...]) -> None:
        from gmbot.service.gm import admin

        if len(args) != len(extra):
            raise click.UsageError(f"usage: gmbot game {verb} NAME {' '.join(extra)}".rstrip())
        app = app_from(ctx)
        with refusals(), app.db.transaction() as s:
            click.echo(getattr(admin, action)(s, admin.find_game(s, name), *args, app.now()))
        if verb == "process":
            from gmbot.daemon.loop import run_deadlines

            parked: list[str] = []
            for line in run_deadlines(app, parked=parked):
                click.echo(line)
            for line in parked:  # that game alone: the others were processed
                click.echo(f"error: {line}", err=True)
            if parked:
                ctx.exit(1)


_admin("process", "process_now")
_admin("extend", "extend", "DURATION")
_admin("pause", "pause")
_admin("resume", "resume")
_admin("rollback", "rollback", "PHASE")
_admin("replace", "replace_player", "WHO", "ADDRESS")
