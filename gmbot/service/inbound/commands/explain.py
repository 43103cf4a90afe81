"""EXPLAIN <unit> [phase]: the handler of its row in the command table (table.py); the
answer is read from the stored report of a processed phase (views/explain.py): the one
named, or the last, and where that one had no order of the unit (a winter it stood
through), the phase before it that had one. A player's is redacted for him as his results
were; the GM's is his full copy's (HISTORY and the site stay public)."""

from __future__ import annotations

from sqlalchemy import select

from gmbot.engine.map import GameMap
from gmbot.engine.parse import OrderParser
from gmbot.engine.position import state_from_dict
from gmbot.engine.report import GM, Refusal, read_report
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import MOVEMENT, Phase
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.commands.explain_later import ordered_later
from gmbot.service.inbound.commands.explain_words import (
    WordsError,
    phase_asked,
    unit_asked,
    word_of,
)
from gmbot.service.runtime import latest_orders, map_for, rules_for, state_of
from gmbot.service.views.explain import NO_ROW, NONE, NOT_YOURS, Explained, long_name
from gmbot.service.views.explain import explain as explain_unit
from gmbot.service.views.refused_lines import refused_lines
from gmbot.store.models import PhaseRow

USAGE = ("EXPLAIN and one of your units, as your results named it, and a phase if not the "
         "last: EXPLAIN A PAR, EXPLAIN A PAR S1901M")
# How far back a line without a phase goes for a unit's last order: a winter, its retreat
# phase, the movement phase before them.
BACK = 3


def explain(ctx: Context, args: tuple[str, ...]) -> None:
    line = " ".join(args)
    rules = rules_for(ctx.game)
    try:
        wanted, words = phase_asked(args)
        word, words = word_of(rules, words)
        utype, prov = unit_asked(OrderParser.for_map(map_for(rules)), rules, words, word)
    except WordsError as e:
        ctx.sections.append(f"EXPLAIN {line}: {e}. {USAGE}.".replace("EXPLAIN : ",
                                                                    "EXPLAIN: "))
        return
    query = select(PhaseRow).where(PhaseRow.game_id == ctx.game.id,
                                   PhaseRow.processed_at.is_not(None),
                                   PhaseRow.superseded.is_(False))
    if wanted is not None:
        query = query.where(PhaseRow.name == wanted)
    rows = [r for r in ctx.session.scalars(query.order_by(PhaseRow.seq.desc())
                                           .limit(1 if wanted else BACK)) if r.result]
    if not rows:
        ctx.sections.append(f"EXPLAIN {line}: {_no_phase(ctx, wanted)}.")
        return
    viewer = GM if ctx.player is None else ctx.player.key
    first = answer = _answer(ctx, rules, rows[0], viewer, prov, word, utype, NONE)
    # A line without a phase: back from a phase that had no order of the unit (a winter)
    # to the last that had one, never past a movement phase.
    for older in rows[1:] if wanted is None else []:
        if answer.status not in (NONE, NO_ROW) or Phase.parse(answer.phase).kind == MOVEMENT:
            break
        answer = _answer(ctx, rules, older, viewer, prov, word, utype, answer.status)
    if not answer.found:
        answer = first
        later = (ordered_later(ctx, rules, rows[0], viewer, prov)
                 if viewer != GM and answer.status in (NONE, NOT_YOURS) else None)
        if later is not None:
            first = answer = Explained(answer.status, answer.phase, (later,))
    if answer.text() in ctx.sections:  # EXPLAIN A PAR, then A BUR where it moved
        ctx.sections.append(f"EXPLAIN {line}: the same unit as answered above.")
        return
    if answer is not first and not answer.rowless:  # it names its phase itself
        where = f" in {prov}" if prov else ""
        whose = "" if viewer == GM else " of yours"
        ctx.sections.append(f"No order{whose}{where} in {long_name(first.phase)}, the "
                            f"last processed phase; the last phase with one was "
                            f"{long_name(answer.phase)}:")
    ctx.sections.append(answer.text())
    if viewer == GM and prov and answer.found:
        _moved_in(ctx, rules, rows, answer, prov, word, utype)
    if answer.before_it and wanted is None:
        _before_it(ctx, rules, rows[1:], viewer, prov, word, utype)


