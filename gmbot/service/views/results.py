"""View data for result mails, per recipient. Redaction happens here, once, before any
template sees the data: the public part goes through the rules' `redact` hook for the
viewer, the private part is built only from what belongs to the viewer."""

from __future__ import annotations

from datetime import UTC, datetime

from msgspec.structs import replace

from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.pending import missing_orders
from gmbot.engine.report import (
    GM,
    Bulletin,
    Hidden,
    PhaseReport,
    Row,
    Shown,
    Step,
    marks_seen,
    surprises,
    unhidden,
)
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import MOVEMENT, GameState, Phase, Unit
from gmbot.engine.steps import steps_of_line
from gmbot.gamefile.settings.deadlines import DeadlinePolicy, format_deadline
from gmbot.service.views.shown import (
    BoardRow,
    CentreChange,
    MasterPart,
    MasterView,
    Piece,
    PrivateView,
    PublicView,
    Refused,
    View,
)


def bulletin_of(before: GameState, after: GameState, result: PhaseReport,
                rules: StandardRules) -> Bulletin:
    """Everything the results of a phase tell, for everyone (before redaction); units are
    named by the rules' `unit_label` (a variant's colour...)."""
    units = [*before.units.values(), *(d.unit for d in before.dislodged.values())]
    # A unit that came onto the board during the phase and was ordered there (one a spell
    # raised holds its first turn) is its owner's after it: it stood under "?".
    owner = {**{str(u): u.power for u in after.units.values()},
             **{str(u): u.power for u in units}}
    label = {str(u): rules.unit_label(u) for u in units}
    note = {str(u): rules.unit_note(u) for u in units}
    by_power: dict[str, list[Row]] = {}
    unordered = set(result.unordered)
    # Where a variant's unit executed other than its owner's order as given: the orders
    # given and why (Al-Andalus: an auto-hold, ARREST, PLUNDER, a Wazir's order).
    given, why = result.given, result.why
    kind = before.phase.kind
    for unit, order in result.orders.items():
        code = result.order_results.get(unit, "")
        if unit in unordered and code == "succeeds":
            code = "no_order"  # held for want of an order: the template says NMR
        steps = (tuple(result.steps[unit]) if unit in result.steps
                 else steps_of_line(order, before.map, kind))
        if unit in label and order.startswith(unit):
            order = label[unit] + order[len(unit):]
        by_power.setdefault(owner.get(unit, "?"), []).append(
            Row(unit, order, code, given.get(unit, ""), why.get(unit, ""), steps))
    built_by = {str(u): u.power for u in after.units.values()}  # new units exist only after
    new_label = {str(u): rules.unit_label(u) for u in after.units.values()}
    for power, unit in ((built_by.get(u, "?"), u) for u in result.built):
        by_power.setdefault(power, []).append(
            Row(unit, f"BUILD {new_label.get(unit, unit)}", "succeeds",
                steps=_placed("build", unit)))
    if result.phase.endswith("A"):  # retreat-phase disbands are already orders above
        seen = {str(u): u for u in before.units.values()}
        for unit in result.removed:
            if unit in seen and not rules.shown_to(before, seen[unit], None):
                continue  # a unit the public never saw (Warlock's invisible units)
            by_power.setdefault(owner.get(unit, "?"), []).append(
                Row(unit, f"REMOVE {label.get(unit, unit)}",
                    result.order_results.get(unit, "succeeds"), steps=_placed("remove", unit)))
    return Bulletin(
        orders={p: by_power[p] for p in sorted(by_power)},
        dislodged={u: Shown(d.power, d.attacker_from, d.retreats, label.get(u, u),
                            note.get(u, ""))
                   for u, d in result.dislodged.items()},
        hidden=_hidden_steps(result.hidden_notes, before))


def _placed(kind: str, unit: str) -> tuple[Step, ...]:
    """A build's or a removal's stroke, where the unit ("F BRE") stands."""
    utype, _, loc = unit.partition(" ")
    return (Step(kind, loc, type=utype),)


