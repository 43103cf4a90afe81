"""README's first command: `gmbot demo` plays a turn through the local mailbox and shows
France's results mail, text and map."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from gmbot.cli import main


def test_the_demo_plays_a_turn_and_shows_frances_results(tmp_path: Path) -> None:
    home = tmp_path / "demo"
    result = CliRunner().invoke(main, ["demo", "--dir", str(home)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "France's results mail:" in out
    assert "Spring 1901 Movement results" in out or "results of Spring 1901" in out
    assert "--- For FRANCE only ---" in out
    picture = home / "france-map.png"
    assert f"France's map of the new position: {picture}" in out
    with Image.open(picture) as image:
        assert image.format == "PNG" and image.width > 100



def test_the_demo_names_the_next_command_as_it_was_called(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32: not ".venv/bin/gmbot" where there is no .venv (an installed wheel)."""
    home = tmp_path / "demo"
    monkeypatch.setattr(sys, "argv", ["/usr/local/bin/gmbot", "demo"])
    out = CliRunner().invoke(main, ["demo", "--dir", str(home)]).output
    assert f"Next: /usr/local/bin/gmbot --home {home} game show demo" in out
    assert ".venv" not in out.splitlines()[-1]
