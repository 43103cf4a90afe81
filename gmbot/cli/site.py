"""`gmbot site` writes the games' web pages; `gmbot web` serves them on this machine."""

from __future__ import annotations

from pathlib import Path

import click

from gmbot.cli.root import app_from


@click.command("site")
@click.option("-o", "--output", type=click.Path(file_okay=False),
              help="The folder to write the pages to. Default: gmbot.yaml's site.dir.")
@click.option("--game", "games", multiple=True, help="Only this game (repeatable).")
@click.pass_context
def site(ctx: click.Context, output: str | None, games: tuple[str, ...]) -> None:
    """Write every game's web pages as static files (docs/site.md)."""
    from gmbot.service.site.build import SiteError, write_site

    app = app_from(ctx)
    folder = Path(output) if output else app.config.site.dir if app.config.site else None
    if folder is None:
        raise click.ClickException("give -o DIR, or set site: {dir: ...} in gmbot.yaml")
    try:
        written = write_site(app, folder, list(games) or None)
    except SiteError as e:
        raise click.ClickException(f"pages not written: {e}") from None
    click.echo(f"{folder}: {len(written)} files written")


@click.command("web")
@click.option("-d", "--dir", "folder", type=click.Path(file_okay=False),
              help="The site folder. Default: gmbot.yaml's site.dir.")
@click.option("-p", "--port", type=int, default=8000, show_default=True)
@click.pass_context
def web(ctx: click.Context, folder: str | None, port: int) -> None:
    """Serve the site folder on 127.0.0.1 (for a GM without a web server), and the
    readers' one-click unsubscribe links (List-Unsubscribe-Post)."""
    from gmbot.daemon.web import site_server

    app = app_from(ctx)  # the home whose readers' one-click links it serves
    if folder is None:
        if app.config.site is None:
            raise click.ClickException("give -d DIR, or set site: {dir: ...} in gmbot.yaml")
        folder = str(app.config.site.dir)
    if not Path(folder, "index.html").is_file():
        raise click.ClickException(f"{folder} holds no site: write it with `gmbot site`")
    server = site_server(Path(folder), port, app=app)
    click.echo(f"serving {folder} at http://127.0.0.1:{server.server_address[1]}/ "
               "(Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
