"""The board: provinces, coasts, adjacencies, centres and powers, loaded from YAML data."""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

LAND, COAST, SEA, IMPASSABLE = "land", "coast", "sea", "impassable"
PROVINCE_TYPES = (LAND, COAST, SEA, IMPASSABLE)


class MapError(ValueError):
    """A map file that cannot be used."""


@dataclass(frozen=True)
class Province:
    code: str
    name: str
    type: str
    sc: bool = False
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class PowerInfo:
    key: str
    name: str
    adjective: str
    aliases: tuple[str, ...]
    homes: tuple[str, ...]
    units: tuple[str, ...]


def norm_name(text: str) -> str:
    """Key for name look-ups: case, spaces, dots, hyphens and apostrophes do not matter."""
    return _NAME_NOISE.sub("", text).upper()


# Compiled once: re.sub with a pattern string looks it up in re's cache on every call,
# and every order line's words are looked up as names (benchmarks/ingest.py asked).
_NAME_NOISE = re.compile(r"[\s.\-'’_]+")


def province_of(loc: str) -> str:
    cut = loc.find("/")
    return loc if cut < 0 else loc[:cut]


@dataclass
class GameMap:
    name: str
    title: str
    solo: int
    start: str
    provinces: dict[str, Province]
    powers: dict[str, PowerInfo]
    army_adj: dict[str, frozenset[str]]
    fleet_adj: dict[str, frozenset[str]]
    names: dict[str, str] = field(default_factory=dict)
    power_names: dict[str, str] = field(default_factory=dict)
    # What other modules derive from the map once and keep (its parser, distances...).
    # Their own dict, not the map's __dict__: in CPython 3.11 touching an object's __dict__
    # makes every later attribute read of it several times slower, and the map is read
    # everywhere.
    derived: dict[str, Any] = field(default_factory=dict, init=False, repr=False,
                                    compare=False)

    def __post_init__(self) -> None:
        for code, prov in self.provinces.items():
            for alias in (code, prov.name, *prov.aliases):
                self.names.setdefault(norm_name(alias), code)
        for key, power in self.powers.items():
            for alias in (key, power.name, power.adjective, *power.aliases):
                self.power_names.setdefault(norm_name(alias), key)
        # Provinces a fleet can reach from a province ignoring coasts: for convoy routes
        # and distances.
        sea: dict[str, set[str]] = {}
        for loc, targets in self.fleet_adj.items():
            sea.setdefault(province_of(loc), set()).update(province_of(t) for t in targets)
        self.fleet_prov_adj = {p: frozenset(s) for p, s in sea.items()}
        moves: dict[tuple[str, str], list[str]] = {}
        for loc, dests in self.fleet_adj.items():
            for t in sorted(dests):
                moves.setdefault((loc, province_of(t)), []).append(t)
        # (loc, province) -> where in the province a fleet at loc can move; read-only.
        self.fleet_moves = {k: tuple(v) for k, v in moves.items()}
        self.supply_centres = frozenset(c for c, p in self.provinces.items() if p.sc)

    # -- look-ups -------------------------------------------------------------------

    def province(self, text: str) -> str | None:
        """The province code a name, code or alias stands for, or None."""
        return self.names.get(norm_name(text))

    def power(self, text: str) -> str | None:
        return self.power_names.get(norm_name(text))

    def is_sea(self, prov: str) -> bool:
        return self.provinces[prov].type == SEA

    def coasts(self, prov: str) -> tuple[str, ...]:
        return self.provinces[prov].coasts

    def fleet_locations(self, prov: str) -> tuple[str, ...]:
        """Where a fleet may stand in a province: its coasts, or the province itself."""
        p = self.provinces[prov]
        if p.type in (LAND, IMPASSABLE):
            return ()
        return tuple(f"{prov}/{c}" for c in p.coasts) or (prov,)

    def fleet_targets(self, loc: str, prov: str) -> list[str]:
        """The locations in province `prov` a fleet at `loc` can move to."""
        return list(self.fleet_moves.get((loc, prov), ()))

    def home_centres(self) -> dict[str, list[str]]:
        return {k: list(p.homes) for k, p in self.powers.items()}

    def distances_from(
        self, sources: frozenset[str], army: bool, any_border: bool = False
    ) -> dict[str, int]:
        """Move distance from every province to the nearest of `sources`.

        Used by civil disorder: armies may count through any passable province (seas too)
        and fleets only by fleet moves; `any_border` counts every border for both.
        """
        army = army or any_border
        if len(sources) != 1:
            return _distances(_adjacency(self, army), sources)
        # One source (Capitalist's capitals, checked on every case): each province's
        # distances are searched once per map and kept. Callers must not change them.
        key = (next(iter(sources)), army)
        cache: dict[tuple[str, bool], dict[str, int]] = self.derived.setdefault(
            "_distance_cache", {})
        found = cache.get(key)
        if found is None:
            found = cache[key] = _distances(_adjacency(self, army), sources)
        return found

    def distance(self, a: str, b: str) -> int | None:
        """Moves between two provinces counting every border, None if none leads there."""
        cache: dict[tuple[str, bool], dict[str, int]] = self.derived.get("_distance_cache", {})
        found = cache.get((a, True))
        if found is None:
            found = self.distances_from(frozenset({a}), army=True, any_border=True)
        return found.get(b)


