"""A standard game played through the Maildir pipeline for the export tests: five phases
with a dislodgement, its retreat, builds, a removal-free winter with a waived build, and a
spring after it."""

from __future__ import annotations

from tests.loop.judgekit import Judge, standard_game


def export_game_text() -> str:
    """The standard test game, processed only at its deadlines: each phase of the script
    gets its own orders."""
    return standard_game().replace("early: true", "early: false")

# Phase by phase, each power's orders mail (powers not named send nothing: NMR holds).
SCRIPT: list[dict[str, list[str]]] = [
    {  # S1901M
        "FRANCE": ["A PAR - PIC", "A MAR H", "F BRE - MAO"],
        "GERMANY": ["A MUN - BUR", "F KIE - HOL", "A BER - KIE"],
        "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
        "RUSSIA": ["F STP/SC - BOT", "A WAR - GAL"],
        "TURKEY": ["F ANK - BLA", "A CON - BUL"],
    },
    {  # F1901M: Burgundy taken with support; Portugal, Holland, Norway, Sweden, Bulgaria
        "FRANCE": ["A MAR - BUR", "A PIC S A MAR - BUR", "F MAO - POR"],
        "GERMANY": ["A BUR H", "F HOL H", "A KIE - DEN"],
        "ENGLAND": ["F NTH - NWY", "A YOR - LON"],
        "RUSSIA": ["F BOT - SWE"],
        "ITALY": ["A VEN - TYR", "A ROM - VEN"],
    },
    {  # F1901R
        "GERMANY": ["A BUR R RUH"],
    },
    {  # W1901A: England builds nothing (waives)
        "FRANCE": ["BUILD A PAR", "BUILD A MAR"],
        "GERMANY": ["BUILD A MUN", "BUILD A BER"],
        "RUSSIA": ["BUILD A STP"],
        "TURKEY": ["BUILD F ANK"],
    },
    {  # S1902M
        "FRANCE": ["A BUR - MUN", "A PIC - BEL", "F POR - MAO", "A PAR - BUR"],
        "GERMANY": ["A MUN H", "A RUH S A MUN", "A DEN - KIE"],
        "ENGLAND": ["F NWY - SKA", "F NWG - NTH", "A LON - WAL"],
    },
]


def play(judge: Judge, script: list[dict[str, list[str]]] = SCRIPT) -> None:
    """Mail each phase's orders, then let its deadline pass and tick."""
    for orders in script:
        for power, lines in orders.items():
            judge.send(f"{power.lower()}@example.test", "\n".join(lines))
        judge.tick()
        judge.clock.advance(hours=49)
        judge.tick()
