"""Capitalist Diplomacy: capitals, currency, bribes and voted adjustments."""

from gmbot.variants.declaration import Variant

DECLARATION = Variant(
    name="capitalist",
    title="Capitalist Diplomacy: capitals, currency, bribes and votes",
    package=__name__,
    rules="gmbot.variants.capitalist.rules:CapitalistRules",
    grammar=("gmbot.variants.capitalist.orders",),
    map="standard",
)
