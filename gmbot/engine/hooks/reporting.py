"""The reporting hooks: how units are named and keyed, what each recipient of the results
may see, the marks and off-board units pictures draw, and a phase's variant notes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmbot.engine.build_tally import BuildTally, tally_words
from gmbot.engine.state import GameState, Unit

if TYPE_CHECKING:
    from gmbot.engine.report import Bulletin, PhaseReport
    from gmbot.engine.resolve import Resolution
    from gmbot.engine.result import PhaseResult


class ReportingHooks:
    """What the results say and to whom (standard Diplomacy hides nothing)."""

    def unit_note(self, unit: Unit) -> str:
        """What a variant adds to a unit's name ("red", "Wazir-General X"): written after
        it in brackets, and drawn beside it on the map."""
        return ""

    def unit_label(self, unit: Unit) -> str:
        """How a unit is written in results and summaries: "A PAR (red)"."""
        note = self.unit_note(unit)
        return f"{unit} ({note})" if note else str(unit)

    def fact_key(self, unit: Unit) -> str:
        """What the unit's row and facts are keyed by: its name, unless a variant's unit
        may share it with another (a Warlock ghost beside its real unit)."""
        return str(unit)

    def unit_words(self) -> dict[str, str]:
        """The words a player may write beside a unit to name one of two that share a
        province or a name (`EXPLAIN BALLOON A PAR`), each with the word of `unit_word` it
        means (`AIR` and `ALOFT` a balloon): the same whatever units there are, so that how
        a line is read tells nothing. Standard: none."""
        return {}

    def unit_word(self, state: GameState, unit: Unit, viewer: str | None) -> str:
        """The word of `unit_words` that names `unit` for `viewer` (None: the public), as
        his results name it, or "" (a word only its owner may know is his alone)."""
        return ""

    def units_made(self, before: GameState, report: PhaseReport) -> list[tuple[Unit, str]]:
        """Units the phase made that have rows of their own, named as the rows name them
        (a Warlock ghost cast this turn), each with the province where it went: EXPLAIN
        answers its owner about it there. Standard: none."""
        return []

    def ended_in(self, before: GameState, after: GameState, report: PhaseReport,
                 unit: Unit) -> tuple[str, str]:
        """Where a unit of the phase (as EXPLAIN names it) stood once the phase was over,
        where its order moved it: the province and how EXPLAIN's "it ended in" says it
        ("BUR", "the air over BUR"), or ("", "") where it did not move. Standard: the
        phase's moves, by the unit's name; a unit keyed otherwise (a balloon over an army
        of its name) is not the unit that moved."""
        to = report.moves.get(unit.name, "") if self.fact_key(unit) == unit.name else ""
        return to.partition("/")[0], to

    def result_code(self, res: Resolution, i: int) -> str:
        """The result word shown for unit i's order after a movement phase."""
        return res.result_code(i)

    def redact(self, report: Bulletin, viewer: str | None) -> Bulletin:
        """The phase's results as `viewer` (a power or role key; None for the public and
        the observers; engine/report.py's GM for the game master, who reads everything,
        each row the players may not all read marked so) may read them, `hidden` taken
        out. Standard Diplomacy hides nothing."""
        return report

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        """Extra lines only `viewer` sees (balances, spells left, hidden units...)."""
        return []

    def build_tally_words(self, state: GameState, tally: BuildTally) -> str:
        """What the power's own section of a winter's results (`state` the winter's) says
        of builds its orders did not make: "You could build 2 and built 1: the other
        build was not used (waived).", or "" (every build made or waived by an order). A
        variant whose builds are not the power's to order (voted) says nothing, or its own
        truth. Standard: engine/build_tally.py's words."""
        return tally_words(tally)

    def master_lines(self, state: GameState, viewer: str) -> list[str]:
        """What the game master's copy lists under `viewer`'s name of what `private_lines`
        tells only him, beside his refused lines and what he owes (one place per power):
        a variant leaves out what the GM's board already shows (a unit the others do not
        see, marked there) and may write a line for the GM. Standard: `private_lines` as
        they are."""
        return self.private_lines(state, viewer)

    def open_seat_words(self, state: GameState, key: str) -> str:
        """What the seat of `key` (a power or a role player) is while nobody plays it, in a
        player's words, the power named: the notice of an opened seat (every player's and
        the GM's) says it. Standard: civil disorder, the rulebook's own rule said plainly
        (a variant whose civil disorder differs overrides this or `disorder_removals`)."""
        return (f"Until a new player takes it over, {key} is in civil disorder: it sends no "
                "orders, so its units hold, it builds nothing, and the removals it owes are "
                f"made {self.disorder_removals(state, key)}.")

    def disorder_removals(self, state: GameState, key: str) -> str:
        """How civil disorder picks the removals `key` owes, as the notice of an opened
        seat ends "the removals it owes are made ..." (it says what `disband_priority`
        does). Standard: by distance from the home centres."""
        return "by distance from its home centres, the farthest unit first"

    def other_owners(self, state: GameState) -> dict[str, str]:
        """Keys besides the map's powers that own units or centres in `state` (a variant's
        role player: Al-Andalus's free Wazir-General), key -> name; results list them
        after the powers. Standard: none."""
        return {}

    def board_marks(self, state: GameState) -> dict[str, list[str]]:
        """Marks on provinces that pictures of the board show, province -> marks (a
        Capitalist capital: "capital"). Standard: none."""
        return {}

    def shows_homes(self) -> bool:
        """Whether results list each power's home centres (they change in the game)."""
        return False

    def homes_shown(self, state: GameState, power: str) -> set[str]:
        """The home centres the results list for `power` where they list homes: those it
        builds in, which every player may work out from the board. Standard: the
        position's; a variant whose rule makes another centre a home (a capital taken)
        lists it too."""
        return set(state.homes.get(power, ()))

    def shown_to(self, state: GameState, unit: Unit, viewer: str | None) -> bool:
        """Whether `viewer` (None: the public; GM: the game master, who sees every unit)
        sees `unit` on the board."""
        return True

    def hidden_note(self, state: GameState, unit: Unit) -> str:
        """What the game master's copy writes beside a unit the players do not all see as
        it is ("invisible: only TURKEY sees it"), or "". Standard: nothing is hidden."""
        return ""

    def off_board(self, state: GameState) -> list[tuple[Unit, str]]:
        """Units of the game that stand on no province, each with the word that says where
        (a Warlock balloon: "aloft"), seen by everyone: results list and count them with
        their power's units, pictures draw them there. Standard: none."""
        return []

    def phase_notes(self, result: PhaseResult) -> None:  # noqa: B027 (standard: no notes)
        """Last word on a phase's result: a variant fills `result.notes` ("public",
        "private", "random", "hidden") and may tidy the result (its own bookkeeping in
        `result.after.extra`); called once per phase, after everything else. The phase's
        state as given and its accepted orders are `result.start` and `result.accepted`."""
