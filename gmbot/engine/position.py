"""The position schema: plain data (JSON/YAML) to GameState and back.

One schema serves the game YAML, `gmbot adjudicate` and `gmbot game show --json`; see
docs/position.md. Errors are PositionError with a dotted field path, so callers that know
line numbers (the game file) can point at the line; every error of a position at once:
engine/position_errors.py.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from gmbot.engine.cursor import Cursor
from gmbot.engine.map import GameMap, norm_name
from gmbot.engine.orders import OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.state import Dislodged, GameState, Phase, Unit

DISLODGED_KEYS = {"power", "attacker_from", "by_convoy", "retreats"}


class PositionError(ValueError):
    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def _lookup(table: dict[str, str], text: str) -> str | None:
    """A name look-up (provinces, powers). Codes as positions write them are already in
    the table's normal form, so the normalising regex runs only for other spellings."""
    hit = table.get(text)
    return hit if hit is not None else table.get(norm_name(text))


def parse_unit(
    parser: OrderParser, text: str, path: str, any_terrain: bool = False
) -> tuple[str, str]:
    """'A PAR' / 'F STP/SC' / 'fleet St Petersburg south coast' -> ('F', 'STP/SC').
    `any_terrain`: the unit may stand where its type normally cannot (an army at sea, a
    fleet inland: Warlock's walk on water and swim in land)."""
    unit = _unit_or_reason(parser, str(text))
    if isinstance(unit, str) and any_terrain:
        unit = _unit_anywhere(parser, str(text))
    if isinstance(unit, str):
        raise PositionError(path, unit)
    return unit


def _written_unit(parser: OrderParser, text: str) -> tuple[str, str] | str:
    """The unit type and location `text` names and nothing else, or why it is not a unit."""
    plain = parser.plain_unit(text)
    if plain is not None:
        return plain
    cur = Cursor(parser.tokens(text))
    try:
        utype, loc = parser.read_unit(cur)
    except OrderError as e:
        return str(e)
    if utype is None or not cur.done():
        return f"write a unit like 'A PAR' or 'F STP/SC', not {text!r}"
    return utype, loc


@lru_cache(maxsize=4096)
def _unit_or_reason(parser: OrderParser, text: str) -> tuple[str, str] | str:
    """A unit as written, or the reason it cannot be read. Cached: positions spell the same
    few hundred units over and over, and the tolerant tokenizer costs far more than a
    look-up."""
    written = _written_unit(parser, text)
    if isinstance(written, str):
        return written
    utype, loc = written
    gmap = parser.map
    prov = loc.split("/")[0]
    kind = gmap.provinces[prov].type
    if utype == "A":
        if kind not in ("land", "coast"):
            return f"an army cannot stand in {prov}"
        return utype, prov
    locs = gmap.fleet_locations(prov)
    if not locs:
        return f"a fleet cannot stand in {prov}"
    if loc not in locs:
        return f"a fleet in {prov} must name its coast: {' or '.join(locs)}"
    return utype, loc


def _unit_anywhere(parser: OrderParser, text: str) -> tuple[str, str] | str:
    written = _written_unit(parser, text)
    if isinstance(written, str):
        return written
    utype, loc = written
    prov = loc.split("/")[0]
    if parser.map.provinces[prov].type not in ("land", "coast", "sea"):
        return f"no unit can stand in {prov}"
    return utype, loc if utype == "F" else prov


def _power(gmap: GameMap, key: Any, path: str) -> str:
    power = _lookup(gmap.power_names, str(key))
    if power is None:
        raise PositionError(path, f"unknown power {key!r} (powers: {', '.join(gmap.powers)})")
    return power


def _owner(gmap: GameMap, key: Any, path: str, owners: frozenset[str]) -> str:
    """The owner of units or centres: a power, or a key the position lists in
    `extra.owners` (a variant's player who owns them without being a power: an Al-Andalus
    Wazir-General serving no Prince)."""
    if str(key).strip().upper() in owners and _lookup(gmap.power_names, str(key)) is None:
        return str(key).strip().upper()
    return _power(gmap, key, path)


def _province(gmap: GameMap, name: Any, path: str) -> str:
    prov = _lookup(gmap.names, str(name))
    if prov is None:
        raise PositionError(path, f"unknown province {name!r}")
    return prov


# Plain units (no attributes) as positions write them, kept per map and power: a unit is a
# frozen value, so one object serves every position that has it, and making one costs more
# than looking it up. Bounded, like `_unit_or_reason`'s cache; kept only for the map's
# powers (other owners are any names a position gives).
_MAX_KNOWN = 5000


def _plain_units(gmap: GameMap) -> dict[str, dict[str, Unit]]:
    """Power -> its plain units seen so far, by how they were written."""
    known = gmap.derived.get("_plain_units")
    if known is None:
        known = gmap.derived["_plain_units"] = {p: {} for p in gmap.powers}
    return known


