"""Variant and option registry: names in a game file or case to composed rule sets."""

from __future__ import annotations

from typing import Any

from gmbot.engine.rules import StandardRules, compose
from gmbot.variants.andalus import AlAndalusRules
from gmbot.variants.arpiesse import ArpiesseRules
from gmbot.variants.capitalist import CapitalistRules
from gmbot.variants.homecentres import ChangingHomeCentres
from gmbot.variants.options import BuildAnywhere, CivilDisorder2023
from gmbot.variants.warlock import WarlockRules

VARIANTS: dict[str, type[StandardRules]] = {
    "standard": StandardRules,
    "al-andalus": AlAndalusRules,
    "arpiesse": ArpiesseRules,
    "capitalist": CapitalistRules,
    "warlock": WarlockRules,
}

# Options switched on by a true value in a game's `options:`; each is a mixin of hooks.
OPTIONS: dict[str, type] = {
    "build_anywhere": BuildAnywhere,
    "civil_disorder_2023": CivilDisorder2023,
    "changing_home_centres": ChangingHomeCentres,
}

# Options that are plain values read by the rules themselves.
VALUE_OPTIONS = {"solo", "seed"}  # seed: the random source of rules.rng


class VariantError(ValueError):
    pass


def make_rules(variant: str, options: dict[str, Any] | None = None) -> StandardRules:
    options = dict(options or {})
    base = VARIANTS.get(variant)
    if base is None:
        raise VariantError(f"unknown variant {variant!r} (known: {', '.join(sorted(VARIANTS))})")
    layers = []
    for key, value in options.items():
        if key in OPTIONS:
            if value:
                layers.append(OPTIONS[key])
        elif key not in VALUE_OPTIONS and key not in getattr(base, "value_options", ()):
            raise VariantError(f"unknown option {key!r} for {variant}")
    cls = compose(*layers, base=base) if layers else base
    return cls(options)
