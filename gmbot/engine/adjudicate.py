"""One phase, start to finish: accept order lines, reconcile, resolve, and advance the game
to its next phase (skipping retreat and adjustment phases with nothing to do)."""

from __future__ import annotations

from gmbot.engine.adjust import adjustment_counts, has_adjustments, resolve_adjustments
from gmbot.engine.build_tally import tallies
from gmbot.engine.check import check_order
from gmbot.engine.facts import movement_facts
from gmbot.engine.orders import (
    Build,
    Convoy,
    Hold,
    Move,
    Order,
    OrderError,
    Remove,
    SupportHold,
    SupportMove,
)
from gmbot.engine.parse import OrderParser
from gmbot.engine.resolve import Resolution
from gmbot.engine.result import PhaseResult, Rejection
from gmbot.engine.retreat import resolve_retreats, retreat_options
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import (
    ADJUSTMENT,
    MOVEMENT,
    RETREAT,
    Dislodged,
    GameState,
    Unit,
    plain_unit,
)


def accept_orders(
    state: GameState, rules: StandardRules, power: str, lines: list[str],
    parser: OrderParser | None = None, shared: bool = False,
) -> tuple[list[Order], list[Rejection]]:
    """Parse and check one power's order lines; a later order for a unit replaces an earlier
    one. `shared`: see `read_orders`."""
    kept, rejected, line_of = read_orders(state, rules, power, lines, parser, shared)
    if "check_set" in rules.keeps:
        return kept, rejected  # the standard hook refuses nothing
    kept, refused = refuse_in_set(state, rules, power, kept, line_of)
    return kept, rejected + refused


def read_orders(
    state: GameState, rules: StandardRules, power: str, lines: list[str],
    parser: OrderParser | None = None, shared: bool = False,
    places: dict[int, int] | None = None,
) -> tuple[list[Order], list[Rejection], dict[int, str]]:
    """Each line parsed and checked alone (a later order for a unit replaces an earlier
    one), before the rules' `check_set`: the orders, the refused lines, and the line of
    each order by its id. `shared`: lines in the standard grammar may give order objects
    parsed before (`OrderParser.parse_shared`), for a caller that keeps no identities;
    then, under the standard check_set (it refuses nothing), no lines are kept by id.
    `places`, when given, gets the place of each order's line by its id (a refused line
    has its own, `Rejection.at`): which line came later (corrections.py)."""
    parser = parser or OrderParser.for_map(state.map)
    parse = parser.parse_shared if shared else parser.parse
    # The standard hook (no grammar of its own) is not called for every line.
    extra_grammar = "parse_extra" not in rules.keeps
    kind = state.phase.kind
    adjusting = kind == ADJUSTMENT
    check = check_order  # bound once: this loop runs for every order line
    accepted: dict[str, Order] = {}
    extra: list[Order] = []
    rejected: list[Rejection] = []
    line_of: dict[int, str] = {}  # order id -> its line, for check_set's refusals
    keep_lines = not shared or "check_set" not in rules.keeps
    for at, line in enumerate(lines):
        try:
            order = rules.parse_extra(parser, line, power, state) if extra_grammar else None
            if order is None:
                order = check(parse(line, power, kind), state, rules)
        except OrderError as e:
            rejected.append(Rejection(power, line, str(e), parser.unit_prov(line), at))
            continue
        if keep_lines:
            line_of[id(order)] = line
        if places is not None:
            places[id(order)] = at
        if adjusting or not order.loc:
            # A spell or other unplaced order written twice in a movement mail is one,
            # and so is a winter's build or removal ("BUILD A PAR" twice: the second was
            # refused in the results, a build lost unsaid); WAIVE twice is two waives,
            # and a variant's other winter orders (votes that add up) stay as written.
            once = not adjusting or isinstance(order, (Build, Remove))
            same = [o for o in extra if str(o) == str(order)] if once else []
            if same and places is not None:
                places[id(same[0])] = at  # the order stands as of its last line
            if not same:
                extra.append(order)
            continue
        prov = order.prov
        if prov in accepted:
            earlier = accepted.pop(prov)  # the later order goes last, as if given alone
            # The same order written twice ("F ANK - BLA", then "fleet ankara to black
            # sea") replaces nothing: refusing it held up early processing for no reason.
            if str(earlier) != str(order):
                why = f"replaced by a later order for the unit in {prov}"
                rejected.append(Rejection(power, str(earlier), why, prov,
                                          None if places is None else places.get(id(earlier))))
        accepted[prov] = order
    kept = list(accepted.values())
    return (kept + extra if extra else kept), rejected, line_of


