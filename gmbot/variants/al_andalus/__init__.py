"""Al-Andalus Diplomacy: Princes, Wazirs and dinars on the Iberia map."""

from gmbot.variants.declaration import Variant

DECLARATION = Variant(
    name="al-andalus",
    title="Al-Andalus Diplomacy: Princes and Wazirs on the Iberia map",
    package=__name__,
    rules="gmbot.variants.al_andalus.rules:AlAndalusRules",
    grammar=("gmbot.variants.al_andalus.grammar",),
    map="iberia",
)
