"""Warlock Diplomacy: spells, hidden units and private reports (the Warlock rule text)."""

from gmbot.variants.declaration import Variant

DECLARATION = Variant(
    name="warlock",
    title="Warlock Diplomacy: 19 spells and hidden units",
    package=__name__,
    rules="gmbot.variants.warlock.rules:WarlockRules",
    grammar=("gmbot.variants.warlock.spells", "gmbot.variants.warlock.balloon"),
    map="standard",
)
