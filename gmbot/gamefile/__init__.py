"""The game file a game master edits under games/: parsing and validation.

The YAML is composed into a node tree and converted by hand so that every field keeps its
line number, and so that plain scalars follow YAML 1.2 rules: `NO`, `yes` and `20:00` stay
strings instead of becoming False / True / 1200 as in PyYAML's YAML 1.1 resolver.
Errors are collected, not raised one by one, and reported together as a GameFileError.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from gmbot.gamefile.deadlines import DeadlinePolicy, PolicyError
from gmbot.press.policy import PressRules, check_section

__all__ = [
    "GameFileError",
    "GameSpec",
    "Player",
    "Problem",
    "load_game_file",
    "parse_game_text",
    "redact_secrets",
]

NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]*")
POWER_RE = re.compile(r"[A-Z][A-Z0-9_-]*")
ROLE_RE = re.compile(r"[a-z][a-z0-9_-]*")
PHASE_RE = re.compile(r"[SFW][0-9]+[MRA]")
# Deliberately loose (single-label domains such as localhost are allowed): it catches typos,
# not every RFC 5322 corner case.
EMAIL_RE = re.compile(
    r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*"
)

TOP_KEYS = ("name", "title", "variant", "options", "gm", "judge", "players", "deadlines", "nmr",
            "position", "press", "observers", "auth", "gm_password")  # fmt: skip
AUTH_MODES = ("on", "none")  # docs/security.md
SECRET_KEYS = ("password", "gm_password")  # never kept in clear: see redact_secrets
REDACTED = "(not kept)"
PLAYER_KEYS = ("address", "power", "role", "name", "password")
POSITION_KEYS = ("phase", "units", "centers", "homes", "dislodged", "standoffs", "powers",
                 "extra_centres", "extra")
NMR_POLICIES = ("hold",)


@dataclass(frozen=True)
class Problem:
    """One problem in a file, printed as `file:line: path: message`."""

    filename: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.filename if self.line is None else f"{self.filename}:{self.line}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class GameFileError(Exception):
    """A game file that cannot be used; `problems` lists everything found wrong.
    `partial`: what of the file could be read despite them, so that the checks against
    the variant and map can still run and every problem is reported in one load."""

    def __init__(self, problems: list[Problem], partial: GameSpec | None = None) -> None:
        self.problems = list(problems)
        self.partial = partial
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class Player:
    address: str
    power: str | None = None  # upper-cased power key, or None for a role player
    role: str | None = None  # lower-cased role, for variants whose players own no power
    name: str | None = None
    password: str | None = field(default=None, repr=False)

    @property
    def key(self) -> str:
        """The name the engine knows this player by, as `gmbot.store.models.Player.key`."""
        return self.power or (self.name or "").upper()


@dataclass(frozen=True)
class GameSpec:
    name: str
    variant: str
    gm: str
    judge: str
    players: tuple[Player, ...]
    title: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    deadlines: DeadlinePolicy = field(default_factory=DeadlinePolicy)
    nmr: str = "hold"
    auth: str = "on"  # on: mail must prove its author; none: the From address is enough
    gm_password: str | None = field(default=None, repr=False)
    position: dict[str, Any] | None = None  # only its top-level shape is checked here
    press: PressRules = field(default_factory=PressRules)
    observers: tuple[str, ...] = ()  # addresses given the public results and broadcasts
    filename: str = "<game>"
    lines: Mapping[str, int] = field(default_factory=dict, repr=False, compare=False)
    # A partial spec (see GameFileError.partial) leaves out unreadable players: each
    # player's index in the file, for paths in problems.
    player_rows: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def player_path(self, n: int) -> str:
        """The file's path of `players[n]` (as the file numbers them)."""
        return f"players[{self.player_rows[n] if self.player_rows else n}]"

    def line_of(self, path: str) -> int | None:
        """The line of a field path such as "position.units.FRANCE[1]", or None."""
        return self.lines.get(path)

    def problem(self, path: str, message: str) -> Problem:
        """A Problem at `path`, using the line of its nearest known ancestor."""
        return Problem(self.filename, _nearest_line(self.lines, path), path, message)

    def player_by_address(self, address: str) -> Player | None:
        key = address.strip().lower()
        return next((p for p in self.players if p.address.lower() == key), None)


