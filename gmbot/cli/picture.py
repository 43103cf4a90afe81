"""`gmbot map`: a game's map picture, as a player or the GM saw it in a phase."""

from __future__ import annotations

import click

from gmbot.cli.root import app_from, main


@main.command("map")
@click.argument("name")
@click.option("--phase", help="A past phase (e.g. S1902M): the map of its results mail. "
              "Default: the current position.")
@click.option("--as", "viewer", help="The map as this power sees it (default: the public map "
              "the GM gets).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="The PNG file to write.")
@click.pass_context
def map_picture(ctx: click.Context, name: str, phase: str | None, viewer: str | None,
                output: str) -> None:
    """Write the map of game NAME as a PNG file."""
    from sqlalchemy import select

    from gmbot.engine.map import load_map
    from gmbot.picture.data import NoPicture
    from gmbot.service.runtime import current_phase, rules_for
    from gmbot.service.views.pictures import phase_picture
    from gmbot.store.models import Game

    app = app_from(ctx)
    with app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == name)).first()
        if game is None:
            raise click.ClickException(f"no game named {name!r}")
        key = None
        if viewer:
            key = load_map(rules_for(game).map_name).power(viewer)
            if key is None:
                raise click.ClickException(f"{viewer!r} is not a power of {name}")
        if phase is None:
            open_ = current_phase(s, game)
            if open_ is None:
                raise click.ClickException(f"{name} has no open phase: give --phase")
            phase = open_.name
        try:
            png = phase_picture(s, game, phase, key)
        except (LookupError, ValueError) as e:
            raise click.ClickException(str(e)) from None
    if png is None:
        raise click.ClickException(f"{NoPicture.__doc__} (docs/maps.md tells how to add one)")
    with open(output, "wb") as f:
        f.write(png)
    click.echo(f"{output}: {phase}" + (f" as {key}" if key else " (public)"))
