"""Variant and option registry: names in a game file or case to composed rule sets.

Rule classes are imported when a game first needs them: a `gmbot tick` with nothing to
do, or a standard game, never loads the variants' modules."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any, TypeVar

from gmbot.engine.rules import StandardRules, compose

_C = TypeVar("_C", bound=type)


class _Lazy(Mapping[str, _C]):
    """name -> class, from "module:Class" paths imported on first use."""

    def __init__(self, paths: dict[str, str]) -> None:
        self._paths = paths
        self._loaded: dict[str, _C] = {}

    def __getitem__(self, name: str) -> _C:
        loaded = self._loaded.get(name)
        if loaded is None:
            module, cls = self._paths[name].split(":")
            loaded = self._loaded[name] = getattr(import_module(module), cls)
        return loaded

    def __contains__(self, name: object) -> bool:
        return name in self._paths  # without importing: Mapping's would, through __getitem__

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)


VARIANTS: Mapping[str, type[StandardRules]] = _Lazy({
    "standard": "gmbot.engine.rules:StandardRules",
    "al-andalus": "gmbot.variants.andalus:AlAndalusRules",
    "arpiesse": "gmbot.variants.arpiesse:ArpiesseRules",
    "capitalist": "gmbot.variants.capitalist:CapitalistRules",
    "warlock": "gmbot.variants.warlock:WarlockRules",
})

# Options switched on by a true value in a game's `options:`; each is a mixin of hooks.
OPTIONS: Mapping[str, type] = _Lazy({
    "build_anywhere": "gmbot.variants.options:BuildAnywhere",
    "civil_disorder_2023": "gmbot.variants.options:CivilDisorder2023",
    "changing_home_centres": "gmbot.variants.homecentres:ChangingHomeCentres",
})

# Options that are plain values read by the rules themselves.
VALUE_OPTIONS = {"solo", "seed"}  # seed: the random source of rules.rng


class VariantError(ValueError):
    pass


def make_rules(variant: str, options: dict[str, Any] | None = None) -> StandardRules:
    try:
        base = VARIANTS[variant]
    except KeyError:
        raise VariantError(
            f"unknown variant {variant!r} (known: {', '.join(sorted(VARIANTS))})"
        ) from None
    if not options:
        return base({})  # most cases: no option to compose
    options = dict(options)
    layers = []
    for key, value in options.items():
        if key in OPTIONS:
            if value:
                layers.append(OPTIONS[key])
        elif key not in VALUE_OPTIONS and key not in getattr(base, "value_options", ()):
            raise VariantError(f"unknown option {key!r} for {variant}")
    cls = compose(*layers, base=base) if layers else base
    return cls(options)
