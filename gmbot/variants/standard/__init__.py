"""Standard Diplomacy as the DATC v3.0 preferred choices settle it; its rule set is the
engine's own (gmbot.engine.rules.StandardRules)."""

from gmbot.variants.declaration import Variant

DECLARATION = Variant(
    name="standard",
    title="Standard Diplomacy",
    package=__name__,
    rules="gmbot.engine.rules:StandardRules",
    grammar=(),
    map="standard",
)
