"""Typed orders. A unit is named by its type and location; `utype` is None when the player
left it out and the checker has not yet filled it in from the board."""

from __future__ import annotations

from dataclasses import dataclass, field

from gmbot.engine.map import province_of
from gmbot.engine.slots import slot_setters


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)  # frozen: derived fields are set once, here


# The movement orders, made for every unit of every phase, have hand-written __init__s
# (dataclass keeps them) with the same parameters as the generated ones: those call
# __post_init__ and a helper per derived field, about twice the cost. Other orders, and
# variants' own Order subclasses, keep the generated __init__ and Order.__post_init__.
# The movement orders also keep their text (str(order)) in a derived field `text`: every
# result prints every unit's order, and parsed orders are shared by the cases that give
# the same line. A subclass's generated __init__ reaches the hand-written one through
# __post_init__, which sets the derived fields again from the ones it was given.
# The hand-written ones set each slot through its own setter (see gmbot.engine.slots).


@dataclass(frozen=True, slots=True)
class Order:
    power: str
    utype: str | None
    loc: str
    # The unit's province, derived once: it is read many times per phase.
    prov: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _set(self, "prov", province_of(self.loc))

    @property
    def unit_text(self) -> str:
        return f"{self.utype or '?'} {self.loc}"


_power, _utype, _loc, _prov = slot_setters(Order, "power", "utype", "loc", "prov")

@dataclass(frozen=True, slots=True)
class Hold(Order):
    text: str = field(init=False, repr=False, compare=False)

    def __init__(self, power: str, utype: str | None, loc: str) -> None:
        _power(self, power)
        _utype(self, utype)
        _loc(self, loc)
        _prov(self, loc.partition("/")[0])
        _hold_text(self, f"{utype or '?'} {loc} H")

    def __post_init__(self) -> None:
        Hold.__init__(self, self.power, self.utype, self.loc)

    def __str__(self) -> str:
        return self.text


(_hold_text,) = slot_setters(Hold, "text")


@dataclass(frozen=True, slots=True)
class Move(Order):
    dest: str  # province, or PROV/COAST for a fleet
    via_convoy: bool = False
    dest_prov: str = field(init=False, repr=False, compare=False)
    text: str = field(init=False, repr=False, compare=False)

    def __init__(
        self, power: str, utype: str | None, loc: str, dest: str, via_convoy: bool = False
    ) -> None:
        _power(self, power)
        _utype(self, utype)
        _loc(self, loc)
        _prov(self, loc.partition("/")[0])
        _move_dest(self, dest)
        _move_via(self, via_convoy)
        _move_dest_prov(self, dest.partition("/")[0])
        via = " VIA CONVOY" if via_convoy else ""
        _move_text(self, f"{utype or '?'} {loc} - {dest}{via}")

    def __post_init__(self) -> None:
        # Not called by the __init__ above; a subclass's generated __init__ calls it.
        Move.__init__(self, self.power, self.utype, self.loc, self.dest, self.via_convoy)

    def __str__(self) -> str:
        return self.text


_move_dest, _move_via, _move_dest_prov, _move_text = slot_setters(
    Move, "dest", "via_convoy", "dest_prov", "text"
)


@dataclass(frozen=True, slots=True)
class SupportHold(Order):
    target_type: str | None
    target: str  # province of the supported unit
    text: str = field(init=False, repr=False, compare=False)

    def __init__(
        self, power: str, utype: str | None, loc: str, target_type: str | None, target: str
    ) -> None:
        _power(self, power)
        _utype(self, utype)
        _loc(self, loc)
        _prov(self, loc.partition("/")[0])
        _sh_target_type(self, target_type)
        _sh_target(self, target)
        _sh_text(self, f"{utype or '?'} {loc} S {target_type or '?'} {target}")

    def __post_init__(self) -> None:
        SupportHold.__init__(self, self.power, self.utype, self.loc, self.target_type,
                             self.target)

    def __str__(self) -> str:
        return self.text