def _hidden_steps(hidden: Hidden | None, before: GameState) -> Hidden | None:
    """The rules' hidden rows with their strokes: those stored before rows had steps read
    from their order lines."""
    if hidden is None or not (hidden.ghosts or hidden.air):
        return hidden

    def filled(rows: dict[str, list[Row]]) -> dict[str, list[Row]]:
        return {p: [r if r.steps else replace(
            r, steps=steps_of_line(r.order, before.map, before.phase.kind)) for r in rs]
            for p, rs in rows.items()}

    return replace(hidden, ghosts=filled(hidden.ghosts), air=filled(hidden.air))


def told(rules: StandardRules, before: GameState, after: GameState, result: PhaseReport,
         viewer: str | None) -> Bulletin:
    """What `viewer` may read of the phase's results (the rules' `redact` hook), with the
    reasons beside the rows he reads."""
    return _with_reasons(rules.redact(bulletin_of(before, after, result, rules), viewer),
                         result, viewer)


def phase_report(before: GameState, after: GameState, result: PhaseReport,
                 rules: StandardRules, shown: Bulletin | None = None,
                 changes: dict[str, CentreChange] | None = None) -> PublicView:
    """The results of a phase as the templates and the export read them: `shown` (what one
    viewer may read; by default everything, unredacted: the full export's); `changes`,
    the phase's centre_changes when the caller has them."""
    shown = shown or bulletin_of(before, after, result, rules)
    return PublicView(
        phase=result.phase,
        phase_long=Phase.parse(result.phase).long(),
        # Without the rows' keys: a ghost's must not tell it apart (engine/report.py Row).
        orders={p: [replace(r, key="") for r in rows] for p, rows in shown.orders.items()},
        dislodged=shown.dislodged,
        next_phase=result.next_phase,
        next_phase_long=Phase.parse(result.next_phase).long(),
        notes=result.public_notes,
        winner=result.winner,
        eliminated=result.eliminated,
        centre_changes=centre_changes(before, after) if changes is None else changes,
    )


def hidden_units(report: PhaseReport, told: Bulletin) -> set[str]:
    """The units of the report whose rows a viewer's redacted results left out."""
    shown = {row.unit for rows in told.orders.values() for row in rows}
    return set(report.orders) - shown


def _with_reasons(told: Bulletin, result: PhaseReport, viewer: str | None) -> Bulletin:
    """Beside each row the viewer reads whose outcome a standard player would not expect,
    the reason the adjudicator recorded, if the viewer may know it (a row redacted away
    gets none, and no reason names a unit he may not see)."""
    reasons = surprises(result.facts, viewer)
    if not reasons:
        return told  # mostly
    hidden = hidden_units(result, told)
    if hidden:
        reasons = surprises(unhidden(result.facts, hidden, result.named), viewer)
    return replace(told, orders={
        power: [replace(row, why=reasons[row.fact_key()])
                if row.fact_key() in reasons and not row.why else row for row in rows]
        for power, rows in told.orders.items()})


def centre_changes(before: GameState, after: GameState) -> dict[str, CentreChange]:
    """Per owner, the supply centres gained and lost in the phase (public knowledge)."""
    out: dict[str, CentreChange] = {}
    for prov in sorted(set(before.centers) | set(after.centers)):
        old, new = before.centers.get(prov), after.centers.get(prov)
        if old == new:
            continue
        if new is not None:
            out.setdefault(new, CentreChange([], [])).gained.append(prov)
        if old is not None:
            out.setdefault(old, CentreChange([], [])).lost.append(prov)
    return out


def board_summary(
    state: GameState, rules: StandardRules, viewer: str | None = None
) -> list[BoardRow]:
    return Board(state, rules).rows(viewer)


