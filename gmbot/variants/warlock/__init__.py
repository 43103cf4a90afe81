"""Warlock Diplomacy: spells, hidden units and private reports (rules/warlock.txt)."""

from gmbot.variants.warlock.rules import WarlockRules

__all__ = ["WarlockRules"]