def refuse_in_set(
    state: GameState, rules: StandardRules, power: str, orders: list[Order],
    line_of: dict[int, str],
) -> tuple[list[Order], list[Rejection]]:
    """The orders the rules' `check_set` leaves standing together, and the refused ones."""
    kept = list(orders)
    rejected: list[Rejection] = []
    for order, why in rules.check_set(state, power, kept):
        kept = [o for o in kept if o is not order]
        rejected.append(Rejection(power, line_of.get(id(order), str(order)), why,
                                  order.prov or None))
    return kept, rejected


def adjudicate(
    state: GameState, rules: StandardRules, orders: dict[str, list[str]]
) -> PhaseResult:
    """Adjudicate one phase from each power's order lines."""
    parser = OrderParser.for_map(state.map)
    accepted: list[Order] = []
    rejected: list[Rejection] = []
    # accept_orders spelt out: the standard check_set (refusing nothing) is not called.
    standard_set = "check_set" in rules.keeps
    for power in sorted(orders):
        ok, bad, line_of = read_orders(state, rules, power, orders[power], parser, shared=True)
        if not standard_set:
            ok, refused = refuse_in_set(state, rules, power, ok, line_of)
            bad += refused
        accepted += ok
        rejected += bad
    return adjudicate_orders(state, rules, accepted, rejected)


def adjudicate_orders(
    state: GameState, rules: StandardRules, accepted: list[Order],
    rejected: list[Rejection] | None = None,
) -> PhaseResult:
    kind = state.phase.kind
    if kind == MOVEMENT:
        result = _movement(state, rules, rules.reconcile(state, accepted))
    elif kind == RETREAT:
        result = _retreats(state, rules, rules.reconcile(state, accepted))
    else:
        result = _adjustments(state, rules, accepted)
    result.rejected = list(rejected or []) + result.rejected
    _mark_void(result, accepted)
    result.start, result.accepted = state, accepted
    rules.phase_notes(result)
    return result


def _mark_void(result: PhaseResult, accepted: list[Order]) -> None:
    """A unit whose owner's only orders were rejected shows as void, not as holding."""
    if not result.rejected:
        return
    before = result.before
    ordered = {(o.power, o.prov) for o in accepted}
    for r in result.rejected:
        if r.prov is None or (r.power, r.prov) in ordered:
            continue
        unit = before.units.get(r.prov)
        if before.phase.kind == RETREAT:
            entry = before.dislodged.get(r.prov)
            unit = entry.unit if entry else None
        name = str(unit)
        if (
            unit is not None
            and unit.power == r.power
            and result.results.get(name) in ("succeeds", "disbanded")
        ):
            result.results[name] = "void"


# Orders whose text is kept in their `text` field (subclasses may print otherwise).
_WITH_TEXT = frozenset({Hold, Move, SupportHold, SupportMove, Convoy})


# -- the three phase kinds --------------------------------------------------------------


