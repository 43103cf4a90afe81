"""Whole random games of the standard game, of changing home centres (on the standard map
and with Arpiesse, Warlock and Al-Andalus), each played from its example game through
movement, retreats and winters, year after year, with the checks of randomchecks.py
after every phase, and the home-centre rules checked from the option's text:

- a power's home centres change only in a winter, and only by its ASSIMILATE or ABANDON;
- it assimilates only a centre it controls and has controlled since the previous winter,
  and abandons only a home centre it has not controlled since then, while it controls
  fewer centres than it has home centres;
- it never has more than N + 1 home centres (N: its initial ones, without the "extra"
  starting centres), and once it has N + 1 they never change;
- it builds only in a home centre it had when the winter began (a build on a centre
  assimilated in the same winter is void);
- a winter in which some power has a legal ASSIMILATE or ABANDON is played, even when no
  power builds or removes.

A failure names the phase's seed and gives the phase as a case (tests/variants/randomkit.py).
GMBOT_RANDOM_GAMES=500 plays more games."""

from __future__ import annotations

import random

import pytest

from gmbot.engine.result import PhaseResult
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState
from gmbot.variants.arpiesse.colours import COLOURS
from tests.variants.randomchecks import standard_checks
from tests.variants.randomkit import Orders, Player, example, games, play

HOMES = {"changing_home_centres": True}


def test_standard_games_run_whole_years() -> None:
    phases = 0
    kinds: set[str] = set()
    for game in range(games(10)):
        setup = example("standard")
        played = play(setup, Player(), game, 7, standard_checks(setup.rules), "standard")
        assert played.mostly_legal(), f"{played.refused} of {played.lines} lines refused"
        phases += played.phases
        kinds |= {r.before.phase.kind for r in played.results}
    assert kinds == {"M", "R", "A"}  # movement, retreats and winters were all played
    assert phases > 10 * 14


class HomePlayer(Player):
    """Standard orders, and in the winter now and then an ASSIMILATE or ABANDON: of a
    centre the power may choose, or of any centre it owns or has (some refused)."""

    def adjustments(self, rng: random.Random, state: GameState,
                    rules: StandardRules) -> Orders:
        out = super().adjustments(rng, state, rules)
        for power in state.powers:
            owned = sorted(c for c, o in state.centers.items() if o == power)
            homes = sorted(state.homes.get(power, ()))
            lines = out.setdefault(power, [])
            foreign = [c for c in owned if c not in homes]
            lost = [c for c in homes if c not in owned]
            if foreign and rng.random() < 0.5:
                centre = rng.choice(foreign)
                lines.append(rng.choice([f"ASSIMILATE {centre}", f"{centre} ASSIMILATED"]))
                if rng.random() < 0.2:
                    lines.append(self.build_line(rng, state, centre))  # void with it
            if lost and rng.random() < 0.5:
                centre = rng.choice(lost)
                lines.append(rng.choice([f"ABANDON {centre}", f"{centre} ABANDONED"]))
            if rng.random() < self.junk * 3:
                lines.append(f"ASSIMILATE {rng.choice(sorted(state.map.supply_centres))}")
            if not lines:
                del out[power]
        return out


class ArpiesseHomePlayer(HomePlayer):
    def build_line(self, rng: random.Random, state: GameState, site: str) -> str:
        return super().build_line(rng, state, site).replace(
            "BUILD ", f"BUILD {rng.choice(COLOURS)} ", 1)


