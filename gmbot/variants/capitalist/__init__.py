"""Capitalist Diplomacy: capitals, currency, bribes and voted adjustments."""

from gmbot.variants.capitalist.rules import CapitalistRules

__all__ = ["CapitalistRules"]