class Board:
    """The board of a position as the results list it: what is the same for every
    viewer (the centres, the units' labels, the counts) read once, and each viewer's rows
    built from it; viewers who see the same units share one list (a results mailing
    asks for every player's)."""

    def __init__(self, state: GameState, rules: StandardRules) -> None:
        self.state, self.rules = state, rules
        self.counts = adjustment_counts(state, rules)
        # Home centres are listed where they can differ from the map's: when the rules
        # change them, or when the game's position set them.
        self.homes = rules.shows_homes() or any(
            set(state.homes.get(k, ())) != set(p.homes) for k, p in state.map.powers.items()
        )
        self.others = rules.other_owners(state)  # owners that are no power (listed after)
        self.off = rules.off_board(state)
        self.owners = [*state.powers, *self.others]
        units: dict[str, list[Unit]] = {p: [] for p in self.owners}
        for u in state.units.values():
            units.setdefault(u.power, []).append(u)
        self.units = units
        centres: dict[str, list[str]] = {p: [] for p in self.owners}
        for c, o in sorted(state.centers.items()):
            centres.setdefault(o, []).append(c)
        self.centres = centres
        # By the unit object: units equal but for their attributes may stand together
        # (one aloft over another).
        self.label = {id(u): rules.unit_label(u)
                      for u in [*state.units.values(), *(u for u, _ in self.off)]}
        self.done: dict[tuple[int, ...], list[BoardRow]] = {}

    def rows(self, viewer: str | None) -> list[BoardRow]:
        """The rows `viewer` (None: the public) may read."""
        state, rules = self.state, self.rules
        label = self.label
        shown = [sorted((u for u in self.units[p] if rules.shown_to(state, u, viewer)),
                        key=lambda u: label[id(u)]) for p in self.owners]
        gm = viewer == GM
        key = (gm, *(id(u) for units in shown for u in (*units, None)))
        if key not in self.done:
            self.done[key] = [row for power, seen in zip(self.owners, shown, strict=True)
                              if (row := self._row(power, seen, gm)) is not None]
        return self.done[key]

    def _row(self, power: str, shown: list[Unit], gm: bool = False) -> BoardRow | None:
        state, rules, label = self.state, self.rules, self.label
        centres = self.centres[power]
        # How many units a power has is public even where some are hidden (a Warlock
        # invisible unit): counted, not named, so that the count adds up with its builds.
        unseen = len(self.units[power]) - len(shown)
        units = [label[id(u)] for u in shown]
        if gm:  # the game master sees every unit, each the players do not all see marked
            units = [f"{name} ({note})" if (note := rules.hidden_note(state, u)) else name
                     for name, u in zip(units, shown, strict=True)]
        # What the picture marks on a unit: one only this viewer sees (a Warlock invisible
        # unit on its owner's map) is "invisible", told by the same hook that hides it.
        pieces = [Piece(u.type, u.loc, rules.unit_note(u),
                        "" if rules.shown_to(state, u, None) else "invisible")
                  for u in shown]
        # A unit off the board (a balloon aloft) is listed and counted as its power's,
        # with the word that says where it is.
        for u, where in self.off:
            if u.power == power:
                units.append(f"{label[id(u)]} ({where})")
                pieces.append(Piece(u.type, u.loc, rules.unit_note(u), where))
        if not (centres or units):
            return None
        name = self.others[power] if power in self.others else state.map.powers[power].name
        return BoardRow(
            power=power, name=name, centres=list(centres), units=units,
            adjust=self.counts.get(power, 0), counted=len(units) + unseen, unseen=unseen,
            homes=sorted(rules.homes_shown(state, power)) if self.homes else None,
            pieces=pieces)


def deadline_text(policy: DeadlinePolicy, deadline: datetime | None, utc: bool = False) -> str:
    """A time as the game reads it: in its time zone; `utc` adds the UTC time in brackets
    (for the GM, whose server logs speak UTC) when the zone is not UTC already."""
    if not deadline:
        return "none"
    text = format_deadline(deadline, policy.tz)
    if utc and deadline.astimezone(policy.tz).utcoffset():
        text += f" ({deadline.astimezone(UTC):%Y-%m-%d %H:%M} UTC)"
    return text


