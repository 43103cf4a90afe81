"""Random players of the variants' own commands, for the legal-orders property test
(tests/bots/test_legal_orders.py): seeded, mostly legal, each command now and then.
Capitalist's player is the one of its random games (tests/capitalist)."""

from __future__ import annotations

import random

from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.variants.al_andalus.court import Court
from gmbot.variants.arpiesse.colours import COLOURS
from tests.variants.randomkit import Orders, Player
from tests.warlock.test_warlock_fuzz import CASTS, move


class AndalusPlayer(Player):
    """Princes' unit orders, hires, arrests, appointments and decisions on captives;
    Wazirs' changes of court, plunders, resignations and an order for a unit of their
    Prince's (or any Prince's, now and then: refused)."""

    def movement(self, rng: random.Random, state: GameState, rules: StandardRules) -> Orders:
        out = super().movement(rng, state, rules)
        court = Court.of(state)
        wazirs = sorted(w for w in court.wazirs if court.active(w))
        princes = list(state.map.powers)
        for prince in princes:
            lines = out.setdefault(prince, [])
            roll = rng.random()
            if roll < 0.15 and wazirs:
                lines.append(f"HIRE {rng.choice(wazirs)}")
            elif roll < 0.22:
                lines.append("ARREST")
            elif roll < 0.35 and state.units_of(prince):
                lines.append(f"APPOINT GENERAL {rng.choice(state.units_of(prince))}")
            for key, captor in sorted(court.captives.items()):
                if captor == prince and rng.random() < 0.8:
                    lines.append(f"{rng.choice(['EXECUTE', 'TAKE'])} {key}")
        for key in wazirs:
            roll = rng.random()
            if roll < 0.25:
                dest = rng.choice(princes)
                out[key] = [f"GO TO COURT {dest}"]
                if rng.random() < 0.7:
                    out.setdefault(dest, []).append(f"HIRE {key}")
            elif roll < 0.35:
                out[key] = ["PLUNDER"]
            elif roll < 0.4:
                out[key] = ["RESIGN"]
            else:
                at = court.wazirs[key].court
                prince = at if at and rng.random() < 0.9 else rng.choice(princes)
                units = sorted(state.units_of(prince), key=lambda u: u.prov)
                if units:
                    unit = rng.choice(units)
                    out[key] = [rng.choice([move(rng, unit), f"{unit} H"])]
        return out


class WarlockPlayer(Player):
    """The standard orders and, for each power, up to three random casts (valid or not)
    of the Warlock fuzz test."""

    def movement(self, rng: random.Random, state: GameState, rules: StandardRules) -> Orders:
        out = super().movement(rng, state, rules)
        provs = sorted(state.map.provinces)
        units = sorted(state.units.values(), key=lambda u: u.prov)
        for power in state.powers:
            own = state.units_of(power)
            for _ in range(rng.randint(0, 3) if own else 0):
                unit = rng.choice(own)
                chain = move(rng, unit)
                chain += f" - {rng.choice(provs)}" if " - " in chain else ""
                out.setdefault(power, []).append(rng.choice(CASTS).format(
                    u=rng.choice(units), m=move(rng, unit), m2=chain,
                    p=rng.choice(provs), q=rng.choice(provs)))
        return out


class ArpiessePlayer(Player):
    """The standard orders, builds in a random colour, and now and then an exchange of
    one of a power's units with another of its own or anyone's (`A VIE X A BUD`), next to
    each other or not."""

    def movement(self, rng: random.Random, state: GameState, rules: StandardRules) -> Orders:
        out = super().movement(rng, state, rules)
        for power in state.powers:
            own = sorted(state.units_of(power), key=lambda u: u.prov)
            units = sorted(state.units.values(), key=lambda u: u.prov)
            if own and rng.random() < 0.3:
                a = rng.choice(own)
                b = rng.choice([u for u in (own if rng.random() < 0.5 else units)
                                if u is not a] or [a])
                lines = [line for line in out.get(power, [])
                         if not line.startswith((f"{a} ", f"{b} "))]
                out[power] = [*lines, f"{a} X {b}"]
        return out

    def build_line(self, rng: random.Random, state: GameState, site: str) -> str:
        return super().build_line(rng, state, site).replace(
            "BUILD ", f"BUILD {rng.choice(COLOURS)} ", 1)
