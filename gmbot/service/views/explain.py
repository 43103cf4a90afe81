"""EXPLAIN <unit>: the judge's reasoning for one of the sender's units in one processed
phase, read from the stored report (its facts, engine/report.py) and redacted for him as
his results mail was: a unit he may not see is never named, and asking about it gets the
answer an empty province gets. The game master's (viewer GM) is his full copy's: any unit
of any power, each thing the players may not all see marked as his results mark it. The
answer is typed (`Explained`), so that the handler goes back to an earlier phase on its
status, never by reading the words."""

from __future__ import annotations

import msgspec

from gmbot.engine.map import province_of
from gmbot.engine.report import GM, Bulletin, PhaseReport, Refusal, Row, fact_words, unhidden
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Phase, Unit
from gmbot.engine.steps import steps_of_line
from gmbot.service.views.results import hidden_units, told

# What an answer found: the viewer's units with their rows; only another power's unit
# there; no unit of his there he may see; his unit there, but no row of it this phase (a
# unit that stood through a winter).
FOUND, NOT_YOURS, NONE, NO_ROW = "found", "not yours", "none", "no row"
# What a unit no order reached was ordered, by the kind of phase, and what that made it
# do where no rule gave it another order: it held, or it was disbanded.
NO_ORDER = {"M": ("nothing: no order for it reached the judge", ", so it held"),
            "R": ("nothing: no retreat for it reached the judge", ", so it was disbanded")}


class Explained(msgspec.Struct, frozen=True):
    status: str  # FOUND, NOT_YOURS, NONE or NO_ROW
    phase: str  # the phase explained ("F1901M")
    rows: tuple[str, ...]  # what the viewer reads: one paragraph per unit, or the answer
    # An adjustment phase's build or refusal in a province no unit of his stood in when it
    # began: the unit that was there before (an army that moved out) is asked of too.
    before_it: bool = False
    # Its rows are what the record says of units the phase had no order of (a ghost that
    # faded): sentences that name the phase as the results do, asked of by no order.
    rowless: bool = False

    @property
    def found(self) -> bool:
        return self.status == FOUND

    def text(self) -> str:
        return "\n\n".join(self.rows)


def long_name(phase: str) -> str:
    return f"{Phase.parse(phase).long()} ({phase})"


def units_in(rules: StandardRules, state: GameState) -> list[Unit]:
    """The units a phase was about: on the board, dislodged in a retreat phase, and off
    the board (a Warlock balloon), the board's first where two share a province."""
    return [*state.units.values(), *(d.unit for d in state.dislodged.values()),
            *(u for u, _ in rules.off_board(state))]


def _mine(rules: StandardRules, state: GameState, viewer: str, unit: Unit) -> bool:
    """Whether EXPLAIN tells `viewer` of the unit: his own, one he orders; the GM: any."""
    return viewer == GM or unit.power == viewer or rules.may_order(state, viewer, unit)


def _built(rules: StandardRules, after: GameState, report: PhaseReport) -> list[Unit]:
    """The units the phase built, as they stand after it."""
    made = set(report.built)
    return [u for u in after.units.values() if str(u) in made]


def asked(rules: StandardRules, before: GameState, report: PhaseReport,
          viewer: str, prov: str, word: str = "", *, after: GameState | None = None,
          ended: bool = False) -> list[Unit]:
    """The units a line names for `viewer`: those in `prov` at the start of the phase and
    those the phase made (a ghost, a build) that went there, his own alone (another's was
    nowhere at the start, as a unit that moved there); with a word of the rules'
    (`BALLOON`), only the units it names for him, also by where they were made. `ended`:
    those that were in `prov` at the end of the phase instead (asked of a later phase)."""
    made = [(u, at) for u, at in rules.units_made(before, report)
            if _mine(rules, before, viewer, u)]
    if after is not None:
        made += [(u, u.prov) for u in _built(rules, after, report)
                 if _mine(rules, after, viewer, u)]
    dislodged = set(report.dislodged) if before.phase.kind == "M" else set()
    start = [(u, _end_of(rules, before, after, report, u) if ended else u.prov)
             for u in units_in(rules, before) if not (ended and u.name in dislodged)]
    became = _became(rules, before, after, [u for u, _ in made], viewer, word)
    return [u for u, at in [*start, *made]
            if (at == prov or (word and not ended and u.prov == prov) or (word and not prov))
            and (not word or rules.unit_word(before, u, viewer) == word
                 or (u.power, str(u)) in became)]


def _became(rules: StandardRules, before: GameState, after: GameState | None,
            made: list[Unit], viewer: str, word: str) -> set[tuple[str, str]]:
    """The units (power, name) that the rules' word names once the phase was over and no
    unit of the phase's start or made in it had it already: a unit that rose in a balloon
    this turn is asked of as BALLOON A MUN, as the results list it now."""
    if not word or after is None:
        return set()

    def worded(units: list[Unit], state: GameState) -> set[tuple[str, str]]:
        return {(u.power, str(u)) for u in units if rules.unit_word(state, u, viewer) == word}

    return (worded(units_in(rules, after), after) - worded(units_in(rules, before), before)
            - worded(made, before))