_sh_target_type, _sh_target, _sh_text = slot_setters(SupportHold, "target_type", "target", "text")


@dataclass(frozen=True, slots=True)
class SupportMove(Order):
    target_type: str | None
    target: str  # province the supported unit moves from
    dest: str  # where it moves to; a coast only if the player named one
    dest_prov: str = field(init=False, repr=False, compare=False)
    text: str = field(init=False, repr=False, compare=False)

    def __init__(
        self, power: str, utype: str | None, loc: str, target_type: str | None, target: str,
        dest: str,
    ) -> None:
        _power(self, power)
        _utype(self, utype)
        _loc(self, loc)
        _prov(self, loc.partition("/")[0])
        _sm_target_type(self, target_type)
        _sm_target(self, target)
        _sm_dest(self, dest)
        _sm_dest_prov(self, dest.partition("/")[0])
        _sm_text(self, f"{utype or '?'} {loc} S {target_type or '?'} {target} - {dest}")

    def __post_init__(self) -> None:
        # Not called by the __init__ above; a subclass's generated __init__ calls it.
        SupportMove.__init__(self, self.power, self.utype, self.loc, self.target_type,
                             self.target, self.dest)

    def matches(self, move: Order) -> bool:
        """A support without a coast fits a move to either coast; one naming a coast
        fits only a move to that coast (DATC 6.B.7, 6.B.9)."""
        if "/" not in self.dest or not isinstance(move, Move):
            return True
        return "/" not in move.dest or move.dest == self.dest

    def __str__(self) -> str:
        return self.text


_sm_target_type, _sm_target, _sm_dest, _sm_dest_prov, _sm_text = slot_setters(
    SupportMove, "target_type", "target", "dest", "dest_prov", "text"
)


@dataclass(frozen=True, slots=True)
class Convoy(Order):
    target: str  # province of the convoyed army
    dest: str
    text: str = field(init=False, repr=False, compare=False)

    def __init__(self, power: str, utype: str | None, loc: str, target: str, dest: str) -> None:
        _power(self, power)
        _utype(self, utype)
        _loc(self, loc)
        _prov(self, loc.partition("/")[0])
        _convoy_target(self, target)
        _convoy_dest(self, dest)
        _convoy_text(self, f"{utype or '?'} {loc} C A {target} - {dest}")

    def __post_init__(self) -> None:
        Convoy.__init__(self, self.power, self.utype, self.loc, self.target, self.dest)

    def __str__(self) -> str:
        return self.text


_convoy_target, _convoy_dest, _convoy_text = slot_setters(Convoy, "target", "dest", "text")


@dataclass(frozen=True, slots=True)
class Retreat(Order):
    dest: str

    @property
    def dest_prov(self) -> str:
        return province_of(self.dest)

    def __str__(self) -> str:
        return f"{self.unit_text} R {self.dest}"


@dataclass(frozen=True, slots=True)
class Disband(Order):
    """Disband in a retreat phase."""

    def __str__(self) -> str:
        return f"{self.unit_text} D"


@dataclass(frozen=True, slots=True)
class Build(Order):
    def __str__(self) -> str:
        return f"BUILD {self.unit_text}"


@dataclass(frozen=True, slots=True)
class Remove(Order):
    def __str__(self) -> str:
        return f"REMOVE {self.unit_text}"


@dataclass(frozen=True, slots=True)
class Waive(Order):
    """Give up one build. `utype` and `loc` are empty."""

    def __str__(self) -> str:
        return "WAIVE"


MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Remove, Waive)


class OrderError(ValueError):
    """An order line that cannot be accepted; the message is the reason shown to the player.
    `unit`: the province of the unit the grammar had read the line as the order for before
    its mistake, if it had (grammar.py marks it): what a later line may correct
    (corrections.py)."""

    unit: str | None = None