def results_view(
    rules: StandardRules,
    before: GameState,
    after: GameState,
    result: PhaseReport,
    viewer: str | None,
    rejected: list[Refused] | None = None,
) -> View:
    """The data one recipient's results mail is rendered from."""
    return PhaseResults(rules, before, after, result).view(viewer, rejected)


class PhaseResults:
    """A processed phase's results for all its readers: what is the same for every one
    (the results before redaction, the centres that changed, the board) worked out once,
    and each reader's view made from it (a results mailing makes one per player)."""

    def __init__(self, rules: StandardRules, before: GameState, after: GameState,
                 result: PhaseReport) -> None:
        self.rules, self.before, self.after, self.result = rules, before, after, result
        self.bulletin = bulletin_of(before, after, result, rules)
        self.board = Board(after, rules)
        self.changes = centre_changes(before, after)
        self.marks = rules.board_marks(after)
        self.shared: PublicView | None = None  # the report of the bulletin unredacted

    def view(self, viewer: str | None, rejected: list[Refused] | None = None,
             seats: dict[str, list[Refused]] | None = None) -> View:
        """The data `viewer`'s (None: the public's) results mail is rendered from; the
        game master's (GM) lists what each of `seats` (its key -> its refused lines; by
        default the powers, none refused) alone reads."""
        rules, after, result = self.rules, self.after, self.result
        shown = _with_reasons(rules.redact(self.bulletin, viewer), result, viewer)
        if shown is self.bulletin:  # what most readers are told (standard: everyone)
            if self.shared is None:
                self.shared = self._report(shown)
            public = self.shared
        else:
            public = self._report(shown)
        # The variants' events the viewer may see, as the picture draws them.
        public = replace(public, board=self.board.rows(viewer), marks=self.marks,
                         events=marks_seen(result.events, viewer))
        if viewer == GM:  # his copy is the full one: what each power alone was told too
            return View(public, master=self._master(
                seats if seats is not None else dict.fromkeys(after.powers, [])))
        private = None
        if viewer is not None:
            private = private_view(rules, after, viewer, rejected,
                                   result.private_notes.get(viewer, []))
        return View(public, private)

    def _master(self, seats: dict[str, list[Refused]]) -> MasterView:
        """Each power's own section as the game master reads it, in one place a power."""
        rules, after, notes = self.rules, self.after, self.result.private_notes
        # A movement's "to order" is every unit, which his board lists already.
        owing = after.phase.kind != MOVEMENT and not self.result.winner
        parts = {}
        for key in sorted({*seats, *notes}):
            part = MasterPart(
                to_order=missing_orders(after, rules, key, []) if owing else [],
                rejected=seats.get(key, []), told=notes.get(key, []),
                standing=rules.master_lines(after, key))
            if part != MasterPart():
                parts[key] = part
        return MasterView(parts)

    def _report(self, shown: Bulletin) -> PublicView:
        return phase_report(self.before, self.after, self.result, self.rules, shown,
                            self.changes)


def private_view(rules: StandardRules, state: GameState, viewer: str,
                 rejected: list[Refused] | None = None,
                 notes: list[str] | None = None) -> PrivateView:
    """What only `viewer` may read of the position `state`: his units, what he must order,
    his refused lines, the phase's notes for him and the rules' private lines (a balance)."""
    return PrivateView(
        viewer=viewer,
        units=sorted([*(rules.unit_label(u) for u in state.units_of(viewer)),
                      *(f"{rules.unit_label(u)} ({where})"
                        for u, where in rules.off_board(state) if u.power == viewer)]),
        to_order=missing_orders(state, rules, viewer, []),
        rejected=rejected or [],
        extra=(notes or []) + rules.private_lines(state, viewer),
        # A Wazir owns no unit yet orders some: "Your units: none" alone misled a general.
        commands=sorted(rules.unit_label(u) for u in state.units.values()
                        if u.power != viewer and rules.may_order(state, viewer, u)),
    )