def _end_of(rules: StandardRules, before: GameState, after: GameState | None,
            report: PhaseReport, unit: Unit) -> str:
    """The province a unit of the phase's start stood in once it was over."""
    to = rules.ended_in(before, after, report, unit)[0] if after is not None else ""
    return to or unit.prov


def named(rules: StandardRules, state: GameState, unit: Unit, viewer: str) -> str:
    """The unit as the viewer names it: with the rules' word where it has one; for the GM
    with what the players do not all see of it, as his results mark it."""
    word = rules.unit_word(state, unit, viewer)
    name = f"{word} {rules.unit_label(unit)}" if word else rules.unit_label(unit)
    note = rules.hidden_note(state, unit) if viewer == GM else ""
    return f"{name} ({note})" if note else name


def explain(rules: StandardRules, before: GameState, after: GameState, report: PhaseReport,
            viewer: str, prov: str, word: str = "", *, ended: bool = False,
            aimed: bool = False, utype: str | None = None,
            refused: tuple[Refusal, ...] = ()) -> Explained:
    """The reasoning for the units `prov` (and `word`) name, as `viewer` (a player's key;
    GM: the game master, who reads the full copy) may read it: each of his there, when two
    of his share the name (a balloon over his army). `ended`: the units that ended the
    phase in `prov` (the handler's way back from a later phase that had no row of his).
    `aimed`: instead, his units whose order moved them, or tried to, to `prov` (a player
    names a unit by where he sent it). `utype`: the kind the line wrote (A, F); of two of
    his there, the one of that kind, else the unit there whatever its kind (the unit
    meant: a fleet written for an army). `refused`: the viewer's lines refused when he
    sent them (kept with his orders), told with those the phase refused, in an adjustment
    phase: a build refused in `prov`."""
    phase = long_name(report.phase)
    shown = told(rules, before, after, report, viewer)
    units = [u for u in (_aimed_at(rules, before, shown, viewer, prov) if aimed else
                         asked(rules, before, report, viewer, prov, word, after=after,
                               ended=ended))
             if rules.shown_to(before, u, viewer if _mine(rules, before, viewer, u) else None)
             and (not ended or _seen_after(rules, after, viewer, prov))]
    mine = [u for u in units if _mine(rules, before, viewer, u)]
    if not prov or ended:
        # The rules' word alone (EXPLAIN BALLOON): his own, wherever they are. Asked by
        # where they went: his own too, for another's would answer differently for a
        # unit that moved there and for one made unseen (a ghost, told as a real move).
        units = mine
    if utype and not ended and not aimed and not any(u.type == utype for u in mine):
        # The kind written fits none of his that stood there: the unit of that kind that
        # ended there is the one meant (F MOS for the fleet that swam in as A MOS left).
        went = [u for u in asked(rules, before, report, viewer, prov, word, after=after,
                                 ended=True)
                if u.type == utype and _mine(rules, before, viewer, u)
                and rules.shown_to(before, u, viewer)]
        units, mine = (went, went) if went else (units, mine)
    mine = [u for u in mine if u.type == utype] or mine
    refusals = _refused(report, refused, viewer, prov) if not (ended or aimed) else []
    if not units and not refusals:
        # An invisible unit of another power is answered as no unit: nothing told.
        whose = "" if viewer == GM else " of yours"
        where = f" in {prov}" if prov else ""
        return Explained(NONE, report.phase,
                         (f"There was no {word.lower() or 'unit'}{whose}{where} in {phase}.",))
    if not mine and not refusals:
        return Explained(NOT_YOURS, report.phase, (
            f"{named(rules, before, units[0], viewer)} was not one of your units in "
            f"{phase}: EXPLAIN tells the reasoning for your own units.",))
    found = [(u, _row(rules, shown, u)) for u in mine]
    rows = [_reasoning(rules, before, after, report, shown, viewer, u, r, phase)
            for u, r in found if r is not None]
    rowless = [_rowless(rules, before, report, shown, viewer, u)
               for u, r in found if r is None and report.reasoned]
    rowless = [r for r in rowless if r]
    only_rowless = bool(rowless) and not rows and not refusals
    rows = [r for r in rows if r] + rowless
    rows += [f"Your order {r.order} was refused in {phase}: {r.reason}." for r in refusals]
    if not rows:
        return Explained(NO_ROW, report.phase, tuple(
            f"The results of {phase} have no order of {named(rules, before, u, viewer)}."
            for u in mine))
    stood = any(u.prov == prov and _mine(rules, before, viewer, u)
                for u in units_in(rules, before))
    return Explained(FOUND, report.phase, tuple(rows),
                     before_it=bool(prov) and report.phase.endswith("A") and not stood,
                     rowless=only_rowless)