class HomeWatch:
    """The home-centre rules, followed from the game's start (see the module doc)."""

    def __init__(self, start: GameState, extra: dict[str, list[str]]) -> None:
        self.initial = {p: len([c for c in h if c not in extra.get(p, [])])
                        for p, h in start.homes.items()}
        self.last_winter = owners(start)

    def __call__(self, result: PhaseResult, orders: Orders) -> list[str]:
        before, after = result.before, result.after
        wrong: list[str] = []
        winter = before.phase.kind == ADJUSTMENT
        if before.phase.kind == MOVEMENT and before.phase.season == "S":
            self.last_winter = owners(before)
        for power in sorted(set(before.homes) | set(after.homes)):
            wrong += self.changes(result, power, orders.get(power, []))
        for name in result.built:
            unit = next(u for u in after.units.values() if str(u) == name)
            if unit.prov not in before.homes.get(unit.power, ()):
                wrong.append(f"{unit.power} built {name} outside its home centres "
                             f"{sorted(before.homes.get(unit.power, ()))}")
        if winter:
            self.last_winter = owners(after)
        skipped = (before.phase.season == "F" and after.phase.season == "S")
        if skipped:
            wrong += [f"the winter was skipped although {p} could {what}"
                      for p, what in self.choices(after).items()]
        return wrong

    def changes(self, result: PhaseResult, power: str, lines: list[str]) -> list[str]:
        """What is wrong with the change of `power`'s home centres in the phase."""
        before, after = result.before, result.after
        winter = before.phase.kind == ADJUSTMENT
        wrong: list[str] = []
        was, now = set(before.homes.get(power, ())), set(after.homes.get(power, ()))
        n = self.initial.get(power, len(was))
        if len(now) > n + 1:
            wrong.append(f"{power} has {len(now)} home centres, N = {n}")
        if was != now and (not winter or len(was) >= n + 1):
            wrong.append(f"{power}'s home centres changed from {sorted(was)} to "
                         f"{sorted(now)} in {before.phase}")
        said = [line.upper() for line in lines]
        held = {c for c, o in before.centers.items() if o == power}
        for centre in sorted(now - was):
            if not any(centre in line and "ASSIMILAT" in line for line in said):
                wrong.append(f"{power} gained {centre} as a home without ASSIMILATE")
            if centre not in held or centre not in self.last_winter.get(power, set()):
                wrong.append(f"{power} assimilated {centre}, not held since last winter")
        for centre in sorted(was - now):
            if not any(centre in line and "ABANDON" in line for line in said):
                wrong.append(f"{power} lost {centre} as a home without ABANDON")
            if centre in held or centre in self.last_winter.get(power, set()):
                wrong.append(f"{power} abandoned {centre}, held since last winter")
            if len(held) >= len(was):
                wrong.append(f"{power} abandoned {centre} controlling {len(held)} "
                             f"centres with {len(was)} homes")
        return wrong

    def choices(self, state: GameState) -> dict[str, str]:
        """power -> a legal home-centre order it had in the winter `state` skipped."""
        found = {}
        for power, homes in state.homes.items():
            held = {c for c, o in state.centers.items() if o == power}
            if not held and not state.units_of(power):
                continue  # out of the game
            if len(homes) >= self.initial.get(power, len(homes)) + 1:
                continue
            last = self.last_winter.get(power, set())
            take = sorted(c for c in held & last if c not in homes)
            drop = sorted(c for c in homes if c not in held and c not in last)
            if take:
                found[power] = f"ASSIMILATE {take[0]}"
            elif drop and len(held) < len(homes):
                found[power] = f"ABANDON {drop[0]}"
        return found


def home_order(line: str) -> bool:
    """ASSIMILATE and ABANDON lines: the option's guide settles them in the order written
    (a second assimilation past N + 1 is void, an abandonment counts the homes left)."""
    upper = line.upper()
    return "ASSIMILAT" in upper or "ABANDON" in upper


def owners(state: GameState) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for centre, owner in state.centers.items():
        out.setdefault(owner, set()).add(centre)
    return out


@pytest.mark.parametrize(("name", "options", "player"), [
    ("changing_home_centres", None, HomePlayer()),
    ("arpiesse", HOMES, ArpiesseHomePlayer()),
    ("warlock", HOMES, HomePlayer()),  # no spells cast: the kit has no grammar of them
    ("al-andalus", HOMES, HomePlayer()),
], ids=["standard", "arpiesse", "warlock", "al-andalus"])
def test_changing_home_centres_games(name: str, options: dict[str, bool] | None,
                                     player: Player) -> None:
    changed = 0
    for game in range(games(6)):
        setup = example(name, options)
        extra = {"AUSTRIA": ["TRI"], "RUSSIA": ["SEV"]} if options is None else {}
        watch = HomeWatch(setup.state, extra)
        checks = [*standard_checks(setup.rules, kept=home_order), watch]
        played = play(setup, player, game, 7, checks,
                      f"{name}+homes")
        assert played.mostly_legal(), f"{played.refused} of {played.lines} lines refused"
        changed += sum(r.before.homes != r.after.homes for r in played.results)
    assert changed > 0  # some home centres did change
