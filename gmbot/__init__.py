"""gmbot: a play-by-email game master for Diplomacy and its variants."""

__version__ = "0.1.0"
