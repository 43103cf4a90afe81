"""Arpiesse Diplomacy: every unit has a colour (red, purple or silver), and colours beat
one another in a circle."""

from gmbot.variants.declaration import Variant

DECLARATION = Variant(
    name="arpiesse",
    title="Arpiesse Diplomacy: unit colours",
    package=__name__,
    rules="gmbot.variants.arpiesse.rules:ArpiesseRules",
    grammar=("gmbot.variants.arpiesse.orders",),
    map="standard",
)
