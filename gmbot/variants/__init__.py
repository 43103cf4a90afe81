"""Variant and option registry: names in a game file or case to composed rule sets, built
from the declarations of the variants' folders (gmbot/variants/declaration.py).

Rule classes are imported when a game first needs them: a `gmbot tick` with nothing to
do, or a standard game, never loads the variants' modules (the declarations are small
records that import nothing of them)."""

from __future__ import annotations

import pkgutil
from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

from gmbot.engine.rules import StandardRules, compose
from gmbot.variants.declaration import Variant


class _Lazy(Mapping[str, type[StandardRules]]):
    """name -> rule set class, of the declarations given, imported on first use."""

    def __init__(self, declared: Mapping[str, Variant]) -> None:
        self._declared = declared
        self._loaded: dict[str, type[StandardRules]] = {}

    def __getitem__(self, name: str) -> type[StandardRules]:
        loaded = self._loaded.get(name)
        if loaded is None:
            loaded = self._loaded[name] = self._declared[name].load_rules()
        return loaded

    def __contains__(self, name: object) -> bool:
        return name in self._declared  # without importing: Mapping's would, through __getitem__

    def __iter__(self) -> Iterator[str]:
        return iter(self._declared)

    def __len__(self) -> int:
        return len(self._declared)


def _declared(package: str) -> dict[str, Variant]:
    """name -> declaration, of every sub-folder of `package` that declares one."""
    found = {}
    for info in pkgutil.iter_modules(import_module(package).__path__):
        if info.ispkg:
            declaration = getattr(import_module(f"{package}.{info.name}"), "DECLARATION", None)
            if isinstance(declaration, Variant):
                found[declaration.name] = declaration
    return found


# Every variant is a folder of this package, every option a folder of options/: adding
# one is adding its folder (docs/variants/ADDING.md).
DECLARED_VARIANTS: Mapping[str, Variant] = _declared(__name__)
DECLARED_OPTIONS: Mapping[str, Variant] = _declared(f"{__name__}.options")

VARIANTS: Mapping[str, type[StandardRules]] = _Lazy(DECLARED_VARIANTS)

# Options switched on by a true value in a game's `options:`; each is a mixin of hooks.
OPTIONS: Mapping[str, type[StandardRules]] = _Lazy(DECLARED_OPTIONS)


def declaration(name: str) -> Variant | None:
    """The variant or option called `name` in game files, if there is one."""
    return DECLARED_VARIANTS.get(name) or DECLARED_OPTIONS.get(name)


def example_text(name: str) -> str:
    """The example game file of the variant or option `name`, as shipped with gmbot."""
    found = declaration(name)
    if found is None:
        known = ", ".join(sorted([*DECLARED_VARIANTS, *DECLARED_OPTIONS]))
        raise VariantError(f"unknown variant or option {name!r} (known: {known})")
    if found.example is None:
        with_example = ", ".join(sorted(n for n, d in {**DECLARED_VARIANTS, **DECLARED_OPTIONS}
                                        .items() if d.example is not None))
        raise VariantError(f"{name} has no example game (examples: {with_example})")
    return found.example.read_text(encoding="utf-8")


# Options that are plain values read by the rules themselves.
# palette: the pictures' colours (gmbot/picture/palette.py), for every variant.
VALUE_OPTIONS = {"solo", "seed", "palette"}  # seed: the random source of rules.rng


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