def _map_homes(gmap: GameMap) -> dict[str, tuple[str, ...]]:
    """Each power's home centres as the map gives them, read once per map (copied by each
    position, which may change them)."""
    homes = gmap.derived.get("_homes")
    if homes is None:
        homes = gmap.derived["_homes"] = {k: tuple(p.homes) for k, p in gmap.powers.items()}
    return homes


def state_from_dict(data: dict[str, Any], gmap: GameMap) -> GameState:
    """A position's plain data as a GameState, field by field (the helpers below, one a
    field; each raises PositionError with the field's path)."""
    try:
        phase = Phase.parse(str(data.get("phase") or gmap.start))
    except ValueError as e:
        raise PositionError("phase", str(e)) from None
    extra = data.get("extra") or {}
    raw_owners = extra.get("owners")
    owners = frozenset(str(k).strip().upper() for k in raw_owners) if raw_owners else frozenset()
    units = _units(data.get("units"), gmap, owners)
    centers = _centers(data.get("centers"), gmap, owners)
    homes = _homes(data.get("homes"), gmap)
    _extra_centres(data.get("extra_centres"), gmap, centers, homes)
    dislodged = _dislodged(data.get("dislodged"), gmap, owners)
    raw_standoffs = data.get("standoffs")
    standoffs = frozenset(
        _province(gmap, s, f"standoffs[{n}]") for n, s in enumerate(raw_standoffs)
    ) if raw_standoffs else frozenset()
    raw_powers = data.get("powers")
    power_attrs = {_power(gmap, key, f"powers.{key}"): dict(attrs or {})
                   for key, attrs in raw_powers.items()} if raw_powers else {}
    return GameState(
        map=gmap,
        phase=phase,
        units=units,
        centers=centers,
        homes=homes,
        dislodged=dislodged,
        standoffs=standoffs,
        power_attrs=power_attrs,
        extra=dict(extra),
    )


# The loops below run for every unit and centre of every case: field paths for error
# messages are only spelt out when there is an error. A power's own key, as positions write
# it, is the look-up's answer whatever the owners.

def _units(raw_units: Any, gmap: GameMap, owners: frozenset[str]) -> dict[str, Unit]:
    """`units`: owner -> unit entries (the map's starting units when absent)."""
    if raw_units is None:
        raw_units = {k: list(p.units) for k, p in gmap.powers.items()}
    units: dict[str, Unit] = {}
    power_names = gmap.power_names
    plain_units = _plain_units(gmap)
    for key, entries in (raw_units or {}).items():
        power = power_names.get(key) if type(key) is str else None
        if power is None:
            power = _owner(gmap, key, f"units.{key}", owners)
        known = plain_units.get(power)
        if known is None:
            known = {}  # another owner: nothing kept
        for n, entry in enumerate(entries or ()):
            unit = known.get(entry) if type(entry) is str else None
            if unit is None:
                unit = _new_unit(gmap, power, entry, f"units.{key}[{n}]", known)
            if unit.prov in units:
                raise PositionError(f"units.{key}[{n}]", f"two units in {unit.prov}")
            units[unit.prov] = unit
    return units


def _new_unit(gmap: GameMap, power: str, entry: Any, path: str,
              known: dict[str, Unit]) -> Unit:
    """A unit entry not seen before ("A Vie", or a mapping with `unit` and attributes);
    plain ones are kept in `known`."""
    attrs: dict[str, Any] | None = None
    if isinstance(entry, dict):
        attrs = {k: v for k, v in entry.items() if k != "unit"}
        entry = entry.get("unit", "")
    parser = OrderParser.for_map(gmap)  # only here: most units are known
    parsed = _unit_or_reason(parser, str(entry))
    if isinstance(parsed, str) and attrs and attrs.get("any_terrain"):
        parsed = _unit_anywhere(parser, str(entry))  # Warlock: walk on water...
    if isinstance(parsed, str):
        raise PositionError(path, parsed)
    utype, loc = parsed
    unit = Unit(power, utype, loc, attrs)
    if attrs is None and type(entry) is str and len(known) < _MAX_KNOWN:
        known[entry] = unit
    return unit


def _centers(raw_centers: Any, gmap: GameMap, owners: frozenset[str]) -> dict[str, str]:
    """`centers`: owner -> supply centres (the home centres when absent)."""
    if raw_centers is None:
        raw_centers = {k: list(p.homes) for k, p in gmap.powers.items()}
    centers: dict[str, str] = {}
    power_names, names, supply_centres = gmap.power_names, gmap.names, gmap.supply_centres
    for key, provs in (raw_centers or {}).items():
        power = power_names.get(key) if type(key) is str else None
        if power is None:
            power = _owner(gmap, key, f"centers.{key}", owners)
        for n, name in enumerate(provs or ()):
            prov = names.get(name) if type(name) is str else None
            if prov is None:
                prov = _province(gmap, name, f"centers.{key}[{n}]")
            if prov not in supply_centres:
                raise PositionError(f"centers.{key}[{n}]", f"{prov} is not a supply centre")
            if prov in centers and centers[prov] != power:
                raise PositionError(f"centers.{key}[{n}]", f"{prov} is owned twice")
            centers[prov] = power
    return centers


