"""The public lines of every Al-Andalus results mail: courts and everyone's dinars (public
by the rules), the Wazirs' standing, and at the end the Wazirs' result."""

from __future__ import annotations

from gmbot.engine.map import GameMap
from gmbot.engine.report import LABEL, RULE, TAG, Fact, Mark
from gmbot.engine.state import GameState, Unit
from gmbot.variants.al_andalus.court import Court, prince_name

SOLO_FACTOR = 3  # a Wazir solos with more than 3 dinars a centre of the strongest Prince


def dinars(n: int) -> str:
    return f"{n} dinar" if n == 1 else f"{n} dinars"


def solo_line(state: GameState) -> int:
    """The dinars a Wazir must exceed to solo: 3 a centre of the strongest Prince."""
    return SOLO_FACTOR * max((state.centre_count(p) for p in state.map.powers), default=0)


def ranking(court: Court) -> list[tuple[str, int]]:
    active = [w for w in court.wazirs.values() if not w.executed]
    return [(w.key, w.dinars) for w in sorted(active, key=lambda w: (-w.dinars, w.key))]


def leaders(court: Court) -> list[str]:
    ranked = ranking(court)
    return [k for k, d in ranked if d == ranked[0][1]] if ranked else []


def standings(state: GameState) -> list[str]:
    court = Court.of(state)
    if not court.wazirs:
        return []
    lines = ["Courts and dinars:"]
    for key, wazir in sorted(court.wazirs.items()):
        if wazir.executed:
            lines.append(f"  Wazir {key}: executed")
            continue
        if wazir.court:
            where = f"at the court of {prince_name(state, wazir.court)}"
        elif key in court.captives:
            where = f"held by {prince_name(state, court.captives[key])}"
        else:
            where = "free agent"
        general = f", Wazir-General of {', '.join(wazir.centres)}" if wazir.centres else ""
        lines.append(f"  Wazir {key}: {where}, {dinars(wazir.dinars)}{general}")
    princes = ", ".join(f"{prince_name(state, p)} {court.held.get(p, 0)}"
                        for p in state.map.powers)
    lines.append(f"  Princes' dinars (held for their next Wazir): {princes}")
    ranked = ranking(court)
    if ranked:
        top = leaders(court)
        lines.append(f"  Leading Wazir: {', '.join(top)} with {dinars(ranked[0][1])}; a "
                     f"Wazir solo needs more than {solo_line(state)}.")
    return lines


def seat(gmap: GameMap, power: str) -> str | None:
    """Where a Prince's court is: the home centre his name is named after ("Taifa of
    Zaragoza": ZAR), else the first of his home centres."""
    decl = gmap.powers.get(power)
    if decl is None or not decl.homes:
        return None
    for home in decl.homes:
        if gmap.provinces[home].name.lower() in decl.name.lower():
            return home
    return decl.homes[0]


def court_city(state: GameState, prince: str) -> str | None:
    """The city a court's tag stands on: the Prince's seat while he holds it, else the
    first of his home centres he holds, else the first centre he holds (none: no tag)."""
    held = sorted(c for c, owner in state.centers.items() if owner == prince)
    home = seat(state.map, prince)
    if home in held:
        return home
    decl = state.map.powers.get(prince)
    homes = [h for h in (decl.homes if decl else ()) if h in held]
    first = homes or held
    return first[0] if first else None


def court_marks(state: GameState) -> list[Mark]:
    """The Wazirs at each Prince's court, a tag on a city the Prince holds (public)."""
    court = Court.of(state)
    at: dict[str, list[str]] = {}
    for key, wazir in sorted(court.wazirs.items()):
        if wazir.court and not wazir.executed:
            at.setdefault(wazir.court, []).append(key)
    marks = []
    for prince, keys in at.items():
        city = court_city(state, prince)
        if city is not None:
            marks.append(Mark(TAG, city, "court", words="Wazir " + ", ".join(keys),
                              power=prince))
    return marks


