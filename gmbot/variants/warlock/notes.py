"""The phase's report from the turn record: rows as the players ordered them, refused
lines, public and private notes, the rows only their owner may see."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

import gmbot.variants.warlock.after as aftermath
from gmbot.engine.map import province_of
from gmbot.engine.orders import Hold, Order
from gmbot.engine.result import Rejection
from gmbot.engine.state import MOVEMENT, RETREAT
from gmbot.engine.steps import steps_of_line
from gmbot.variants.warlock import reasons
from gmbot.variants.warlock.balloon import aloft
from gmbot.variants.warlock.log import TURN, with_turn
from gmbot.variants.warlock.retreats import blocked_retreats, ghosts_met, list_hidden_places
from gmbot.variants.warlock.spells import Cast

if TYPE_CHECKING:
    from gmbot.engine.result import PhaseResult
    from gmbot.engine.rules import StandardRules


def phase_notes(rules: StandardRules, result: PhaseResult) -> None:
    """Turn the turn record into the report; the record itself is never stored."""
    if result.before.phase.kind == MOVEMENT:
        list_hidden_places(result, rules)
    bounced = blocked_retreats(result) if result.before.phase.kind == RETREAT else []
    met = ghosts_met(result) if result.before.phase.kind == RETREAT else []
    if bounced or met:
        state, _ = with_turn(result.after)
        result.after = state
    turn = result.after.extra.get(TURN)
    if turn is None:
        hide_retreats(result)
        return
    for name, prov in bounced:
        result.results[name] = "bounced"
        unit = result.after.units.get(prov)
        if unit is not None and unit.attrs.get("invisible"):
            result.after = aftermath.reveal_unit(result.after, turn, unit,
                                                f"{name} retreating to {prov} bounced off it")
    for prov, ghost in met:
        result.after = aftermath.ghost_met_in_retreat(result.after, turn, prov, ghost)
    patch_rows(result, turn)
    _ordered_by_spells(result, turn)
    for power, line, why in turn["refused"]:
        result.rejected.append(Rejection(power, line, why))
    hidden_rows = still_hidden(result, turn)
    unseen = unseen_dislodged(result)
    up = aloft(result.after)
    if up and result.before.phase.kind == MOVEMENT:
        turn["public"].append("In the air: " + ", ".join(
            f"{u} ({result.after.map.powers[u.power].name})" for u in up.values()))
    # Another layer's lines (an option's) stay: the spells' lines come first.
    result.notes["public"] = [*turn["public"], *result.notes.get("public", [])]
    result.marks.extend(turn.get("marks", ()))
    _landed_facts(result, turn)
    result.facts.extend(turn.get("facts", ()))
    private = {p: list(v) for p, v in turn["private"].items()}
    for power, lines in (result.notes.get("private") or {}).items():
        private.setdefault(power, []).extend(lines)
    result.notes["private"] = private
    if turn["random"]:
        result.notes["random"] = list(turn["random"])
    if result.before.phase.kind == RETREAT:
        hidden_rows = retreat_rows(result)
    if hidden_rows or turn["ghost_rows"] or turn["air_rows"] or unseen:
        result.notes["hidden"] = {"rows": hidden_rows, "ghosts": turn["ghost_rows"],
                                  "air": turn["air_rows"], "dislodged": unseen}
    result.after = result.after.with_(
        extra={k: v for k, v in result.after.extra.items() if k != TURN})
    result.before = result.before.with_(
        extra={k: v for k, v in result.before.extra.items() if k != TURN})


def _landed_facts(result: PhaseResult, turn: dict[str, Any]) -> None:
    """The battle's facts of a balloon that came down before it (it held where it landed)
    go by the balloon's key, as its row does (naming.py)."""
    keys = {r["unit"]: r["key"] for rows in turn["air_rows"].values() for r in rows
            if r.get("key", r["unit"]) != r["unit"]}
    landed = {name: keys[name] for name in turn.get("landed", ()) if name in keys}
    if landed:
        result.facts = [replace(f, unit=landed[f.unit]) if f.unit in landed else f
                        for f in result.facts]


def still_hidden(result: PhaseResult, turn: dict[str, Any]) -> dict[str, list[str]]:
    """Rows (by the unit's name at the start) of units still invisible at the end, on the
    board or dislodged."""
    out: dict[str, list[str]] = {}
    for power, names in turn["hidden_rows"].items():
        for name in names:
            start = turn["rename"].get(name, name)
            loc = result.moves.get(start) or start.split()[-1]
            unit = result.after.units.get(province_of(loc))
            entry = result.after.dislodged.get(province_of(loc))
            if entry is not None and entry.unit.power == power and str(entry.unit) == start:
                unit = entry.unit  # dislodged where it stood
            if unit is not None and unit.power == power and unit.attrs.get("invisible"):
                out.setdefault(power, []).append(start)
    return {p: sorted(set(v)) for p, v in out.items()}


