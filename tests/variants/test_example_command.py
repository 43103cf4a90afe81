"""`gmbot game example NAME`: a variant's or option's example game as shipped with gmbot,
printed for the GM to save under games/ (it needs no home directory and no database)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from gmbot.cli import main
from gmbot.gamefile import parse_game_text
from gmbot.variants import DECLARED_OPTIONS, DECLARED_VARIANTS


def test_prints_each_example_game_as_the_folder_holds_it(tmp_path: Path) -> None:
    for declaration in (*DECLARED_VARIANTS.values(), *DECLARED_OPTIONS.values()):
        result = CliRunner().invoke(main, ["--home", str(tmp_path / "home"), "game", "example",
                                           declaration.name])
        if declaration.example is None:
            assert result.exit_code == 1
            assert f"{declaration.name} has no example game" in result.output
            continue
        assert result.exit_code == 0, result.output
        assert result.output == declaration.example.read_text(encoding="utf-8")
        parse_game_text(result.output, "games/my-game.yaml")  # a GM can load it as it is
    assert not (tmp_path / "home").exists()  # nothing written, no database made


def test_an_unknown_name_lists_the_known_ones() -> None:
    result = CliRunner().invoke(main, ["game", "example", "diplomacy"])
    assert result.exit_code == 1
    assert "unknown variant or option 'diplomacy' (known: al-andalus, arpiesse," in result.output
