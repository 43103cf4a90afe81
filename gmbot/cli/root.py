"""The `gmbot` command group and what its commands share. Apart from the package's
__init__, which imports every command module to register it: the modules import this,
not the package, so no module imports one that imports it back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from gmbot import __version__

if TYPE_CHECKING:  # imported at run time in app_from only: start-up stays fast
    from gmbot.service.app import App


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gmbot")
@click.option("--home", envvar="GMBOT_HOME", type=click.Path(file_okay=False),
              help="Data directory (database, mailboxes, logs). Default ./var.")
@click.option("--config", "config_file", type=click.Path(dir_okay=False),
              help="Configuration file. Default HOME/gmbot.yaml.")
@click.pass_context
def main(ctx: click.Context, home: str | None, config_file: str | None) -> None:
    """gmbot: a play-by-email game master for Diplomacy and its variants."""
    ctx.obj = {"home": home, "config": config_file}


def app_from(ctx: click.Context) -> App:
    from gmbot.config import ConfigError
    from gmbot.service.app import open_app

    try:
        return open_app(ctx.obj["home"], ctx.obj["config"])
    except ConfigError as e:
        raise click.ClickException(str(e)) from None
