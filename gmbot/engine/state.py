"""Game state: phase, units, centres, homes, dislodged units and variant attributes."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from typing import Any

from gmbot.engine.map import GameMap
from gmbot.engine.slots import slot_setters

SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
KINDS = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}
MOVEMENT, RETREAT, ADJUSTMENT = "M", "R", "A"

_PHASE_RE = re.compile(r"^([SFW])(\d{1,5})([MRAB])$")
_PARSED: dict[str, Phase] = {}  # text -> phase, see Phase.parse



@dataclass(frozen=True, order=True, slots=True)
class Phase:
    year: int
    season_index: int  # 0 spring, 1 fall, 2 winter: makes phases sort in game order
    kind_index: int
    # Derived, as letters: "S", "F" or "W", and MOVEMENT, RETREAT or ADJUSTMENT. Fields, not
    # properties: every order line asks its phase's kind.
    season: str = field(init=False, repr=False, compare=False)
    kind: str = field(init=False, repr=False, compare=False)

    def __init__(self, year: int, season_index: int, kind_index: int) -> None:
        # Slots set by hand, like Unit's: a phase is read more often than made.
        _year(self, year)
        _season_index(self, season_index)
        _kind_index(self, kind_index)
        _season(self, "SFW"[season_index])
        _kind(self, "MRA"[kind_index])

    @classmethod
    def make(cls, season: str, year: int, kind: str) -> Phase:
        return cls(year, "SFW".index(season), "MRA".index(kind))

    @classmethod
    def parse(cls, text: str) -> Phase:
        # A phase is a frozen value: each spelling is read once (every case names one).
        known = _PARSED.get(text)
        if known is not None and type(known) is cls:
            return known
        phase = cls._parse(text)
        if len(_PARSED) < 10000:
            _PARSED[text] = phase
        return phase

    @classmethod
    def _parse(cls, text: str) -> Phase:
        m = _PHASE_RE.match(text.strip().upper())
        if not m:
            raise ValueError(f"bad phase {text!r}: write it like S1901M, F1901R or W1901A")
        kind = "A" if m.group(3) == "B" else m.group(3)
        season = m.group(1)
        if (season == "W") != (kind == "A"):
            raise ValueError(f"bad phase {text!r}: adjustments happen in winter only")
        return cls.make(season, int(m.group(2)), kind)

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"

    def long(self) -> str:
        return f"{SEASONS[self.season]} {self.year} {KINDS[self.kind]}"


_year, _season_index, _kind_index, _season, _kind = slot_setters(Phase)



@dataclass(frozen=True, slots=True)
class Unit:
    power: str
    type: str  # "A" or "F"
    loc: str  # province, or PROV/COAST for a fleet on a split coast
    attrs: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    prov: str = field(init=False, repr=False, compare=False)  # derived once, read often
    name: str = field(init=False, repr=False, compare=False)  # str(unit): every result
    # names each unit two or three times, and most units are made once for many positions

    def __init__(
        self, power: str, type: str, loc: str, attrs: dict[str, Any] | None = None
    ) -> None:
        # Slots, set by hand (the generated __init__ adds a __post_init__ call): a unit's
        # fields are read hundreds of times a phase, and in CPython 3.11 a read from an
        # instance dict that __init__ wrote through self.__dict__ (the cheap way past the
        # frozen guard) counts about 6x a slot's. Making a unit costs more this way, but
        # most units are made once and shared by many positions.
        _unit_power(self, power)
        _unit_type(self, type)
        _unit_loc(self, loc)
        _unit_attrs(self, {} if attrs is None else attrs)
        _unit_prov(self, loc.partition("/")[0])  # province_of(loc), without a call
        _unit_name(self, f"{type} {loc}")

    def __str__(self) -> str:
        return self.name


_unit_power, _unit_type, _unit_loc, _unit_attrs, _unit_prov, _unit_name = slot_setters(Unit)


# Units without attributes by (power, type, loc), see plain_unit. Bounded.
_PLAIN_UNITS: dict[tuple[str, str, str], Unit] = {}
_MAX_PLAIN_UNITS = 20000


def plain_unit(power: str, type: str, loc: str) -> Unit:
    """Unit(power, type, loc): one object for each, shared (a unit is a frozen value), as
    a look-up costs far less than making a unit. Not for a unit with attributes."""
    key = (power, type, loc)
    unit = _PLAIN_UNITS.get(key)
    if unit is None:
        if len(_PLAIN_UNITS) >= _MAX_PLAIN_UNITS:
            _PLAIN_UNITS.clear()
        unit = _PLAIN_UNITS[key] = Unit(power, type, loc)
    return unit


@dataclass(frozen=True)
class Dislodged:
    unit: Unit
    attacker_from: str | None
    by_convoy: bool = False


@dataclass(frozen=True, slots=True)
class GameState:
    map: GameMap
    phase: Phase
    units: dict[str, Unit]  # province -> unit
    centers: dict[str, str]  # supply centre -> owning power
    homes: dict[str, tuple[str, ...]]  # power -> home centres
    dislodged: dict[str, Dislodged] = field(default_factory=dict)  # province -> unit
    standoffs: frozenset[str] = frozenset()
    power_attrs: dict[str, dict[str, Any]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # game-wide variant state

    def __init__(
        self, map: GameMap, phase: Phase, units: dict[str, Unit], centers: dict[str, str],
        homes: dict[str, tuple[str, ...]], dislodged: dict[str, Dislodged] | None = None,
        standoffs: frozenset[str] = frozenset(),
        power_attrs: dict[str, dict[str, Any]] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        # Slots set by hand, like Unit's: a state's fields are read far more often than
        # a state is made (see Unit.__init__ on why not through self.__dict__).
        _map(self, map)
        _phase(self, phase)
        _units(self, units)
        _centers(self, centers)
        _homes(self, homes)
        _dislodged(self, {} if dislodged is None else dislodged)
        _standoffs(self, standoffs)
        _power_attrs(self, {} if power_attrs is None else power_attrs)
        _extra(self, {} if extra is None else extra)

    @property
    def powers(self) -> list[str]:
        return list(self.map.powers)

    def with_(self, **changes: Any) -> GameState:
        # dataclasses.replace() without its per-call field scan: a phase makes several
        # copies. GameState has no __post_init__ and no derived fields to recompute (a
        # subclass might: it, and unknown names, take the dataclasses path).
        if type(self) is not GameState or not changes.keys() <= _STATE_FIELDS:
            return replace(self, **changes)
        get = changes.get
        return GameState(
            get("map", self.map), get("phase", self.phase), get("units", self.units),
            get("centers", self.centers), get("homes", self.homes),
            get("dislodged", self.dislodged), get("standoffs", self.standoffs),
            get("power_attrs", self.power_attrs), get("extra", self.extra),
        )

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]

    def centre_count(self, power: str) -> int:
        return sum(1 for owner in self.centers.values() if owner == power)

    def is_alive(self, power: str) -> bool:
        return bool(self.centre_count(power) or self.units_of(power))

    def in_game(self, power: str) -> bool:
        """Whether `power` is still in the game: it owns a centre or a unit, or no power
        owns any yet (a variant's phases before the board is set: Capitalist's capital
        phase). A power is out only once the board has left it nothing; its seat, its
        vote and its share of a draw do not depend on the phase having units."""
        return self.is_alive(power) or not (self.centers or self.units)


_STATE_FIELDS = frozenset(f.name for f in fields(GameState))
(_map, _phase, _units, _centers, _homes, _dislodged, _standoffs, _power_attrs,
 _extra) = slot_setters(GameState)
