"""The courts of Al-Andalus as game state: which Wazir serves which Prince, everyone's
dinars, Wazirs held captive by a conqueror, and Wazir-Generals' centres.

Stored in the position schema (docs/position.md), so it travels through the game YAML,
`gmbot adjudicate` and `gmbot game show --json`:

    extra:
      wazirs:
        LORDELINDEL: {court: ZARAGOZA, dinars: 3}
        ASUDEVIL: {court: null, dinars: 0}          # a free agent
        PJKON: {court: null, dinars: 0, executed: true}
        NANOOK: {court: CASTILLE, dinars: 1, centres: [TOL]}   # a Wazir-General's SCs
      captives: {ASUDEVIL: CASTILLE}               # awaiting EXECUTE / TAKE
    powers:
      CASTILLE: {dinars: 2}                        # taken by ARREST, for the next Wazir
    units:
      ZARAGOZA: [{unit: A TOL, general: NANOOK}]   # the unit a Wazir-General commands

A Wazir-General who serves no Prince owns his unit and his centres under his own key,
which the position lists in `extra.owners` (docs/position.md):

    units: {NANOOK: [{unit: A VAL, general: NANOOK}]}
    centers: {NANOOK: [VAL]}
    extra: {owners: [NANOOK], wazirs: {NANOOK: {court: null, centres: [VAL]}}}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmbot.engine.position import PositionError
from gmbot.engine.state import GameState, Unit


@dataclass
class Wazir:
    key: str
    court: str | None = None
    dinars: int = 0
    executed: bool = False
    centres: list[str] = field(default_factory=list)  # captured as a Wazir-General

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"court": self.court, "dinars": self.dinars}
        if self.executed:
            out["executed"] = True
        if self.centres:
            out["centres"] = sorted(self.centres)
        return out


@dataclass
class Court:
    """A mutable working copy of the courts; `apply` writes it back into a new state."""

    wazirs: dict[str, Wazir]
    held: dict[str, int]  # Prince -> dinars waiting for his next Wazir
    captives: dict[str, str]  # Wazir -> the Prince who took his Prince's last centre

    @classmethod
    def of(cls, state: GameState) -> Court:
        raw = state.extra.get("wazirs") or {}
        wazirs = {}
        for key, spec in raw.items():
            spec = spec or {}
            court = spec.get("court")
            wazirs[str(key).upper()] = Wazir(
                str(key).upper(),
                str(court).upper() if court else None,
                int(spec.get("dinars") or 0),
                bool(spec.get("executed", False)),
                [str(c).upper() for c in spec.get("centres") or ()],
            )
        held = {p: int(a.get("dinars") or 0) for p, a in state.power_attrs.items()}
        captives = {str(k).upper(): str(v).upper()
                    for k, v in (state.extra.get("captives") or {}).items()}
        return cls(wazirs, held, captives)

    def apply(self, state: GameState) -> GameState:
        extra = dict(state.extra)
        extra["wazirs"] = {k: w.to_data() for k, w in sorted(self.wazirs.items())}
        if self.captives:
            extra["captives"] = dict(sorted(self.captives.items()))
        else:
            extra.pop("captives", None)
        attrs = {p: dict(a) for p, a in state.power_attrs.items()}
        # A list, not a set: the powers' order in the position written back must not
        # follow the hash seed (those already holding first, then the new, sorted).
        for prince in [*attrs, *sorted(p for p in self.held if p not in attrs)]:
            dinars = self.held.get(prince, 0)
            entry = attrs.setdefault(prince, {})
            if dinars:
                entry["dinars"] = dinars
            else:
                entry.pop("dinars", None)
        attrs = {p: a for p, a in attrs.items() if a}
        return state.with_(extra=extra, power_attrs=attrs)

    # -- questions --------------------------------------------------------------------

    def active(self, key: str) -> Wazir | None:
        """The Wazir of that key if he is still in the game."""
        w = self.wazirs.get(key)
        return w if w is not None and not w.executed else None

    def wazir_of(self, prince: str) -> Wazir | None:
        for w in self.wazirs.values():
            if w.court == prince and not w.executed:
                return w
        return None


def general_unit(state: GameState, wazir: str) -> Unit | None:
    """The unit a Wazir-General commands (on the board or dislodged), if any."""
    for unit in state.units.values():
        if unit.attrs.get("general") == wazir:
            return unit
    for entry in state.dislodged.values():
        if entry.unit.attrs.get("general") == wazir:
            return entry.unit
    return None


def wazir_owners(state: GameState) -> list[str]:
    """The keys that own units or centres without being a Prince: free Wazir-Generals."""
    powers = state.map.powers
    keys = {*state.centers.values(), *(u.power for u in state.units.values()),
            *(d.unit.power for d in state.dislodged.values())}
    return sorted(k for k in keys if k not in powers)


def mark_owners(state: GameState) -> GameState:
    """The state with `extra.owners` naming its Wazir owners, so the position reads back."""
    owners = wazir_owners(state)
    if owners == list(state.extra.get("owners") or []):
        return state
    extra = dict(state.extra)
    if owners:
        extra["owners"] = owners
    else:
        extra.pop("owners", None)
    return state.with_(extra=extra)


def prince_name(state: GameState, prince: str) -> str:
    power = state.map.powers.get(prince)
    return power.name if power else prince


def check_courts(state: GameState) -> None:
    """Raise PositionError for courts a game master wrote wrong (an unknown Prince, dinars
    that are not a whole number >= 0)."""
    powers = state.map.powers

    def count(value: object, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise PositionError(path, f"dinars must be a whole number >= 0, not {value!r}")

    wazirs = state.extra.get("wazirs") or {}
    if not isinstance(wazirs, dict):
        raise PositionError("extra.wazirs", "expected a mapping of Wazir -> {court, dinars}")
    for key, spec in wazirs.items():
        spec = spec or {}
        path = f"extra.wazirs.{key}"
        if not isinstance(spec, dict):
            raise PositionError(path, "expected {court: PRINCE or null, dinars: N}")
        court = spec.get("court")
        if court is not None and str(court).upper() not in powers:
            raise PositionError(f"{path}.court", f"no Prince {court!r} (Princes: "
                                                 f"{', '.join(powers)})")
        count(spec.get("dinars", 0), f"{path}.dinars")
    for key, captor in (state.extra.get("captives") or {}).items():
        if str(captor).upper() not in powers:
            raise PositionError(f"extra.captives.{key}", f"no Prince {captor!r}")
    for prince, attrs in state.power_attrs.items():
        count(attrs.get("dinars", 0), f"powers.{prince}.dinars")
    specs = {str(k).upper(): v for k, v in wazirs.items()}
    for key in wazir_owners(state):
        spec = specs.get(key) if isinstance(specs.get(key), dict) else None
        if spec is None or spec.get("court") is not None:
            raise PositionError(f"extra.owners.{key}", "only a Wazir-General who serves no "
                                                       "Prince owns units and centres")
        for unit in state.units.values():
            if unit.power == key and unit.attrs.get("general") != key:
                raise PositionError(f"units.{key}", f"{unit}: a Wazir owns only the unit he "
                                                    f"commands (general: {key})")
