"""The types of a case's fields (docs/adjudicate.md), checked before the engine reads it.

The engine reads a position trusting its shapes: a number where a list is expected would
end in a Python error somewhere deep inside. `case_problem` finds such a case first and
names the field and the type it wants, in one line. The common fields are typed here;
each variant or option adds the attributes it keeps on powers, units and `extra`, and
its value options, in a `schema.py` of its own folder (POWER_ATTRS, UNIT_ATTRS, EXTRA,
OPTIONS: name -> type). A key no schema names is refused, named by its path. Game files use the
same check for their options and position (service/gm/file_check.py).

msgspec checks a case of thirty units in about 5 microseconds, some 3% of adjudicating
it (benchmarks/adjudicate.py: 171 -> 176 us per standard phase in-process; a --jsonl run
of 1,000 cases, start-up included, 3,265 -> 3,052 cases/s, msgspec's import being ~20 ms
of that). pydantic (not installed here) costs far more to import. The schema is built
once per process, on first use.
"""

from __future__ import annotations

import re
from importlib import import_module
from importlib.util import find_spec
from typing import Any, Literal, NotRequired, Required

import msgspec

# msgspec's names of JSON types, as the error says them.
_TYPE_WORDS = {
    "array": "a list", "object": "an object (a table of names)", "str": "a string",
    "int": "a whole number", "float": "a number", "bool": "true or false", "null": "null",
}


class _Schema:
    """The case type, composed from the base fields and every declared schema."""

    def __init__(self) -> None:
        from gmbot.variants import DECLARED_OPTIONS, DECLARED_VARIANTS

        power: dict[str, Any] = {}
        unit: dict[str, Any] = {}
        extra: dict[str, Any] = {"owners": list[str]}  # read by the engine itself
        # The options every rule set reads, and each option's switch.
        options: dict[str, Any] = {"solo": int, "seed": int | str,
                                   "palette": Literal["standard", "colour-blind"],
                                   **{name: bool for name in DECLARED_OPTIONS}}
        for declaration in [*DECLARED_VARIANTS.values(), *DECLARED_OPTIONS.values()]:
            name = f"{declaration.package}.schema"
            if find_spec(name) is None:
                continue
            module = import_module(name)
            power.update(getattr(module, "POWER_ATTRS", {}))
            unit.update(getattr(module, "UNIT_ATTRS", {}))
            extra.update(getattr(module, "EXTRA", {}))
            options.update(getattr(module, "OPTIONS", {}))
        attrs = {k: NotRequired[t] for k, t in unit.items()}
        unit_entry = _typed("unit", {"unit": Required[str], **attrs})
        dislodged = _typed("dislodged", {"power": str, "attacker_from": str | None,
                                         "by_convoy": bool, "retreats": list[str], **attrs})
        powers, extras = _typed("power", power), _typed("extra", extra)
        names = dict[str, list[str]] | None
        self.case = _typed("case", {
            "variant": str | None, "options": _typed("options", options, closed=False) | None,
            "phase": str | None,
            "units": dict[str, list[str | unit_entry]] | None,  # type: ignore[valid-type]
            "centers": names, "homes": names, "extra_centres": names,
            "dislodged": dict[str, dislodged | None] | None,  # type: ignore[valid-type]
            "standoffs": list[str] | None,
            "powers": dict[str, powers | None] | None,  # type: ignore[valid-type]
            "extra": extras | None,
            "orders": dict[str, list[str] | str] | None,
        })


def _typed(name: str, fields: dict[str, Any], closed: bool = True) -> Any:
    """A record of `fields`, each optional unless marked Required, that refuses a key it
    does not name if `closed` (a misspelt `unitz` would otherwise leave an empty board);
    built at run time from the declarations, hence typed Any. The options are open here:
    the variant names one it does not know, with the variant's name."""
    spec: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for key, kind in fields.items():
        if getattr(kind, "__origin__", None) is Required:
            spec.append((key, kind.__args__[0]))
        else:
            bare = kind.__args__[0] if getattr(kind, "__origin__", None) is NotRequired else kind
            spec.append((key, bare | msgspec.UnsetType, msgspec.UNSET))
    return msgspec.defstruct(name, spec, kw_only=True, forbid_unknown_fields=closed)


