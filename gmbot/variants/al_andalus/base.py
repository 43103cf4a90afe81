"""Al-Andalus's rule set, the part every other part stands on: its name and options, who
is a Prince and who a Wazir, who may order which unit, and the court a position records.
The other parts (reading.py, waiting.py, movement.py) are mixins of this class, assembled
with the reports in rules.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmbot.engine.orders import OrderError
from gmbot.engine.position import PositionError
from gmbot.engine.report import Mark
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState, Unit
from gmbot.variants.al_andalus.court import (
    Court,
    Wazir,
    check_courts,
    general_unit,
    prince_name,
    wazir_owners,
)
from gmbot.variants.al_andalus.grammar import name_key

if TYPE_CHECKING:
    from gmbot.variants.al_andalus.plan import Plan


class CourtBase(StandardRules):
    name = "al-andalus"
    map_name = "iberia"
    roles = ("wazir",)
    value_options = ("wazir_generals",)

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self.generals = bool(self.options.get("wazir_generals", False))
        self._plan: tuple[str, Plan] | None = None  # reconcile -> after_movement
        self._notes: list[str] = []
        self._marks: list[Mark] = []  # the events of the phase, as _notes (phase_notes)
        self._draws: list[dict[str, object]] = []  # the phase's coin tosses, for the log

    # -- who is who ---------------------------------------------------------------------

    def is_prince(self, state: GameState, key: str) -> bool:
        return key in state.map.powers

    def general_of(self, unit: Unit) -> str | None:
        return unit.attrs.get("general") if self.generals else None

    def role_key(self, state: GameState, text: str) -> str | None:
        key = name_key(text)
        return key if key in (state.extra.get("wazirs") or {}) else None

    def seat_roles(self, state: GameState, roles: dict[str, str]) -> GameState:
        check_courts(state)
        for path, reason in self.position_problems(state):
            raise PositionError(path, reason)
        court = Court.of(state)
        for key, role in roles.items():
            if role == "wazir" and key not in court.wazirs:
                court.wazirs[key] = Wazir(key)
        return court.apply(state)

    def position_problems(self, state: GameState) -> list[tuple[str, str]]:
        owners = wazir_owners(state)
        if owners and not self.generals:
            return [("extra.owners", f"{', '.join(owners)}: a Wazir owns units and centres "
                                     f"only with the option wazir_generals: true")]
        try:  # the courts as a game file's are checked: a court of nobody, negative dinars
            check_courts(state)
        except PositionError as e:
            return [(e.path, e.reason)]
        return []

    def may_order(self, state: GameState, power: str, unit: Unit) -> bool:
        general = self.general_of(unit)
        if general and state.phase.kind != ADJUSTMENT:
            return power == general  # in winter his Prince may remove the unit
        if self.is_prince(state, power):
            return unit.power == power
        wazir = Court.of(state).active(power)
        return (
            wazir is not None and state.phase.kind == MOVEMENT and wazir.court == unit.power
            and not (self.generals and general_unit(state, power))
        )

    @staticmethod
    def _wazir(court: Court, key: str) -> Wazir:
        wazir = court.active(key)
        if wazir is None:
            gone = key in court.wazirs
            raise OrderError("you have been executed" if gone else "you are not a Wazir here")
        return wazir


    def _own_unit(self, state: GameState, wazir: Wazir) -> list[str]:
        """For a Wazir-General: the unit he commands, his own or his Prince's."""
        unit = general_unit(state, wazir.key) if self.generals else None
        if unit is None:
            return []
        if unit.power != wazir.key:
            # The unit is his Prince's on the board, so "Your units" cannot name it.
            return [f"As Wazir-General you command {unit}, a unit of "
                    f"{prince_name(state, unit.power)}: you alone order it in the movement "
                    f"phases."]
        return [f"As Wazir-General you command your own unit {unit} (you alone order it) "
                f"and hold {', '.join(sorted(wazir.centres)) or 'no centre'}."]
