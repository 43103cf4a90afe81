"""The `gmbot` command. Each command family lives in its own module and imports its
heavy dependencies lazily, so `gmbot adjudicate` and `gmbot tick` start fast."""

from __future__ import annotations

import click

from gmbot import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gmbot")
def main() -> None:
    """gmbot: a play-by-email game master for Diplomacy and its variants."""


def _register() -> None:
    from gmbot.cli import adjudicate  # noqa: F401  (commands register on import)


_register()
