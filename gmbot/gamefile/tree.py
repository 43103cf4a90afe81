"""The game file's YAML, composed into a node tree and converted by hand so that every
field keeps its line number, and so that plain scalars follow YAML 1.2 rules: `NO`, `yes`
and `20:00` stay strings instead of becoming False / True / 1200 as in PyYAML's YAML 1.1
resolver. Bounded: a file that expands too far (an alias bomb) is stopped."""

from __future__ import annotations

import re
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from gmbot.gamefile.paths import child, nearest_line
from gmbot.gamefile.spec import Problem

# A game file is a few hundred lines; these bounds are far above any real one and far
# below what exhausts memory (a YAML "billion laughs": aliases of aliases of lists).
MAX_FILE_CHARS = 1_000_000
MAX_NODES = 100_000  # values in the file once aliases are expanded
MAX_ALIASES = 10_000  # alias expansions (*name)


class TooLarge(Exception):
    """A file beyond the bounds above, stopped at `line`."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


class UntypedLoader(yaml.SafeLoader):
    """Composes without implicit typing: plain scalars are typed by Tree instead."""

    yaml_implicit_resolvers: dict[str, Any] = {}


_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False,
         "FALSE": False}  # fmt: skip
_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*|[0-9]+(?:\.[0-9]*)?[eE][-+]?[0-9]+)")
_STR, _SEQ, _MAP = (f"tag:yaml.org,2002:{t}" for t in ("str", "seq", "map"))


class Tree:
    """Converts nodes to plain data, recording each path's line and each plain scalar's text."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.lines: dict[str, int] = {}
        self.raw: dict[str, str] = {}  # source text of plain scalars, for string fields
        self.problems: list[Problem] = []
        self._active: set[int] = set()
        self._seen: set[int] = set()  # nodes converted once: met again, an alias
        self.nodes = self.aliases = 0

    def problem(self, path: str, message: str, line: int | None = None) -> None:
        line = line if line is not None else nearest_line(self.lines, path)
        self.problems.append(Problem(self.filename, line, path, message))

    def convert(self, node: Node, path: str) -> Any:
        self._count(node)
        self.lines.setdefault(path, node.start_mark.line + 1)
        if id(node) in self._active:  # an alias to an enclosing node
            self.problem(path, "recursive YAML alias", node.start_mark.line + 1)
            return None
        if isinstance(node, ScalarNode):
            if node.tag != _STR:
                self.problem(path, f"YAML tag {node.tag} is not supported")
                return None
            if node.style is not None:  # quoted or block scalar: always a string
                return node.value
            self.raw[path] = node.value
            return plain_value(node.value)
        if node.tag not in (_SEQ, _MAP):
            self.problem(path, f"YAML tag {node.tag} is not supported")
            return None
        self._active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return [self.convert(item, f"{path}[{i}]") for i, item in enumerate(node.value)]
            assert isinstance(node, MappingNode)
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                line = key_node.start_mark.line + 1
                if not isinstance(key_node, ScalarNode) or key_node.tag != _STR:
                    self.problem(path, "mapping keys must be plain words", line)
                    continue
                key = key_node.value
                sub = child(path, key)
                if key in result:
                    self.problem(sub, "duplicate key", line)
                    continue
                self.lines[sub] = line  # the key's line: where a GM looks for the field
                result[key] = self.convert(value_node, sub)
            return result
        finally:
            self._active.discard(id(node))

    def _count(self, node: Node) -> None:
        """Stop a file that expands beyond MAX_NODES values or MAX_ALIASES aliases."""
        self.nodes += 1
        if id(node) in self._seen:
            self.aliases += 1
        else:
            self._seen.add(id(node))
        line = node.start_mark.line + 1
        if self.aliases > MAX_ALIASES:
            raise TooLarge(f"more than {MAX_ALIASES:,} YAML aliases (*name) are expanded; "
                            "a game file needs far fewer (an alias bomb?)", line)
        if self.nodes > MAX_NODES:
            raise TooLarge(f"more than {MAX_NODES:,} values once YAML aliases are "
                            "expanded; a game file needs far fewer (an alias bomb?)", line)

    def alias_paths(self, old: str, new: str) -> None:
        """Make lines recorded under `old` (and below it) also known under `new`."""
        for path in [p for p in self.lines if p == old or p.startswith((old + ".", old + "["))]:
            self.lines.setdefault(new + path[len(old) :], self.lines[path])


def plain_value(text: str) -> Any:
    """YAML 1.2 core-schema typing of a plain scalar."""
    if text in _NULL:
        return None
    if text in _BOOL:
        return _BOOL[text]
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    return text
