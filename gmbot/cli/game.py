"""`gmbot game ...`: the GM's verbs on the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import click

from gmbot.cli.root import app_from


@click.group()
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
    from gmbot.service.console.games import game_list

    for line in game_list(app_from(ctx)):
        click.echo(line)


@game.command("show")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True,
              help="The position in the position schema, with players and deadline.")
@click.pass_context
def show(ctx: click.Context, name: str, as_json: bool) -> None:
    """Show a game's current position, deadline and players."""
    from gmbot.service.console.games import show_data, show_lines

    app = app_from(ctx)
    with refusals():
        if as_json:
            click.echo(json.dumps(show_data(app, name), indent=2))
            return
        for line in show_lines(app, name):
            click.echo(line)


@game.command("status")
@click.argument("name")
@click.pass_context
def status(ctx: click.Context, name: str) -> None:
    """Who has ordered (fully, partly, not at all), last mail and NMR count per player."""
    from gmbot.service.console.games import status_lines

    with refusals():
        for line in status_lines(app_from(ctx), name):
            click.echo(line)


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


@contextmanager
def refusals() -> Iterator[None]:
    """A GM action refused (AdminError) ends the command with its reason, exit status 1."""
    from gmbot.service.gm.errors import AdminError

    try:
        yield
    except AdminError as e:
        raise click.ClickException(str(e)) from None


def _admin(verb: str, *extra: str) -> None:
    """A CLI verb for one of the GM's actions (gmbot/service/console/actions.py)."""

    @game.command(verb, help=f"{verb.capitalize()} game NAME {' '.join(extra)}".rstrip() + ".")
    @click.argument("name")
    @click.argument("args", nargs=-1)
    @click.pass_context
    def command(ctx: click.Context, name: str, args: tuple[str, ...]) -> None:
        from gmbot.service.console.actions import run_action

        if len(args) != len(extra):
            raise click.UsageError(f"usage: gmbot game {verb} NAME {' '.join(extra)}".rstrip())
        app = app_from(ctx)
        with refusals():
            click.echo(run_action(app, verb, name, args))
        if verb == "process":
            from gmbot.daemon.loop import run_deadlines

            parked: list[str] = []
            for line in run_deadlines(app, parked=parked):
                click.echo(line)
            for line in parked:  # that game alone: the others were processed
                click.echo(f"error: {line}", err=True)
            if parked:
                ctx.exit(1)


_admin("process")
_admin("extend", "DURATION")
_admin("pause")
_admin("resume")
_admin("rollback", "PHASE")
_admin("replace", "WHO", "ADDRESS")