# The word the map writes under a unit that executed other than its owner's order, by
# the reason the results give.
_HELD = (("auto-hold", "auto-hold", "auto-hold"), ("plunder", "plundered", "plunder"),
         ("ARREST", "arrest", "arrest"))


# The rule each of those applies, in a player's words: EXPLAIN's reasoning (a fact of
# engine/report.py; the results row already says why, so it is no surprise there).
_RULES = {
    "auto-hold": "the auto-hold: a Prince who orders every one of his units (two or more) "
                 "to do something other than hold has one of them hold, the one civil "
                 "disorder would remove first",
    "plunder": "a PLUNDER by the Prince's Wazir holds every unit of the Prince, and pays "
               "the Wazir a dinar for each",
    "arrest": "an ARREST (or the Prince's NMR, which acts as one) holds every unit of the "
              "Prince, and takes half the Wazir's dinars",
}


def held_fact(unit: Unit, why: str) -> Fact | None:
    """The rule that held a unit (an auto-hold, an ARREST or a PLUNDER), for EXPLAIN."""
    for key, _, event in _HELD:
        if key in why:
            return Fact(str(unit), RULE, _RULES[event], event)
    return None


def held_mark(unit: Unit, why: str) -> Mark | None:
    """A unit held by an auto-hold, an ARREST or a PLUNDER: its caption on the map."""
    for key, word, event in _HELD:
        if key in why:
            return Mark(LABEL, unit.loc, event, unit=str(unit), words=word, power=unit.power)
    return None


def final_lines(state: GameState, winner: str) -> list[str]:
    """The Wazirs' result when a Prince has won on the board."""
    court = Court.of(state)
    need = solo_line(state)
    ranked = ranking(court)
    lines = [f"The game is over: {prince_name(state, winner)} has "
             f"{state.centre_count(winner)} centres. Wazirs by dinars: "
             + (", ".join(f"{k} {d}" for k, d in ranked) or "none") + "."]
    solo = solo_lines(court, need)
    if solo:
        lines += solo
    else:
        lines.append(f"No Wazir has more than {need} dinars: the Wazirs lose to the "
                     f"Prince's solo.")
    return lines


def solo_lines(court: Court, need: int) -> list[str]:
    """The Wazir solo, if any: only a Wazir with more dinars than any other Wazir can
    solo; Wazirs tied at the top over the line win nothing (as in a draw)."""
    ranked = ranking(court)
    if not ranked or ranked[0][1] <= need:
        return []
    top = leaders(court)
    if len(top) > 1:
        return [f"No Wazir solo: {' and '.join(top)} tie for the most dinars "
                f"({ranked[0][1]}), and a Wazir wins only with more dinars than any other "
                f"Wazir."]
    return [f"Wazir solo: {top[0]}, with more than {need} dinars "
            f"(3 a centre of the strongest Prince)."]


def draw_lines(state: GameState) -> list[str]:
    """The Wazirs' result of a draw, declared by the game master or voted."""
    court = Court.of(state)
    need = solo_line(state)
    ranked = ranking(court)
    lines = ["The game ends in a draw. Wazirs by dinars: "
             + (", ".join(f"{k} {d}" for k, d in ranked) or "none") + "."]
    solo = solo_lines(court, need)
    if solo:
        lines += solo
    elif ranked:
        top = leaders(court)
        if len(top) == 1:
            lines.append(f"In the draw with the Princes: {top[0]}, the Wazir with the most "
                         f"dinars.")
        else:
            # A Wazir wins only "by collecting more Dinars than any other Wazir": a tie for
            # the most leaves every Wazir out of the draw.
            lines.append(f"No Wazir is in the draw: {' and '.join(top)} tie for the most "
                         f"dinars ({ranked[0][1]}), and a Wazir wins only with more dinars "
                         f"than any other Wazir.")
    return lines