def _movement(state: GameState, rules: StandardRules, orders: dict[str, Order]) -> PhaseResult:
    state, orders = rules.before_movement(state, orders)
    res = Resolution(state, orders, rules)
    res.run()
    units: dict[str, Unit] = {}
    dislodged: dict[str, Dislodged] = {}
    result = PhaseResult(before=state, after=state)
    # Bound once: this loop runs for every unit of every phase.
    res_orders, src, dest, move_ok = res.orders, res.src, res.dest, res.move_ok
    is_dislodged, attacked = res.dislodged, res.moves_into
    result_code, orders_out, results_out = rules.result_code, result.orders, result.results
    moves_out = result.moves
    # The hook not overridden: the resolver's own code, one call a unit fewer.
    standard_code = "result_code" in rules.keeps
    res_code = res.result_code
    for i, unit in enumerate(res.units):
        name = unit.name
        order = res_orders[i]
        # str(order), read from the standard orders without a call.
        orders_out[name] = (
            order.text  # type: ignore[attr-defined]  # a _WITH_TEXT class: it has text
            if type(order) in _WITH_TEXT else str(order)
        )
        results_out[name] = res_code(i) if standard_code else result_code(res, i)
        # src[i] is the province the unit stands in; dest[i] where it moves, if it does.
        if src[i] in attacked and is_dislodged(i):
            a = res.attacker_of(i)
            assert a is not None
            dislodged[src[i]] = Dislodged(unit, src[a], res.convoyed[a])
        elif (to_prov := dest[i]) is not None and move_ok(i):
            to = order.dest  # type: ignore[attr-defined]  # a Move (it has a destination)
            units[to_prov] = (
                Unit(unit.power, unit.type, to, unit.attrs) if unit.attrs
                else plain_unit(unit.power, unit.type, to)
            )
            moves_out[name] = to
        else:
            units[src[i]] = unit
    # Left empty by a standoff: a failed move still bounced there. A move that lost a
    # head-to-head battle or had no convoy route bounces nothing (prevent strength 0).
    standoffs = frozenset(
        prov
        for prov, movers in res.moves_into.items()
        if prov not in units
        and not any(res.move_ok(m) for m in movers)
        and any(res.prevent_strength(m) > 0 for m in movers)
    )
    after = state.with_(units=units, dislodged=dislodged, standoffs=standoffs)
    after = rules.after_movement(after, res)
    result.notes.update(res.notes)
    result.marks.extend(res.marks)
    result.facts = movement_facts(res) + res.facts
    result.dislodged = dict(after.dislodged)
    for d in after.dislodged.values():
        result.retreats[str(d.unit)] = retreat_options(after, rules, d)
    return _advance(result, after, rules)


def _retreats(state: GameState, rules: StandardRules, orders: dict[str, Order]) -> PhaseResult:
    units, results = resolve_retreats(state, orders)
    result = PhaseResult(before=state, after=state, results=results)
    for prov, entry in state.dislodged.items():
        name = str(entry.unit)
        order = orders.get(prov)
        result.orders[name] = str(order) if order else f"{name} D"
        if results[name] == "succeeds":
            result.moves[name] = order.dest  # type: ignore[union-attr]
        else:
            result.removed.append(name)
    after = rules.after_retreats(state.with_(units=units, dislodged={}, standoffs=frozenset()))
    return _advance(result, after, rules)


def _adjustments(state: GameState, rules: StandardRules, orders: list[Order]) -> PhaseResult:
    state, orders = rules.before_adjustments(state, orders)
    result = PhaseResult(before=state, after=state)
    given = orders
    changed, orders = rules.adjustment_orders(state, orders, result)
    out = resolve_adjustments(state, rules, orders)
    # Each power's own section says what became of the builds its orders left unsaid.
    for tally in tallies(adjustment_counts(state, rules), given, out.made,
                         [o for o, _ in out.refused], [u.power for u in out.built]):
        if words := rules.build_tally_words(state, tally):
            result.notes.setdefault("private", {}).setdefault(tally.power, []).append(words)
    result.built = [str(u) for u in out.built]
    result.removed = [str(u) for u in out.removed + out.civil_disorder]
    result.civil_disorder = [str(u) for u in out.civil_disorder]
    result.notes["waived"] = out.waived
    result.rejected += [Rejection(o.power, str(o), why, o.prov or None) for o, why in out.refused]
    for u in out.built + out.removed:
        result.results[str(u)] = "succeeds"
    for u in out.civil_disorder:
        result.results[str(u)] = "civil_disorder"
    after = rules.after_adjustments(changed.with_(units=out.units))
    return _advance(result, after, rules)


