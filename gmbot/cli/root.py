"""The `gmbot` command group and what its commands share. The group knows each command by
the module that defines it and imports only the one a run asks for: importing every
command module (click builds each option at import) was 5% of the instructions of a
`gmbot tick` with nothing to do (benchmarks/instructions.py). The modules import this,
not the package, so no module imports one that imports it back."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

import click

from gmbot import __version__

if TYPE_CHECKING:  # imported at run time in app_from only: start-up stays fast
    from gmbot.service.app import App


# Each command: the module defining it and its name there. seats.py adds the seat verbs to
# game.py's group, so the group is taken from seats.py, whole.
COMMANDS = {
    "adjudicate": "gmbot.cli.adjudicate:adjudicate",
    "bot-mail": "gmbot.cli.botmail:bot_mail",
    "demo": "gmbot.cli.demo:demo",
    "dkim": "gmbot.cli.dkim:dkim",
    "drain": "gmbot.cli.mail:drain",
    "game": "gmbot.cli.seats:game",
    "ingest": "gmbot.cli.mail:ingest",
    "map": "gmbot.cli.picture:map_picture",
    "run": "gmbot.cli.mail:run",
    "site": "gmbot.cli.site:site",
    "tick": "gmbot.cli.mail:tick",
    "web": "gmbot.cli.site:web",
}


class CommandTable(click.Group):
    """A group whose commands are imported when asked for (`gmbot --help` asks for all)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return None
        module, name = where.split(":")
        command = getattr(import_module(module), name)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=CommandTable, context_settings={"help_option_names": ["-h", "--help"]})
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