def _before_it(ctx: Context, rules: StandardRules, rows: list[PhaseRow], viewer: str,
               prov: str, word: str, utype: str | None) -> None:
    """After a winter's build or refusal in `prov`, the unit of his that stood there in the
    phases before it (an army that moved out in the fall): both are what he asks about."""
    for row in rows:
        older = _answer(ctx, rules, row, viewer, prov, word, utype, NONE)
        if older.found:
            whose = "The" if viewer == GM else "Your"  # the GM's: any power's
            # Its phase, not "before the adjustments": it had left by the winter (the
            # fifth trial of issue 32 read France's A MAR, gone to SPA, as his new army).
            ctx.sections.append(f"{whose} unit in {prov} in {long_name(older.phase)}, "
                                "before the winter:")
            ctx.sections.append(older.text())
            return
        if Phase.parse(older.phase).kind == MOVEMENT:
            return


def _moved_in(ctx: Context, rules: StandardRules, rows: list[PhaseRow], answer: Explained,
              prov: str, word: str, utype: str | None) -> None:
    """For the GM, after the unit that stood in `prov`, the other power's that moved in
    while it was dislodged (he sees both; the fifth trial of issue 32 read Italy's A VEN
    alone): the unit that ended the answer's phase there, or, where it stood through that
    phase (a retreat), the one that ended the movement before it there."""
    names = [r.name for r in rows]
    for row in rows[names.index(answer.phase):] if answer.phase in names else []:
        other = _answer(ctx, rules, row, GM, prov, word, utype, NO_ROW)
        if other.found:
            if not set(other.rows) & set(answer.rows):
                ctx.sections.append(other.text())
            return
        if Phase.parse(row.name).kind == MOVEMENT:
            return


def _answer(ctx: Context, rules: StandardRules, row: PhaseRow, viewer: str,
            prov: str, word: str, utype: str | None, later: str) -> Explained:
    """The answer of one phase; `later` the status of the phase after it that sent the
    line back here: a unit that stood through it (NO_ROW) is the one that ended here in
    `prov`, no unit there (NONE, and the last phase) is asked as this phase's results
    named it, else as the unit that ended the phase there; then as the unit whose order
    moved it, or tried to, there (`EXPLAIN A BUR` for his A PAR bounced from BUR)."""
    before = state_of(ctx.game, row, rules)
    assert row.result is not None
    after = state_from_dict(row.result["position"], before.map)
    report, refused = read_report(row.result), _sent_refused(ctx, row, before.map)
    answer = explain_unit(rules, before, after, report, viewer, prov, word,
                          ended=later == NO_ROW, utype=utype, refused=refused)
    if answer.status == NONE and later == NONE:
        # None there at the start: his unit asked by where it went (A BEL for the army
        # that moved there, as his units list names it now).
        went = explain_unit(rules, before, after, report, viewer, prov, word, ended=True,
                            utype=utype)
        if went.status != NONE:
            return went
    if answer.status in (NONE, NOT_YOURS) and later == NONE and not word:
        aimed = explain_unit(rules, before, after, report, viewer, prov, aimed=True,
                             utype=utype)
        if aimed.found:  # after the other power's unit that stood there, if one did
            rows = answer.rows if answer.status == NOT_YOURS else ()
            return Explained(aimed.status, aimed.phase, (*rows, *aimed.rows))
    return answer


def _sent_refused(ctx: Context, row: PhaseRow, gmap: GameMap) -> tuple[Refusal, ...]:
    """The sender's lines of an adjustment phase refused when he sent them (kept with his
    last orders, as his results mail listed them): a build refused is asked about there."""
    if ctx.player is None or not row.name.endswith("A"):
        return ()
    sent = latest_orders(ctx.session, row).get(ctx.player.id)
    parser = OrderParser.for_map(gmap)
    return tuple(Refusal(ctx.player.key, r.line, r.reason, parser.unit_prov(r.line))
                 for r in refused_lines(sent.errors if sent else []) if r.line)


def _no_phase(ctx: Context, wanted: str | None) -> str:
    if wanted is None:
        return "no phase of this game has been processed yet"
    last = ctx.session.scalars(
        select(PhaseRow.name).where(PhaseRow.game_id == ctx.game.id,
                                    PhaseRow.processed_at.is_not(None),
                                    PhaseRow.superseded.is_(False))
        .order_by(PhaseRow.seq.desc()).limit(1)).first()
    since = f" (the last processed is {long_name(last)})" if last else ""
    return f"{long_name(wanted)} is not a processed phase of this game{since}"
