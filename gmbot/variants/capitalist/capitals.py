"""The pre-game capital phase (section 1): preference lists to capitals.

Repeatedly, every player still without a capital looks at its best listed centre that is
still free (not taken, not too near a capital already given). Among the players whose
free choice ranks best, a player whose choice clashes with no other such choice gets it;
otherwise the players clashing over the first contested choice toss a coin (1.2). A
player with no free choice left (or no list) gets a free centre by coin toss. Centres
clash when they are the same or fewer than `min_distance` moves apart (1.3)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from gmbot.engine.map import GameMap


@dataclass
class Allocation:
    capitals: dict[str, str] = field(default_factory=dict)  # power -> capital
    draws: list[dict[str, object]] = field(default_factory=list)  # coin tosses, for the audit log
    log: list[str] = field(default_factory=list)  # public lines


def distance(gmap: GameMap, a: str, b: str) -> int:
    """Moves between two provinces counting every border (any unit type)."""
    found = gmap.distance(a, b)
    return 10**6 if found is None else found


def too_near(gmap: GameMap, a: str, b: str, min_distance: int) -> bool:
    return a == b or distance(gmap, a, b) < min_distance


def allocate(gmap: GameMap, prefs: dict[str, list[str]], fixed: dict[str, str],
             powers: list[str], rng: random.Random, min_distance: int = 2) -> Allocation:
    """Capitals for `powers`; `fixed` are the GM's (kept as given)."""
    out = Allocation(capitals=dict(fixed))
    for power, cap in sorted(fixed.items()):
        out.log.append(f"{power}: capital {cap} (set by the GM)")

    while True:
        waiting = [p for p in powers if p not in out.capitals]
        if not waiting:
            return out
        free = _free_centres(gmap, list(out.capitals.values()), len(waiting), min_distance)
        choice: dict[str, tuple[int, str]] = {}
        for p in waiting:
            for rank, c in enumerate(prefs.get(p, [])):
                if free(c):
                    choice[p] = (rank, c)
                    break
        if not choice:
            _by_lot(gmap, waiting[0], free, rng, out)
            continue
        best = min(r for r, _ in choice.values())
        front = sorted(p for p, (r, _) in choice.items() if r == best)
        lone = [p for p in front if not any(
            q != p and too_near(gmap, choice[p][1], choice[q][1], min_distance) for q in front)]
        if lone:
            p = lone[0]
            out.capitals[p] = choice[p][1]
            out.log.append(f"{p}: capital {choice[p][1]} (choice {best + 1}"
                           f"{_passed_over(gmap, prefs[p][:best], out.capitals, p, min_distance)})")
            continue
        first = front[0]
        clash = [q for q in front
                 if q == first or too_near(gmap, choice[first][1], choice[q][1], min_distance)]
        winner = rng.choice(clash)
        wanted = {q: choice[q][1] for q in clash}
        out.draws.append({"purpose": "capital coin toss", "among": wanted, "value": winner})
        out.capitals[winner] = choice[winner][1]
        why = _passed_over(gmap, prefs[winner][:best], out.capitals, winner, min_distance)
        out.log.append(f"{winner}: capital {choice[winner][1]} (choice {best + 1}{why}, won a "
                       f"coin toss against {', '.join(q for q in clash if q != winner)})")


def list_example(gmap: GameMap, power: str) -> str:
    """A capital list begun with the power's own centres on the map, as his welcome's
    example is (the third trial: France's refusals read England's `CAPITALS LON EDI ...`)."""
    homes = sorted(gmap.powers[power].homes) if power in gmap.powers else []
    return f"CAPITALS {' '.join(homes[:3] or sorted(gmap.supply_centres)[:3])} ..."


def _passed_over(gmap: GameMap, skipped: list[str], given: dict[str, str], power: str,
                 min_distance: int) -> str:
    """Why the centres `power` listed before the one he got were passed over (the trial of
    3 December 2026, third: Austria read "capital SER (choice 4)" and nothing of VIE, BUD
    and TRI). `given`: the capitals handed out, in their order."""
    owner = {c: p for p, c in given.items() if p != power}
    taken: list[str] = []
    near: dict[str, list[str]] = {}
    tight: list[str] = []
    for centre in skipped:
        close = next((c for c in owner if c != centre
                      and too_near(gmap, centre, c, min_distance)), None)
        if centre in owner:
            taken.append(f"{centre} went to {owner[centre]}")
        elif close is not None:
            near.setdefault(close, []).append(centre)
        else:
            tight.append(centre)
    # Capitals at least `min_distance` moves apart: at 2, none is next to another.
    how = "next to" if min_distance == 2 else f"fewer than {min_distance} moves from"
    parts = [*taken, *(f"{', '.join(cs)} {'is' if len(cs) == 1 else 'are'} {how} "
                       f"{owner[c]}'s capital {c}" for c, cs in near.items())]
    if tight:
        parts.append(f"{', '.join(tight)} would have left no room for every player's capital")
    return f": {'; '.join(parts)}" if parts else ""


def _free_centres(gmap: GameMap, taken: list[str], waiting: int,
                  min_distance: int) -> Callable[[str], bool]:
    """Whether a centre is free for one of the `waiting` players: far enough from every
    capital `taken`, and leaving room for a capital for each of the others. Greedy
    allocation could otherwise take centres that shut the last player out (found by
    random games: with capitals 3 moves apart, 6 choices left no centre for the 7th)."""
    open_ = sorted(c for c in gmap.supply_centres
                   if not any(too_near(gmap, c, t, min_distance) for t in taken))
    known: dict[str, bool] = {}

    def free(c: str) -> bool:
        found = known.get(c)
        if found is None:
            rest = [o for o in open_ if not too_near(gmap, o, c, min_distance)]
            found = known[c] = c in open_ and _room(gmap, rest, waiting - 1, min_distance, {})
        return found

    return free


def room_for(gmap: GameMap, taken: list[str], count: int, min_distance: int) -> bool:
    """Whether `count` more capitals fit, each far enough from `taken` and each other."""
    open_ = sorted(c for c in gmap.supply_centres
                   if not any(too_near(gmap, c, t, min_distance) for t in taken))
    return _room(gmap, open_, count, min_distance, {})


def _room(gmap: GameMap, centres: list[str], need: int, min_distance: int,
          seen: dict[tuple[tuple[str, ...], int], bool]) -> bool:
    """Whether `need` capitals can be placed among `centres`, each far enough from the
    others (a search: take the first centre or leave it)."""
    if need <= 0:
        return True
    if len(centres) < need:
        return False
    key = (tuple(centres), need)
    found = seen.get(key)
    if found is None:
        first, rest = centres[0], centres[1:]
        found = _room(gmap, [c for c in rest if not too_near(gmap, c, first, min_distance)],
                      need - 1, min_distance, seen) or _room(gmap, rest, need, min_distance, seen)
        seen[key] = found
    return found


def _by_lot(gmap: GameMap, power: str, free: Callable[[str], bool], rng: random.Random,
            out: Allocation) -> None:
    left = sorted(c for c in gmap.supply_centres if free(c))
    if not left:
        raise ValueError(f"no centre is left far enough from the others for {power}")
    cap = rng.choice(left)
    out.draws.append({"purpose": f"capital by lot for {power}", "value": cap})
    out.capitals[power] = cap
    out.log.append(f"{power}: capital {cap} (drawn by lot: no listed centre was free)")
