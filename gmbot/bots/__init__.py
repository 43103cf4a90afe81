"""Players that are programs: a seeded heuristic bot and a random player, both choosing
from the engine's legal orders (`gmbot.engine.legal`). Pure, like the engine: no I/O."""
