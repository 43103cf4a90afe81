"""`gmbot map`: a game's map picture, as a player or the GM saw it in a phase."""

from __future__ import annotations

import click

from gmbot.cli.root import app_from


@click.command("map")
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
    from gmbot.picture.data import NoPicture
    from gmbot.service.console.picture import map_picture
    from gmbot.service.gm.errors import AdminError

    try:
        drawn = map_picture(app_from(ctx), name, phase, viewer)
    except AdminError as e:
        raise click.ClickException(str(e)) from None
    if drawn.png is None:
        raise click.ClickException(f"{NoPicture.__doc__} (docs/maps.md tells how to add one)")
    with open(output, "wb") as f:
        f.write(drawn.png)
    click.echo(f"{output}: {drawn.phase}" + (f" as {drawn.viewer}" if drawn.viewer
                                              else " (public)"))
