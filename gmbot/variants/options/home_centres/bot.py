"""How a bot plays changing home centres in a winter: it abandons every home it may (a
home it has lost and not retaken, which only fills a place among its N + 1), and
assimilates one centre it may, not one it builds on this winter (the build would be void,
rule 4.5), so that it builds nearer its front."""

from __future__ import annotations

import random

from gmbot.engine.legal import LegalOrders


def home_centre_choice(legal: LegalOrders, chosen: list[str], rng: random.Random) -> list[str]:
    built = {line.split()[-1].partition("/")[0] for line in chosen if line.startswith("BUILD ")}
    abandons = [line for line in legal.other if line.startswith("ABANDON ")]
    assimilations = [line for line in legal.other if line.startswith("ASSIMILATE ")
                     and line.split()[-1] not in built]
    return abandons + ([rng.choice(assimilations)] if assimilations else [])
