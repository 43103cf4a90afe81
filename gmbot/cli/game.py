"""`gmbot game ...`: the GM's verbs on the command line."""

from __future__ import annotations

import json

import click

from gmbot.cli import app_from, main


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
    from gmbot.service.games import load_game

    app = app_from(ctx)
    try:
        click.echo(load_game(app, file, force=force))
    except GameFileError as e:
        raise click.ClickException("the game file has errors:\n" + "\n".join(
            str(p) for p in e.problems)) from None


@game.command("list")
@click.pass_context
def list_games(ctx: click.Context) -> None:
    """List the games and their current phase."""
    from sqlalchemy import select

    from gmbot.service.runtime import current_phase
    from gmbot.store.models import Game

    app = app_from(ctx)
    with app.db.transaction() as s:
        for g in s.scalars(select(Game).order_by(Game.name)):
            phase = current_phase(s, g)
            due = f"{phase.name}, deadline {phase.deadline_at:%Y-%m-%d %H:%M} UTC" if phase \
                and phase.deadline_at else "-"
            click.echo(f"{g.name:20} {g.variant:12} {g.status:9} {due}")


@game.command("show")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="The position in the position schema.")
@click.pass_context
def show(ctx: click.Context, name: str, as_json: bool) -> None:
    """Show a game's current position."""
    from gmbot.service.admin import AdminError, find_game
    from gmbot.service.runtime import current_phase

    app = app_from(ctx)
    with app.db.transaction() as s:
        try:
            g = find_game(s, name)
        except AdminError as e:
            raise click.ClickException(str(e)) from None
        phase = current_phase(s, g)
        state = dict(phase.state) if phase else {}
        if as_json:
            click.echo(json.dumps({"game": g.name, "variant": g.variant, "options": g.options,
                                   "status": g.status, **state}, indent=2))
            return
        click.echo(f"{g.name} ({g.variant}, {g.status}) at {state.get('phase', '-')}")
        for power, units in (state.get("units") or {}).items():
            centres = (state.get("centers") or {}).get(power, [])
            shown = ", ".join(u if isinstance(u, str) else u["unit"] for u in units)
            click.echo(f"  {power:9} {len(centres):2} centres  {shown}")


def _admin(verb: str, action: str, *extra: str) -> None:
    """A CLI verb for one of gmbot.service.admin's actions (imported lazily)."""

    @game.command(verb, help=f"{verb.capitalize()} game NAME {' '.join(extra)}".rstrip() + ".")
    @click.argument("name")
    @click.argument("args", nargs=-1)
    @click.pass_context
    def command(ctx: click.Context, name: str, args: tuple[str, ...]) -> None:
        from gmbot.service import admin

        if len(args) != len(extra):
            raise click.UsageError(f"usage: gmbot game {verb} NAME {' '.join(extra)}".rstrip())
        app = app_from(ctx)
        try:
            with app.db.transaction() as s:
                click.echo(getattr(admin, action)(s, admin.find_game(s, name), *args, app.now()))
        except admin.AdminError as e:
            raise click.ClickException(str(e)) from None
        if verb == "process":
            from gmbot.service.loop import run_deadlines

            for line in run_deadlines(app):
                click.echo(line)


_admin("process", "process_now")
_admin("extend", "extend", "DURATION")
_admin("pause", "pause")
_admin("resume", "resume")
_admin("rollback", "rollback", "PHASE")
_admin("replace", "replace_player", "WHO", "ADDRESS")
_admin("draw", "declare_draw")