_schema: _Schema | None = None
# The values of an option that takes one of a few words, for the problem that names them.
PALETTES = ("standard", "colour-blind")  # the pictures' colours (gmbot/picture/palette.py)
_CHOICES = {"options.palette": PALETTES}


def case_problem(data: Any) -> str | None:
    """Why `data` is not a case of the right types, in one line naming the field; or None."""
    found = type_problem(data)
    return f"{found[0]}: {found[1]}" if found else None


def type_problem(data: Any) -> tuple[str, str] | None:
    """The first field of `data` (a case, or a game file's position or options as a
    case's) whose value has the wrong type: (its path, what it must be); or None."""
    global _schema
    if _schema is None:
        _schema = _Schema()
    try:
        msgspec.convert(data, _schema.case, strict=True)
    except msgspec.ValidationError as e:
        return _readable(str(e), data, _schema.case)
    if isinstance(data, dict) and data.get("variant") == "":  # not "standard" by default
        return "variant", "empty: name the variant, or leave the field out for standard"
    return None


def _failing(data: Any, case: Any) -> str | None:
    try:
        msgspec.convert(data, case, strict=True)
    except msgspec.ValidationError as e:
        return str(e)
    return None


def _named(message: str, data: Any, case: Any) -> str:
    """The path of `message` with each `[...]` (msgspec's word for a key of a table of
    names) replaced by the key at fault: found by checking the case with that table cut
    down to one key at a time. Only a failing case pays for this."""
    tokens = re.findall(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]", message)
    path = ""
    at: Any = data
    trail: list[Any] = []  # the keys and indexes walked from the top
    for name, index in tokens:
        if name:
            path += f".{name}"
            trail.append(name)
            at = at.get(name) if isinstance(at, dict) else None
        elif index != "...":
            path += f"[{index}]"
            trail.append(int(index))
            at = at[int(index)] if isinstance(at, list) and int(index) < len(at) else None
        else:
            culprit = next((k for k in (at if isinstance(at, dict) else ())
                            if _failing(_only(data, trail, k), case)), None)
            if culprit is None:
                return message.lstrip(".") or "the case"
            path += f".{culprit}"
            trail.append(culprit)
            at = at[culprit]
    return path.lstrip(".") or "the case"


def _only(data: Any, trail: list[Any], key: str) -> Any:
    """`data` with the table at `trail` cut down to its entry `key`."""
    if not trail:
        return {key: data[key]}
    head, rest = trail[0], trail[1:]
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[head] = _only(data[head], rest, key)
    return copy


def _readable(message: str, data: Any, case: Any) -> tuple[str, str]:
    """msgspec's "Expected `array`, got `int` - at `$.units[...]`" as
    ("units.FRANCE", "expected a list, got a whole number")."""
    text, _, where = message.partition(" - at `")
    path = _named(where.rstrip("`").removeprefix("$"), data, case)
    found = re.fullmatch(r"Expected `(.+?)`, got `(.+?)`", text)
    if found:
        # "or null" is true of most fields (left out = empty) and only noise here.
        kinds = [t for t in found[1].split(" | ") if t != "null"] or ["null"]
        wanted = " or ".join(_TYPE_WORDS.get(t, t) for t in kinds)
        return path, f"expected {wanted}, got {_TYPE_WORDS.get(found[2], found[2])}"
    enum = re.fullmatch(r"Invalid enum value (.+)", text)
    if enum and path in _CHOICES:
        return path, f"{enum[1]} is none of {', '.join(_CHOICES[path])}"
    unknown = re.fullmatch(r"Object contains unknown field `(.+?)`", text)
    if unknown:  # named by its own path: "unitz", "units.FRANCE[0].colour_x"
        where = unknown[1] if path == "the case" else f"{path}.{unknown[1]}"
        return where, "no such field (misspelt?)"
    missing = re.fullmatch(r"Object missing required field `(.+?)`", text)
    if missing:
        return path, f"the field {missing[1]!r} is missing"
    return path, text
