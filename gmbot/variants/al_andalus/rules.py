"""Al-Andalus Diplomacy: five Princes on the Iberia map and three
Wazirs who own nothing, serve a Prince's court, order one of his units and earn dinars.
Every rule is a hook here; the resolver knows nothing of courts. Rulings where the text
is silent are listed in guide.md in this folder."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gmbot.engine.choices import BotTurn
from gmbot.engine.legal import accepted
from gmbot.engine.state import MOVEMENT, GameState, Unit
from gmbot.variants.al_andalus.bot import court_choice, paying
from gmbot.variants.al_andalus.court import Court, general_unit, prince_name, wazir_owners
from gmbot.variants.al_andalus.legal import court_lines
from gmbot.variants.al_andalus.movement import CourtMovement
from gmbot.variants.al_andalus.reading import CourtOrders
from gmbot.variants.al_andalus.report import (
    court_marks,
    dinars,
    draw_lines,
    final_lines,
    held_fact,
    held_mark,
    standings,
)
from gmbot.variants.al_andalus.seat import prince_seat, wazir_seat
from gmbot.variants.al_andalus.waiting import CourtWaiting

if TYPE_CHECKING:
    from gmbot.engine.result import PhaseResult


class AlAndalusRules(CourtOrders, CourtWaiting, CourtMovement):
    """The rule set: its parts (base.py, reading.py, waiting.py, movement.py) and the reports."""

    def legal_extra(self, state: GameState, power: str) -> list[str]:
        return super().legal_extra(state, power) + court_lines(state, power, self.generals)

    def bot_lines(self, state: GameState, power: str, turn: BotTurn,
                  rng: random.Random) -> list[str]:
        court = accepted(state, self, power, court_choice(state, power, rng))
        hiring = any(line.startswith("HIRE ") for line in court)
        return paying(state, power, turn, hiring) + court

    def other_owners(self, state: GameState) -> dict[str, str]:
        return {k: f"Wazir-General {k}" for k in wazir_owners(state)}

    def unit_note(self, unit: Unit) -> str:
        general = self.general_of(unit)
        return f"Wazir-General {general}" if general else ""

    def open_seat_words(self, state: GameState, key: str) -> str:
        if self.is_prince(state, key):
            return prince_seat(state, key, self.generals, self.disorder_removals(state, key))
        return wazir_seat(state, key, self.generals) or super().open_seat_words(state, key)

    def help_data(self, state: GameState, viewer: str | None) -> dict[str, Any]:
        """A Wazir-General's command, for his HELP and welcome, and for his Prince the unit
        the general commands (his, yet not among the units he orders)."""
        data = dict(super().help_data(state, viewer))
        unit = general_unit(state, viewer) if viewer and self.generals else None
        if unit is not None:
            data["general"] = str(unit)
        if viewer and self.generals and self.is_prince(state, viewer):
            data["commanded"] = [
                {"unit": str(u), "by": f"your Wazir-General {self.general_of(u)}"}
                for u in sorted(state.units_of(viewer), key=str)
                if self.general_of(u) and not self.may_order(state, viewer, u)]
        # Where the court stands, so that the examples are orders he may give now (a game
        # loaded past its opening: no HIRE of the Wazir who serves him already).
        court = Court.of(state)
        if viewer and self.is_prince(state, viewer):
            sitting = court.wazir_of(viewer)
            data["wazir_here"] = sitting.key if sitting else ""
            commands = general_unit(state, sitting.key) if sitting and self.generals else None
            data["general_here"] = str(commands) if commands else ""
            data["hirable"] = sorted(w.key for w in court.wazirs.values() if not w.executed
                                     and w.court != viewer and w.key not in court.captives)
        elif viewer and (wazir := court.active(viewer)) is not None:
            data["court"] = wazir.court or ""
        return data

    def phase_notes(self, result: PhaseResult) -> None:
        start = result.start or result.before
        if self._plan is not None and self._plan[0] == str(start.phase) \
                and start.phase.kind == MOVEMENT:
            # The orders given beside the executed ones, and why they differ.
            plan = self._plan[1]
            for prov, why in plan.why.items():
                unit = start.units.get(prov)
                if unit is not None:
                    result.why[unit.name] = why
                    held = held_mark(unit, why)
                    if held is not None:
                        result.marks.append(held)
                    fact = held_fact(unit, why)
                    if fact is not None:
                        result.facts.append(fact)
                    if prov in plan.given:
                        result.given[unit.name] = plan.given[prov]
        lines, self._notes = self._notes, []
        marks, self._marks = self._marks, []
        draws, self._draws = self._draws, []
        if draws:
            result.notes.setdefault("random", []).extend(draws)
        result.marks += [*marks, *court_marks(result.after)]
        lines += standings(result.after)
        if result.winner:
            lines += final_lines(result.after, result.winner)
        result.notes.setdefault("public", []).extend(lines)

    def draw_lines(self, state: GameState) -> list[str]:
        return super().draw_lines(state) + draw_lines(state)

    def voters(self, state: GameState) -> list[str]:
        # A Wazir owns nothing on the board, yet he is a player still in the game until
        # executed, and a draw decides his result ("automatically included in a draw"):
        # he votes on it. Named draws and concessions name Princes only (draw_powers).
        alive = [w.key for w in Court.of(state).wazirs.values() if not w.executed]
        return super().voters(state) + sorted(alive)

    def first_claim(self, state: GameState, key: str) -> str | None:
        # A Prince who leaves the game "will be replaced either by their current Wazir or
        # an alternate (the Wazir's decision)": the Wazir at his court is asked first.
        if key not in state.map.powers:
            return None
        wazir = Court.of(state).wazir_of(key)
        return wazir.key if wazir is not None else None

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        court = Court.of(state)
        if self.is_prince(state, viewer):
            held = court.held.get(viewer, 0)
            # BALANCE said "no account for you" beside the results' "Princes' dinars".
            purse = [f"Your court holds {dinars(held)}: not yours to keep, they all go to "
                     "the next Wazir who joins your court (by HIRE or TAKE)."] if held else []
            return purse + [
                f"Wazir {w} is yours to EXECUTE or TAKE (only without a Wazir) in the "
                f"next movement phase; otherwise he goes free."
                for w, captor in sorted(court.captives.items()) if captor == viewer]
        wazir = court.active(viewer)
        if wazir is None:
            return []
        if wazir.court:
            where = f"you serve {prince_name(state, wazir.court)}"
        elif viewer in court.captives:
            where = f"you are held by {prince_name(state, court.captives[viewer])}"
        else:
            where = "you are a free agent"
        return [f"Wazir {viewer}: {where}; {dinars(wazir.dinars)}.",
                *self._own_unit(state, wazir)]