def _adjacency(m: GameMap, army: bool) -> dict[str, set[str]]:
    """Province to provinces one step away: by any border (army) or by fleet moves. Built
    once per map and kind."""
    key = "_army_steps" if army else "_fleet_steps"
    adj: dict[str, set[str]] | None = m.derived.get(key)
    if adj is not None:
        return adj
    if army:
        adj = {}
        for a, bs in m.army_adj.items():
            adj.setdefault(a, set()).update(bs)
        for a, bs in m.fleet_prov_adj.items():
            adj.setdefault(a, set()).update(bs)
    else:
        adj = {a: set(bs) for a, bs in m.fleet_prov_adj.items()}
    m.derived[key] = adj
    return adj


def _distances(adj: dict[str, set[str]], sources: frozenset[str]) -> dict[str, int]:
    dist = {s: 0 for s in sources}
    todo = deque(sources)
    while todo:
        cur = todo.popleft()
        for nxt in adj.get(cur, ()):
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                todo.append(nxt)
    return dist


# -- loading ------------------------------------------------------------------------


def _map_source(name: str) -> dict[str, Any]:
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and path.exists():
        text = path.read_text(encoding="utf-8")
    else:
        if not re.fullmatch(r"[a-z0-9_\-]+", name):
            raise MapError(f"unknown map {name!r}")
        try:
            text = resources.files("gmbot.maps").joinpath(f"{name}.yaml").read_text("utf-8")
        except FileNotFoundError:
            raise MapError(f"unknown map {name!r}") from None
    # libyaml's loader when installed: reading a map is most of a cold start.
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if not isinstance(data, dict):
        raise MapError(f"map {name!r} is not a mapping")
    return data


def _merge(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    out = dict(parent)
    for key, value in child.items():
        if key in ("provinces", "powers"):
            merged = dict(parent.get(key) or {})
            for k, v in (value or {}).items():
                if v is None:
                    merged.pop(k, None)
                else:
                    merged[k] = v
            out[key] = merged
        elif key in ("army", "fleet"):
            merged = {k: list(v) for k, v in (parent.get(key) or {}).items()}
            for k, v in (value or {}).items():
                merged.setdefault(k, []).extend(v)
            out[key] = merged
        elif key in ("remove_army", "remove_fleet"):
            out[key] = list(parent.get(key) or []) + list(value or [])
        elif key != "extends":
            out[key] = value
    return out


def _resolve_inheritance(name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    if name in seen:
        raise MapError(f"map inheritance loops: {' -> '.join((*seen, name))}")
    data = _map_source(name)
    parent = data.get("extends")
    if parent:
        return _merge(_resolve_inheritance(parent, (*seen, name)), data)
    return data


def _edges(section: Any, what: str) -> set[tuple[str, str]]:
    edges: set[tuple[str, str]] = set()
    for a, targets in (section or {}).items():
        for b in targets or ():
            edges.add((str(a), str(b)))
            edges.add((str(b), str(a)))
    return edges


def build_map(data: dict[str, Any]) -> GameMap:
    """Validate raw map data (inheritance already applied) and build the model."""
    provinces: dict[str, Province] = {}
    for code, spec in (data.get("provinces") or {}).items():
        spec = spec or {}
        ptype = spec.get("type")
        if ptype not in PROVINCE_TYPES:
            raise MapError(f"province {code}: type must be one of {', '.join(PROVINCE_TYPES)}")
        provinces[code] = Province(
            code=code,
            name=str(spec.get("name", code)),
            type=ptype,
            sc=bool(spec.get("sc", False)),
            coasts=tuple(spec.get("coasts") or ()),
            aliases=tuple(str(a) for a in spec.get("aliases") or ()),
        )
    fleet_locs = {
        loc
        for code, p in provinces.items()
        if p.type in (COAST, SEA)
        for loc in ([f"{code}/{c}" for c in p.coasts] or [code])
    }
    army = _edges(data.get("army"), "army") - _edges(
        {a: [b] for a, b in data.get("remove_army") or []}, "army"
    )
    fleet = _edges(data.get("fleet"), "fleet") - _edges(
        {a: [b] for a, b in data.get("remove_fleet") or []}, "fleet"
    )
    army_adj: dict[str, set[str]] = {}
    for a, b in army:
        for p in (a, b):
            if p not in provinces or provinces[p].type not in (LAND, COAST):
                raise MapError(f"army border {a}-{b}: {p} is not a land province of the map")
        army_adj.setdefault(a, set()).add(b)
    fleet_adj: dict[str, set[str]] = {}
    for a, b in fleet:
        for loc in (a, b):
            if loc not in fleet_locs:
                raise MapError(f"fleet border {a}-{b}: {loc} is not a place a fleet can stand")
        fleet_adj.setdefault(a, set()).add(b)
    powers: dict[str, PowerInfo] = {}
    for key, spec in (data.get("powers") or {}).items():
        spec = spec or {}
        homes = tuple(spec.get("homes") or ())
        for h in homes:
            if h not in provinces:
                raise MapError(f"power {key}: home centre {h} is not a province")
        powers[key] = PowerInfo(
            key=key,
            name=str(spec.get("name", key.title())),
            adjective=str(spec.get("adjective", spec.get("name", key.title()))),
            aliases=tuple(str(a) for a in spec.get("aliases") or ()),
            homes=homes,
            units=tuple(spec.get("units") or ()),
        )
    return GameMap(
        name=str(data.get("name", "")),
        title=str(data.get("title", data.get("name", ""))),
        solo=int(data.get("solo", 0) or 0),
        start=str(data.get("start", "S1901M")),
        provinces=provinces,
        powers=powers,
        army_adj={k: frozenset(v) for k, v in army_adj.items()},
        fleet_adj={k: frozenset(v) for k, v in fleet_adj.items()},
    )


@cache
def load_map(name: str) -> GameMap:
    """The named map from gmbot/maps (or a YAML file path), inheritance applied."""
    return build_map(_resolve_inheritance(name))
