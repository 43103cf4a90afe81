"""Arpiesse colours: red beats silver, silver beats purple, purple beats red (rock, paper,
scissors: "R-P-S"). A unit's colour is its `colour` attribute in the position."""

from __future__ import annotations

from collections.abc import Iterable

from gmbot.engine.state import Unit

RED, PURPLE, SILVER = "red", "purple", "silver"
COLOURS = (RED, PURPLE, SILVER)
COLOUR_KEY = "colour"  # the unit attribute in the position schema

# Each colour -> the colour it is superior to.
_BEATS = {RED: SILVER, SILVER: PURPLE, PURPLE: RED}

SUPERIOR, EQUIVALENT, INFERIOR = "superior", "equivalent", "inferior"


def beats(a: str, b: str) -> bool:
    """Whether colour a is superior to colour b."""
    return _BEATS[a] == b


def colour_of(unit: Unit) -> str:
    colour = unit.attrs.get(COLOUR_KEY)
    if colour not in _BEATS:
        # Positions are checked on loading (position_problems); this is a programming error.
        raise ValueError(f"{unit} has no Arpiesse colour (got {colour!r})")
    return str(colour)


def colour_problem(unit: Unit) -> str | None:
    """Why a unit's colour attribute is unusable, or None."""
    colour = unit.attrs.get(COLOUR_KEY)
    if colour is None:
        return (f"{unit} has no colour: write {{unit: {unit}, colour: red}} "
                f"(colours: {', '.join(COLOURS)})")
    if colour not in _BEATS:
        return f"{unit} has colour {colour!r}; the colours are {', '.join(COLOURS)}"
    return None


def relation(attack: str, defending: Iterable[str]) -> str:
    """An attack of colour `attack` against a unit defending with `defending` colours:
    superior if it beats every one, inferior if any beats it, else equivalent."""
    colours = list(defending)
    if all(beats(attack, d) for d in colours):
        return SUPERIOR
    if any(beats(d, attack) for d in colours):
        return INFERIOR
    return EQUIVALENT


def sorted_colours(colours: Iterable[str]) -> list[str]:
    return sorted(set(colours), key=COLOURS.index)