def refused_adjustments(state: GameState, rules: StandardRules,
                        orders: list[Order]) -> list[tuple[Order, str]]:
    """A power's builds and removals the winter would refuse as they stand (one build too
    many, a site built on twice), with why: for his acknowledgement, so that he learns it
    before the results. His orders alone decide these refusals: another power's winter
    orders add no build of his nor take one away."""
    if not any(isinstance(o, (Build, Remove)) for o in orders):
        return []
    state, orders = rules.before_adjustments(state, orders)
    _, orders = rules.adjustment_orders(state, orders, PhaseResult(before=state, after=state))
    out = resolve_adjustments(state, rules, orders)
    return [(o, why) for o, why in out.refused if isinstance(o, (Build, Remove))]


# -- sequencing ---------------------------------------------------------------------------


def capture_centres(state: GameState) -> GameState:
    centers = dict(state.centers)
    supply_centres = state.map.supply_centres
    for prov, unit in state.units.items():
        if prov in supply_centres:
            centers[prov] = unit.power
    return state.with_(centers=centers)


def _advance(result: PhaseResult, state: GameState, rules: StandardRules) -> PhaseResult:
    # `prev`: the phase `state` is at. A skipped retreat phase changes nothing but the
    # phase, so no state is made for it.
    prev, phase = state.phase, rules.next_phase(state.phase)
    while True:
        kind = phase.kind
        if kind == RETREAT:
            if not state.dislodged:
                prev, phase = phase, rules.next_phase(phase)
                continue
            nxt = state.with_(phase=phase)
            stuck = [prov for prov, d in nxt.dislodged.items()
                     if not rules.retreat_choices(nxt, d)]
            if len(stuck) == len(nxt.dislodged):
                return _fold_retreats(result, nxt, rules)
            if stuck:
                nxt = _disband_stuck(result, nxt, stuck)
        else:
            nxt = state.with_(phase=phase, dislodged={}, standoffs=frozenset())
        leaving_fall = prev.season == "F" and phase.season != "F"
        if leaving_fall and rules.captures_centres(prev):
            nxt = capture_centres(nxt)
        if (kind == ADJUSTMENT and not has_adjustments(nxt, rules)
                and not rules.winter_choices(nxt)):
            state, prev, phase = nxt, phase, rules.next_phase(phase)
            continue
        break
    return _finish(result, nxt, rules)


def _disband_stuck(result: PhaseResult, state: GameState, stuck: list[str]) -> GameState:
    """The dislodged units with nowhere to go, disbanded with the movement (in `removed`)
    though others retreat: no order of theirs is waited for in the retreat phase."""
    result.removed += [str(state.dislodged[prov].unit) for prov in stuck]
    return state.with_(dislodged={prov: d for prov, d in state.dislodged.items()
                                  if prov not in stuck})


def _fold_retreats(result: PhaseResult, state: GameState, rules: StandardRules) -> PhaseResult:
    """A retreat phase in which no dislodged unit may go anywhere is no phase of its own (as
    njudge plays it): its units are disbanded without an order, reported with the
    movement that dislodged them, and the game goes on to the phase after it."""
    folded = _retreats(state, rules, rules.reconcile(state, []))
    result.removed += folded.removed
    result.marks += folded.marks
    result.facts += folded.facts
    for key, value in folded.notes.items():
        mine = result.notes.setdefault(key, type(value)())
        if isinstance(value, list):
            mine.extend(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                if isinstance(v, list):
                    mine.setdefault(k, []).extend(v)
                else:
                    mine[k] = v
    return _finish(result, folded.after, rules)


def _finish(result: PhaseResult, nxt: GameState, rules: StandardRules) -> PhaseResult:
    """The result with the game at its next phase `nxt`: the winner and the eliminated."""
    before = result.before
    result.after = nxt
    result.winner = rules.winner(nxt)
    # GameState.is_alive for every power at once: one pass over the board, not one a power.
    # Only a power that owns no centre now can have been eliminated; mostly there is none.
    owners = set(nxt.centers.values())
    lost = [p for p in before.powers if p not in owners]
    if lost:
        alive_before, alive_after = _alive(before), _alive(nxt)
        lost = [p for p in lost if p in alive_before and p not in alive_after]
    result.eliminated = lost
    return result


def _alive(state: GameState) -> set[str]:
    """The powers that still own a centre or a unit."""
    alive = set(state.centers.values())
    alive.update([u.power for u in state.units.values()])
    return alive