def unseen_dislodged(result: PhaseResult) -> list[str]:
    """Dislodged units still invisible: their retreats are their owner's to see."""
    return sorted(str(d.unit) for d in result.after.dislodged.values()
                  if d.unit.attrs.get("invisible"))


def retreat_rows(result: PhaseResult) -> dict[str, list[str]]:
    """A retreat phase's rows of invisible units (the ruling: being dislodged does not
    show one): its retreat or disbanding is its owner's to read. A retreat that bounced
    with another unit's is seen (the text's event) and stays public."""
    out: dict[str, list[str]] = {}
    for entry in result.before.dislodged.values():
        unit = entry.unit
        name = str(unit)
        if unit.attrs.get("invisible") and name in result.orders \
                and result.results.get(name) != "bounced":
            out.setdefault(unit.power, []).append(name)
    return {p: sorted(v) for p, v in out.items()}


def hide_retreats(result: PhaseResult) -> None:
    """A retreat phase without a turn record: only the invisible units' rows to hide."""
    if result.before.phase.kind != RETREAT:
        return
    rows = retreat_rows(result)
    if rows:
        result.notes["hidden"] = {"rows": rows, "ghosts": {}, "air": {}, "dislodged": []}


def patch_rows(result: PhaseResult, turn: dict[str, Any]) -> None:
    """The report's rows as the players ordered them: units the resolver never saw
    (vaporized, dislodged by a first leg), supports cut by a spell, double orders under
    the unit's name at the start of the turn, illusions as written."""
    # All rows are taken out before any is put back: when first legs chain (A LVP - EDI
    # while A EDI - YOR), one unit's new name is another's old one.
    rows: dict[str, tuple[str, str]] = {}
    moves: dict[str, str] = {}
    for new, old in turn["rename"].items():
        if new in result.orders:
            rows[old] = (result.orders.pop(new), result.results.pop(new))
        moves[old] = result.moves.pop(new, "") or new.split()[-1]
    for old, (text, code) in rows.items():
        result.orders[old], result.results[old] = text, code
    result.moves.update(moves)
    for name, (text, code) in turn["rows"].items():
        result.orders[name] = text
        result.results[name] = code
    for name, text in turn.get("shown", {}).items():
        if name in result.orders:
            result.orders[name] = text
    _double_rows(result, turn)
    for name, code in turn.get("lost", {}).items():
        if name in result.results:
            result.results[name] = code
    for name in turn.get("landed", ()):
        # A balloon that came down before the battle: its row is the balloon's. A row the
        # spells wrote under that name is the ground unit's that stood there (vaporized,
        # destroyed by the bottle) and stays.
        if name in turn["rows"]:
            continue
        result.orders.pop(name, None)
        result.results.pop(name, None)
    for name in list(result.orders):
        if name.startswith("#"):
            del result.orders[name]
            result.results.pop(name, None)
    private_lines = turn["private"]
    for power, lines in private_lines.items():
        private_lines[power] = list(dict.fromkeys(lines))


def _double_rows(result: PhaseResult, turn: dict[str, Any]) -> None:
    """A double-ordered unit's row: both legs under its name at the start of the turn."""
    for name, (argument, first_code, has_then, first, then) in turn.get("legs", {}).items():
        if name not in result.orders:
            continue
        reasons.carried_two_orders(turn, name)
        moved = name in turn["rename"].values()
        second = result.orders[name]
        # The row is not one order of the judge's grammar: its strokes are the cast's legs
        # and, where the row goes on, the order carried out after them.
        if has_then and (moved or first_code != "succeeds"):
            result.orders[name] = argument
            if not moved:
                result.results[name] = first_code
            result.steps[name] = [*first, *then]
            continue
        result.orders[name] = (f"{argument}, then {second}" if moved
                               else f"{argument} ({first_code}), then {second}")
        result.steps[name] = [*first, *steps_of_line(second, result.before.map, MOVEMENT)]


def _ordered_by_spells(result: PhaseResult, turn: dict[str, Any]) -> None:
    """A unit ordered by its owner's spell (make invisible, walk on water or swim in land
    with a move, a double order) was ordered: its row must not read "no order". A unit
    that made a ghost this turn was ordered by the cast too, so that the real unit and its
    ghost read alike; a ghost its owner did not order reads "no order" as a real unit
    does."""
    if result.before.phase.kind != MOVEMENT:
        return
    carried: list[Order] = []
    for cast in result.accepted:
        if not isinstance(cast, Cast) or cast.order is None or not cast.order.loc:
            continue
        if cast.spell == "ghost":
            order = cast.order
            carried.append(Hold(order.power, order.utype, order.loc))
        elif cast.order.power == cast.power:
            carried.append(cast.order)
    result.accepted = [*result.accepted, *carried]
    given = {(o.power, o.prov) for o in result.accepted if o.loc}
    for power, rows in turn["ghost_rows"].items():
        for row in rows:
            prov = province_of(row["unit"].split()[-1])
            if row["order"].endswith(" H") and (power, prov) not in given:
                row["result"] = "no_order"
