"""The `gmbot` group finds its commands in a table (gmbot/cli/root.py) and imports only the
one a run asks for. A command a module defines but the table does not name would never
run: every command of gmbot/cli/ is in the table, or a subcommand of a group that is."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import click

import gmbot.cli
from gmbot.cli.root import main


def _reachable(command: click.Command) -> set[int]:
    found = {id(command)}
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            found |= _reachable(sub)
    return found


def test_every_command_of_the_cli_modules_is_in_the_table() -> None:
    ctx = click.Context(main)
    reachable: set[int] = set()
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        assert command is not None and command.name == name
        reachable |= _reachable(command)
    defined = {}
    for info in pkgutil.iter_modules(gmbot.cli.__path__, "gmbot.cli."):
        module = importlib.import_module(info.name)
        for attr, value in vars(module).items():
            if isinstance(value, click.Command) and value is not main:
                defined[id(value)] = f"{info.name}:{attr}"
    missing = sorted(where for key, where in defined.items() if key not in reachable)
    assert missing == [], f"commands no `gmbot` run can reach: {missing}"


def test_an_unknown_command_is_refused_by_name() -> None:
    assert main.get_command(click.Context(main), "tock") is None
    run = subprocess.run([sys.executable, "-c", "from gmbot.cli import main; main()", "tock"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "No such command 'tock'" in run.stderr


def test_a_run_of_tick_imports_no_other_command_module() -> None:
    code = ("import sys\nfrom gmbot.cli import main\n"
            "try:\n    main(['tick', '--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('gmbot.cli.')))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    assert run.stdout.split("\n")[-2] == "['gmbot.cli.mail', 'gmbot.cli.root']"