def _rowless(rules: StandardRules, before: GameState, report: PhaseReport, shown: Bulletin,
             viewer: str, unit: Unit) -> str:
    """What the phase did to a unit it had no order of, where its record says (a ghost
    that faded at the year's end in a retreat phase), or "": a sentence, the unit its
    subject ("Your ghost F EDI faded into mist ..."), the facts' words written to follow
    its name (engine/report.py's Fact)."""
    facts = unhidden(report.facts_of(rules.fact_key(unit), viewer),
                     hidden_units(report, shown), report.named)
    if not facts:
        return ""
    whose = f"{unit.power}'s" if viewer == GM else "Your"  # the GM's: any power's
    word = rules.unit_word(before, unit, viewer).lower()
    subject = " ".join(w for w in (whose, word, rules.unit_label(unit)) if w)
    return f"{subject} {'; '.join(fact_words(f, viewer) for f in facts)}."


def _seen_after(rules: StandardRules, after: GameState, viewer: str, prov: str) -> bool:
    """Whether the viewer may see the unit that stands in `prov` once the phase is over:
    one asked by where it went is not told him if it went there unseen (an invisible
    move)."""
    there = after.units.get(prov)
    return there is None or rules.shown_to(
        after, there, viewer if _mine(rules, after, viewer, there) else None)


def _refused(report: PhaseReport, refused: tuple[Refusal, ...], viewer: str,
             prov: str) -> list[Refusal]:
    """The viewer's builds (and other orders of an adjustment phase) refused in `prov`,
    when sent or when the phase ran: no unit stands there to ask about, yet it was what
    he ordered."""
    if not report.phase.endswith("A"):
        return []
    out: dict[str, Refusal] = {}
    for r in [*report.errors, *refused]:
        # His own alone: the results list a refused line in its sender's copy only (the
        # GM's copy has none).
        if r.province == prov and r.power == viewer:
            out.setdefault(r.order, r)
    return list(out.values())


def _aimed_at(rules: StandardRules, before: GameState, shown: Bulletin, viewer: str,
              prov: str) -> list[Unit]:
    """The viewer's units of the phase whose row, as he reads it, moved them or tried to
    to `prov`: by the order carried out, or by the one given where a rule made it carry
    out another (an auto-hold)."""
    gmap, kind = before.map, before.phase.kind
    out = []
    for unit in units_in(rules, before):
        row = _row(rules, shown, unit) if _mine(rules, before, viewer, unit) else None
        if row is None:
            continue
        steps = [*row.steps, *(steps_of_line(row.given, gmap, kind) if row.given else ())]
        if any(s.kind in ("move", "retreat") and province_of(s.to) == prov for s in steps):
            out.append(unit)
    return out


def _row(rules: StandardRules, shown: Bulletin, unit: Unit) -> Row | None:
    """The unit's row among its power's: in a retreat phase another power's unit of the
    same name (the dislodged one, the one that moved in) is not it."""
    key = rules.fact_key(unit)
    return next((r for r in shown.orders.get(unit.power, []) if r.fact_key() == key), None)


def _reasoning(rules: StandardRules, before: GameState, after: GameState, report: PhaseReport,
               shown: Bulletin, viewer: str, unit: Unit, row: Row, phase: str) -> str:
    name = named(rules, before, unit, viewer)
    key = rules.fact_key(unit)
    # No order reached it (an NMR): it held, and the results say "no order: holds".
    unordered = row.result == "no_order" or key in report.unordered
    kind = before.phase.kind
    ordered = row.given or row.order
    if unordered and kind in NO_ORDER:
        none, so = NO_ORDER[kind]
        ordered = none if row.given else none + so  # given: a rule's order, told below
    # The GM's heads its power: two powers' units may share the name (EXPLAIN A VEN for
    # Italy's army dislodged and Austria's that moved in).
    head = f"{unit.power}'s {name}" if viewer == GM else name
    lines = [f"{head} in {phase}:", f"  ordered: {ordered}"]
    if row.given:
        lines.append(f"  carried out: {row.order} ({row.why})")
    result = "held" if row.result == "no_order" else row.result.replace("_", " ")
    lines.append(f"  result: {result}")
    if row.order.startswith("BUILD "):
        lines.append(f"  it was built in {unit.prov} in this phase: a new unit")
        return "\n".join(lines)
    where = rules.ended_in(before, after, report, unit)[1]
    if where:
        lines.append(f"  it ended in {where}")
    if not report.reasoned:
        lines.append("  (This phase was processed before the judge kept its reasoning: "
                     "only its result is known.)")
        return "\n".join(lines)
    # A reason the "carried out" line gives already is not told twice.
    facts = [f for f in unhidden(report.facts_of(key, viewer), hidden_units(report, shown),
                                 report.named) if not (row.given and f.words == row.why)]
    lines += [f"  - {fact_words(f, viewer)}" for f in facts]
    if not facts and unordered:
        if kind == "M" and not row.given:
            lines.append("  Nobody attacked it: it stayed where it was.")
    elif not facts and not row.given:
        lines.append("  Nothing opposed it and no rule changed it: it went as ordered.")
    return "\n".join(lines)
