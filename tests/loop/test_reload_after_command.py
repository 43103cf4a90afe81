"""Loading the game file again does not undo what the GM did by command: after REPLACE,
the unchanged file keeps the new player (and says what differs) unless the GM passes
--force. Through the CLI and the real pipeline on the local Maildir."""

from __future__ import annotations

from pathlib import Path

from tests.loop.conftest import Cli
from tests.loop.judgekit import Judge, standard_game
from tests.loop.test_commands import GM, addr, ask

NEW = "luca@example.test"


def game_file(tmp_path: Path, text: str | None = None) -> str:
    path = tmp_path / "reload.yaml"
    path.write_text(text or standard_game(), encoding="utf-8")
    return str(path)


def test_reloading_the_unchanged_file_keeps_the_replacement(
        judge: Judge, cli: Cli, tmp_path: Path) -> None:
    ask(judge, GM, f"REPLACE ITALY {NEW}\n")
    out = cli("game", "load", game_file(tmp_path)).output
    assert f"ITALY: the file says {addr('ITALY')}, but a command made it {NEW}; kept {NEW}" \
        in out
    assert "Orders for S1901M" in ask(judge, NEW, "A VEN H\n")  # the new player still plays
    refused = ask(judge, addr("ITALY"), "A VEN - TRI\n")
    assert "not registered" in refused  # and the old one is still out
    # Other edits of the file are taken as always: a new title.
    cli("game", "load", game_file(tmp_path, standard_game() + "title: Spring league\n"))
    assert "Spring league" in ask(judge, NEW, "STATUS\n")


def test_force_takes_the_files_player_back(judge: Judge, cli: Cli, tmp_path: Path) -> None:
    ask(judge, GM, f"REPLACE ITALY {NEW}\n")
    out = cli("game", "load", "--force", game_file(tmp_path)).output
    assert f"ITALY: the file's {addr('ITALY')} replaces {NEW}, set by command (--force)" in out
    assert "Orders for S1901M" in ask(judge, addr("ITALY"), "A VEN H\n")
    assert "not registered" in ask(judge, NEW, "A VEN H\n")


def test_a_file_edited_to_another_player_wins(judge: Judge, cli: Cli, tmp_path: Path) -> None:
    ask(judge, GM, f"REPLACE ITALY {NEW}\n")
    edited = standard_game().replace(addr("ITALY"), "marco@example.test")
    out = cli("game", "load", game_file(tmp_path, edited)).output
    assert "kept" not in out  # the GM changed the file itself: no conflict to report
    assert "Orders for S1901M" in ask(judge, "marco@example.test", "A VEN H\n")


def test_a_replace_agreeing_with_the_file_reports_nothing(
        judge: Judge, cli: Cli, tmp_path: Path) -> None:
    cli("game", "replace", "g", "italy", f"Luca <{NEW}>")
    out = cli("game", "load", game_file(tmp_path, standard_game().replace(addr("ITALY"), NEW)))
    assert out.output.strip() == "game g updated at S1901M (7 players)"