def load_game_file(path: str | Path) -> GameSpec:
    """Read and validate a game file; raises GameFileError."""
    filename = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError([Problem(filename, None, "", f"cannot read the file: {exc}")]) from exc
    return parse_game_text(text, filename)


# A game file is a few hundred lines; these bounds are far above any real one and far
# below what exhausts memory (a YAML "billion laughs": aliases of aliases of lists).
MAX_FILE_CHARS = 1_000_000
MAX_NODES = 100_000  # values in the file once aliases are expanded
MAX_ALIASES = 10_000  # alias expansions (*name)


class _TooLarge(Exception):
    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def parse_game_text(text: str, filename: str = "<game>", stored: bool = False) -> GameSpec:
    """Parse and validate game-file text; raises GameFileError listing every problem.
    `stored`: the judge's own copy (Game.source), whose passwords read as REDACTED."""
    if len(text) > MAX_FILE_CHARS:
        raise GameFileError([Problem(filename, None, "", (
            f"the file has {len(text):,} characters; a game file may have at most "
            f"{MAX_FILE_CHARS:,}"))])
    tree = _Tree(filename)
    try:
        node = yaml.compose(text, Loader=_Loader)
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
    except _TooLarge as exc:
        raise GameFileError([Problem(filename, exc.line, "", str(exc))]) from None
    spec = _Checker(tree, stored).game(data)
    if tree.problems or spec is None:
        raise GameFileError(sorted(tree.problems, key=lambda p: p.line or 0), partial=spec)
    return spec


class _Loader(yaml.SafeLoader):
    """Composes without implicit typing: plain scalars are typed by _Tree instead."""

    yaml_implicit_resolvers: dict[str, Any] = {}


_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False,
         "FALSE": False}  # fmt: skip
_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*|[0-9]+(?:\.[0-9]*)?[eE][-+]?[0-9]+)")
_STR, _SEQ, _MAP = (f"tag:yaml.org,2002:{t}" for t in ("str", "seq", "map"))


def _child(path: str, key: str) -> str:
    return f"{path}.{key}" if path and key else path or key


def _parent(path: str) -> str | None:
    if not path:
        return None
    cut = max(path.rfind("."), path.rfind("["))
    return path[:cut] if cut > 0 else ""


def _nearest_line(lines: Mapping[str, int], path: str) -> int | None:
    at: str | None = path
    while at is not None:
        if at in lines:
            return lines[at]
        at = _parent(at)
    return None


class _Tree:
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
        line = line if line is not None else _nearest_line(self.lines, path)
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
            return _plain(node.value)
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
                sub = _child(path, key)
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
            raise _TooLarge(f"more than {MAX_ALIASES:,} YAML aliases (*name) are expanded; "
                            "a game file needs far fewer (an alias bomb?)", line)
        if self.nodes > MAX_NODES:
            raise _TooLarge(f"more than {MAX_NODES:,} values once YAML aliases are "
                            "expanded; a game file needs far fewer (an alias bomb?)", line)

    def alias_paths(self, old: str, new: str) -> None:
        """Make lines recorded under `old` (and below it) also known under `new`."""
        for path in [p for p in self.lines if p == old or p.startswith((old + ".", old + "["))]:
            self.lines.setdefault(new + path[len(old) :], self.lines[path])


def _plain(text: str) -> Any:
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


