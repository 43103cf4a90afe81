"""Al-Andalus Diplomacy: Princes, Wazirs and dinars on the Iberia map."""

from gmbot.variants.andalus.rules import AlAndalusRules

__all__ = ["AlAndalusRules"]