def _homes(raw_homes: Any, gmap: GameMap) -> dict[str, tuple[str, ...]]:
    """`homes`: power -> home centres, for the powers whose homes differ from the map's."""
    homes = dict(_map_homes(gmap))
    names = gmap.names
    for key, provs in (raw_homes or {}).items():
        power = _power(gmap, key, f"homes.{key}")
        found = []
        for n, name in enumerate(provs or ()):
            prov = names.get(name) if isinstance(name, str) else None
            found.append(prov if prov is not None else _province(gmap, name, f"homes.{key}[{n}]"))
        homes[power] = tuple(found)
    return homes


def _extra_centres(raw: Any, gmap: GameMap, centers: dict[str, str],
                   homes: dict[str, tuple[str, ...]]) -> None:
    """`extra_centres`: owned from the start but not a home centre (rule 6 of changing home
    centres: not counted in N). Applied to centers and homes and not written back: they
    say it."""
    for key, provs in (raw or {}).items():
        power = _power(gmap, key, f"extra_centres.{key}")
        for n, name in enumerate(provs or ()):
            path = f"extra_centres.{key}[{n}]"
            prov = _province(gmap, name, path)
            if prov not in gmap.supply_centres:
                raise PositionError(path, f"{prov} is not a supply centre")
            if centers.get(prov, power) != power:
                raise PositionError(path, f"{prov} is owned by {centers[prov]}")
            centers[prov] = power
            homes[power] = tuple(h for h in homes[power] if h != prov)


def _dislodged(raw: Any, gmap: GameMap, owners: frozenset[str]) -> dict[str, Dislodged]:
    """`dislodged`: unit -> its owner, where the attack came from, by convoy, attributes."""
    dislodged: dict[str, Dislodged] = {}
    for text, spec in (raw or {}).items():
        path = f"dislodged.{text}"
        spec = spec or {}
        utype, loc = parse_unit(OrderParser.for_map(gmap), text, path,
                                bool(spec.get("any_terrain")))
        power = _owner(gmap, spec.get("power"), f"{path}.power", owners)
        attacker = spec.get("attacker_from")
        attacker = _province(gmap, attacker, f"{path}.attacker_from") if attacker else None
        attrs = {k: v for k, v in spec.items() if k not in DISLODGED_KEYS}
        unit = Unit(power, utype, loc, attrs)
        dislodged[unit.prov] = Dislodged(unit, attacker, bool(spec.get("by_convoy", False)))
    return dislodged


def unit_entry(unit: Unit) -> str | dict[str, Any]:
    return {"unit": str(unit), **unit.attrs} if unit.attrs else str(unit)


def units_by_power(units: dict[str, Unit], powers: list[str]) -> dict[str, list[Any]]:
    # A defaultdict, not setdefault: that makes an empty list for every unit and centre.
    out: defaultdict[str, list[Any]] = defaultdict(list, {p: [] for p in powers})
    for prov in sorted(units):
        unit = units[prov]
        out[unit.power].append(unit_entry(unit) if unit.attrs else unit.name)
    return {p: v for p, v in out.items() if v}


def centers_by_power(centers: dict[str, str], powers: list[str]) -> dict[str, list[str]]:
    out: defaultdict[str, list[str]] = defaultdict(list, {p: [] for p in powers})
    for prov in sorted(centers):
        out[centers[prov]].append(prov)
    return {p: v for p, v in out.items() if v}


def state_to_dict(state: GameState) -> dict[str, Any]:
    powers = state.powers
    data: dict[str, Any] = {
        "phase": str(state.phase),
        "units": units_by_power(state.units, powers),
        "centers": centers_by_power(state.centers, powers),
        "homes": {p: [*h] for p, h in state.homes.items()},  # [*h]: list(h) without a call
    }
    if state.dislodged:
        data["dislodged"] = {
            str(d.unit): {
                "power": d.unit.power,
                "attacker_from": d.attacker_from,
                **({"by_convoy": True} if d.by_convoy else {}),
                **d.unit.attrs,
            }
            for _, d in sorted(state.dislodged.items())
        }
    if state.standoffs:
        data["standoffs"] = sorted(state.standoffs)
    if state.power_attrs:
        data["powers"] = {p: dict(a) for p, a in state.power_attrs.items()}
    if state.extra:
        data["extra"] = dict(state.extra)
    return data