def _suggest(key: str, allowed: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(key.lower(), allowed, n=1)
    return (
        f"unknown key {key!r}; did you mean {close[0]}?"
        if close
        else (f"unknown key {key!r} (allowed: {', '.join(allowed)})")
    )


class _Checker:
    def __init__(self, tree: _Tree, stored: bool = False) -> None:
        self.tree = tree
        self.stored = stored

    def problem(self, path: str, message: str) -> None:
        self.tree.problem(path, message)

    def mapping(self, value: Any, path: str, allowed: tuple[str, ...]) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            self.problem(path, "expected a mapping (key: value lines)")
            return None
        for key in value:
            if key not in allowed:
                self.tree.problem(_child(path, key), _suggest(key, allowed))
        return value

    def text(self, data: dict[str, Any], key: str, path: str, required: bool = False) -> str | None:
        """A string field; numbers and booleans written plain are taken as their source text."""
        sub = _child(path, key)
        value = data.get(key)
        if value is None:
            if required:
                self.problem(sub, "required" if key not in data else "must not be empty")
            return None
        if not isinstance(value, str):
            if sub not in self.tree.raw:
                self.problem(sub, "expected a single value, not a list or mapping")
                return None
            value = self.tree.raw[sub]
        value = value.strip()
        if not value:
            self.problem(sub, "must not be empty")
            return None
        return value

    def address(self, data: dict[str, Any], key: str, path: str) -> str | None:
        value = self.text(data, key, path, required=True)
        if value is not None and not EMAIL_RE.fullmatch(value):
            self.problem(_child(path, key), f"not an email address: {value!r}")
            return None
        return value

    def game(self, data: Any) -> GameSpec | None:
        top = self.mapping(data, "", TOP_KEYS)
        if top is None:
            return None
        name = self.text(top, "name", "", required=True)
        if name is not None and not NAME_RE.fullmatch(name):
            self.problem("name", f"{name!r}: use lower-case letters, digits and hyphens")
        title = self.text(top, "title", "")
        variant = self.text(top, "variant", "", required=True)
        options = top.get("options")
        if options is None:
            options = {}
        elif not isinstance(options, dict):
            self.problem("options", "expected a mapping, e.g. {solo: 17}")
        gm = self.address(top, "gm", "")
        judge = self.address(top, "judge", "")
        players = self.players(top.get("players"), "players" in top)
        if judge and gm and judge.lower() == gm.lower():
            self.problem("judge", "the judge address must differ from the gm address")
        for i, p in enumerate(players or ()):
            if judge and p and p.address.lower() == judge.lower():
                self.problem(f"players[{i}].address", "the judge's own address cannot play")
        deadlines = self.deadlines(top.get("deadlines"))
        nmr = self.text(top, "nmr", "") or "hold"
        if nmr not in NMR_POLICIES:
            self.problem("nmr", f"unknown policy {nmr!r} (allowed: {', '.join(NMR_POLICIES)})")
        auth = (self.text(top, "auth", "") or "on").lower()
        if auth not in AUTH_MODES:
            self.problem("auth", f"unknown mode {auth!r} (allowed: {', '.join(AUTH_MODES)})")
        gm_password = self._secret(top, "gm_password", "")
        position = self.position(top.get("position"))
        press, press_problems = check_section(top.get("press"))
        for sub, message in press_problems:
            self.problem(_child("press", sub) if sub else "press", message)
        observers = self.observers(top.get("observers"), gm, judge, players or [])
        if not variant or not isinstance(options, dict):
            return None  # nothing to check against a variant's map
        if any(p.path.startswith("position") for p in self.tree.problems):
            position = None  # its shape is wrong: its contents cannot be checked
        # With problems this is the partial spec (see GameFileError.partial).
        return GameSpec(
            name=name or "",
            title=title,
            variant=variant,
            options=options,
            gm=gm or "",
            judge=judge or "",
            players=tuple(p for p in players or () if p),
            player_rows=tuple(i for i, p in enumerate(players or ()) if p),
            deadlines=deadlines or DeadlinePolicy(),
            nmr=nmr,
            auth=auth,
            gm_password=gm_password,
            position=position,
            press=press or PressRules(),
            observers=observers,
            filename=self.tree.filename,
            lines=dict(self.tree.lines),
        )

    def players(self, value: Any, present: bool) -> list[Player | None] | None:
        if value is None:
            self.problem("players", "required" if not present else "must list the players")
            return None
        if not isinstance(value, list) or not value:
            self.problem("players", "expected a non-empty list of players")
            return None
        result: list[Player | None] = []
        seen: dict[tuple[str, str], int] = {}

        def unique(kind: str, key: str, path: str, i: int) -> None:
            first = seen.setdefault((kind, key.lower()), i)
            if first != i:
                self.problem(path, f"{kind} {key!r} already used by players[{first}]")

        for i, item in enumerate(value):
            path = f"players[{i}]"
            entry = self.mapping(item, path, PLAYER_KEYS)
            if entry is None:
                result.append(None)
                continue
            address = self.address(entry, "address", path)
            power = self.text(entry, "power", path)
            role = self.text(entry, "role", path)
            name = self.text(entry, "name", path)
            password = self._secret(entry, "password", path)
            if power is not None and role is not None:
                self.problem(path, "give either power or role, not both")
            elif entry.get("power") is None and entry.get("role") is None:
                self.problem(path, "give a power (or a role for variants without powers)")
            if power is not None:
                power = power.upper()
                if not POWER_RE.fullmatch(power):
                    self.problem(f"{path}.power", f"not a power key: {power!r}")
                else:
                    unique("power", power, f"{path}.power", i)
            if role is not None and power is None:
                role = role.lower()
                if not ROLE_RE.fullmatch(role):
                    self.problem(f"{path}.role", f"{role!r}: use a lower-case word")
                if entry.get("name") is None:
                    self.problem(f"{path}.name", "required for a player with a role")
            if address is not None:
                unique("address", address, f"{path}.address", i)
            if name is not None:
                unique("name", name, f"{path}.name", i)
            ok = address is not None and (power is None) != (role is None)
            result.append(Player(address, power, role, name, password) if ok else None)
        return result

    def observers(self, value: Any, gm: str | None, judge: str | None,
                  players: list[Player | None]) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            self.problem("observers", "expected a list of addresses")
            return ()
        taken = {a.lower(): what for a, what in ((gm, "the gm"), (judge, "the judge"))
                 if a} | {p.address.lower(): "a player" for p in players if p}
        out: list[str] = []
        for i, item in enumerate(value):
            path = f"observers[{i}]"
            text = self.tree.raw.get(path, item) if not isinstance(item, str) else item
            address = str(text).strip().lower()
            if not EMAIL_RE.fullmatch(address):
                self.problem(path, f"not an email address: {text!r}")
            elif address in taken:
                self.problem(path, f"{address} is {taken[address]} of this game")
            elif address in out:
                self.problem(path, f"{address} is listed twice")
            else:
                out.append(address)
        return tuple(out)

    def _secret(self, data: dict[str, Any], key: str, path: str) -> str | None:
        value = self.text(data, key, path)
        if value == REDACTED and self.stored:
            return None
        if value == REDACTED:
            self.problem(_child(path, key), "write the password itself: this is the judge's "
                                            "stored copy, where passwords are not kept")
            return None
        if value is not None and any(c.isspace() for c in value):
            self.problem(_child(path, key), "a password is one word: it is sent on a "
                                            "PASSWORD line")
            return None
        return value

    def deadlines(self, value: Any) -> DeadlinePolicy | None:
        try:
            return DeadlinePolicy.from_mapping(value)
        except PolicyError as exc:
            for sub, message in exc.problems:
                self.problem(_child("deadlines", sub), message)
            return None

    def position(self, value: Any) -> dict[str, Any] | None:
        if value is None:
            return None
        pos = self.mapping(value, "position", POSITION_KEYS)
        if pos is None:
            return None
        pos = dict(pos)
        if "phase" in pos:
            phase = self.text(pos, "phase", "position", required=True)
            if phase is not None:
                phase = phase.upper()
                if not PHASE_RE.fullmatch(phase):
                    self.problem("position.phase", f"not a phase: {phase!r} (e.g. S1901M)")
                pos["phase"] = phase
        for key in ("units", "centers", "homes", "powers", "extra_centres"):
            if key in pos:
                pos[key] = self.per_power(pos[key], f"position.{key}", key == "powers")
        if "extra" in pos and not isinstance(pos["extra"], dict):
            self.problem("position.extra", "expected a mapping of game-wide variant state")
        if "dislodged" in pos and not isinstance(pos["dislodged"], dict):
            self.problem("position.dislodged", "expected a mapping of unit -> details")
        if "extra" in pos and not isinstance(pos["extra"], dict):
            self.problem("position.extra", "expected a mapping of game-wide variant state")
        if "standoffs" in pos:
            items = pos["standoffs"]
            if not isinstance(items, list) or not all(isinstance(s, str) for s in items):
                self.problem("position.standoffs", "expected a list of provinces, e.g. [BUR]")
        return pos

    def per_power(self, value: Any, path: str, attrs: bool) -> Any:
        """power -> list (or, for `powers`, power -> mapping), with power keys upper-cased."""
        if not isinstance(value, dict):
            self.problem(path, "expected a mapping of power -> " + ("mapping" if attrs else "list"))
            return value
        result: dict[str, Any] = {}
        for key, items in value.items():
            sub = _child(path, key)
            power = key.strip().upper()
            if not POWER_RE.fullmatch(power):
                self.problem(sub, f"not a power key: {key!r}")
            elif power in result:
                self.problem(sub, f"power {power} given twice")
            # Report and look up under the upper-cased key, as later map checks will.
            self.tree.alias_paths(sub, _child(path, power))
            result[power] = items
            if attrs:
                self.attrs(items, _child(path, power))
            else:
                self.items(items, _child(path, power), units=path.endswith(".units"))
        return result

    def attrs(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            self.problem(path, "expected a mapping of attributes, e.g. {dinars: 3}")

    def items(self, value: Any, path: str, units: bool) -> None:
        if not isinstance(value, list):
            example = "[A PAR, F BRE]" if units else "[PAR, BRE]"
            self.problem(path, f"expected a list, e.g. {example}")
            return
        for i, item in enumerate(value):
            if isinstance(item, str):
                continue
            if units and isinstance(item, dict) and isinstance(item.get("unit"), str):
                continue
            wanted = 'a unit such as "A PAR" or {unit: F BRE, ...}' if units else "a province"
            self.problem(f"{path}[{i}]", f"expected {wanted}")


def redact_secrets(text: str) -> str:
    """The file's text with every password's value replaced by REDACTED: the judge keeps a
    game file as last loaded, but no password in clear. Text that is no YAML is returned
    as it is (no game was loaded from it)."""
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError:
        return text
    spans: list[tuple[int, int]] = []

    def walk(node: Node | None, depth: int) -> None:
        if depth > 4 or node is None:  # passwords sit at the top or in players[i]
            return
        if isinstance(node, MappingNode):
            for key, value in node.value:
                if (isinstance(key, ScalarNode) and key.value in SECRET_KEYS
                        and isinstance(value, ScalarNode) and value.value):
                    spans.append((value.start_mark.index, value.end_mark.index))
                else:
                    walk(value, depth + 1)
        elif isinstance(node, SequenceNode):
            for item in node.value:
                walk(item, depth + 1)

    walk(root, 0)
    for start, end in sorted(spans, reverse=True):
        tail = "\n" if text[start:end].endswith("\n") else ""  # a block scalar's own end
        text = text[:start] + f'"{REDACTED}"' + tail + text[end:]
    return text
