"""Reading a game file: the text composed into a line-keeping tree, checked, and either a
GameSpec or a GameFileError listing every problem at once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml.nodes import Node

from gmbot.gamefile.checker import Checker
from gmbot.gamefile.redact import redacted
from gmbot.gamefile.spec import GameFileError, GameSpec, Problem
from gmbot.gamefile.tree import MAX_FILE_CHARS, TooLarge, Tree, UntypedLoader


@dataclass(frozen=True)
class LoadedFile:
    """A game file read once: its spec, and its text as the judge keeps it (Game.source,
    its passwords redacted)."""

    spec: GameSpec
    source: str


def load_game_file(path: str | Path) -> GameSpec:
    """Read and validate a game file; raises GameFileError."""
    return read_game_source(path).spec


def read_game_source(path: str | Path) -> LoadedFile:
    """Read and validate a game file, and redact it for keeping; raises GameFileError.
    The YAML is composed once for both: composing is most of the cost of loading a game
    (the pure-Python parser, which keeps every node's line and offset)."""
    filename = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError([Problem(filename, None, "", f"cannot read the file: {exc}")]) from exc
    node = _compose(text, filename)
    return LoadedFile(_spec(node, filename, False), redacted(text, node))


def parse_game_text(text: str, filename: str = "<game>", stored: bool = False) -> GameSpec:
    """Parse and validate game-file text; raises GameFileError listing every problem.
    `stored`: the judge's own copy (Game.source), whose passwords read as REDACTED."""
    return _spec(_compose(text, filename), filename, stored)


def _compose(text: str, filename: str) -> Node:
    """The text as YAML nodes; raises GameFileError when it is too long, no YAML or empty."""
    if len(text) > MAX_FILE_CHARS:
        raise GameFileError([Problem(filename, None, "", (
            f"the file has {len(text):,} characters; a game file may have at most "
            f"{MAX_FILE_CHARS:,}"))])
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
    return node


def _spec(node: Node, filename: str, stored: bool) -> GameSpec:
    tree = Tree(filename)
    try:
        data = tree.convert(node, "")
    except TooLarge as exc:
        raise GameFileError([Problem(filename, exc.line, "", str(exc))]) from None
    spec = Checker(tree, stored).game(data)
    if tree.problems or spec is None:
        raise GameFileError(sorted(tree.problems, key=lambda p: p.line or 0), partial=spec)
    return spec
