"""Reading a game file: the text composed into a line-keeping tree, checked, and either a
GameSpec or a GameFileError listing every problem at once."""

from __future__ import annotations

from pathlib import Path

import yaml

from gmbot.gamefile.checker import Checker
from gmbot.gamefile.spec import GameFileError, GameSpec, Problem
from gmbot.gamefile.tree import MAX_FILE_CHARS, TooLarge, Tree, UntypedLoader


def load_game_file(path: str | Path) -> GameSpec:
    """Read and validate a game file; raises GameFileError."""
    filename = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError([Problem(filename, None, "", f"cannot read the file: {exc}")]) from exc
    return parse_game_text(text, filename)


def parse_game_text(text: str, filename: str = "<game>", stored: bool = False) -> GameSpec:
    """Parse and validate game-file text; raises GameFileError listing every problem.
    `stored`: the judge's own copy (Game.source), whose passwords read as REDACTED."""
    if len(text) > MAX_FILE_CHARS:
        raise GameFileError([Problem(filename, None, "", (
            f"the file has {len(text):,} characters; a game file may have at most "
            f"{MAX_FILE_CHARS:,}"))])
    tree = Tree(filename)
    try:
        node = yaml.compose(text, Loader=UntypedLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        message = " ".join(s for s in (exc.context, exc.problem) if s) or str(exc)
        raise GameFileError([Problem(filename, line, "", f"invalid YAML: {message}")]) from exc
    except yaml.YAMLError as exc:
        raise GameFileError([Problem(filename, None, "", f"invalid YAML: {exc}")]) from exc
    if node is None:
        raise GameFileError([Problem(filename, 1, "", "the file is empty")])
    try:
        data = tree.convert(node, "")
    except TooLarge as exc:
        raise GameFileError([Problem(filename, exc.line, "", str(exc))]) from None
    spec = Checker(tree, stored).game(data)
    if tree.problems or spec is None:
        raise GameFileError(sorted(tree.problems, key=lambda p: p.line or 0), partial=spec)
    return spec
