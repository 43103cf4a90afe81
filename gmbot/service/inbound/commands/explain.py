"""EXPLAIN <unit>: the handler of its row in the command table (table.py); the answer is
read from the stored report of the game's last processed phase (views/explain.py)."""

from __future__ import annotations

from sqlalchemy import select

from gmbot.engine.parse import OrderParser
from gmbot.engine.position import state_from_dict
from gmbot.engine.report import read_report
from gmbot.engine.rules import StandardRules
from gmbot.service.inbound.commands.context import Context
from gmbot.service.runtime import rules_for, state_of
from gmbot.service.views.explain import explain as explain_unit
from gmbot.store.models import PhaseRow

USAGE = "EXPLAIN and one of your units, as the last results named it: EXPLAIN A PAR"


def explain(ctx: Context, args: tuple[str, ...]) -> None:
    row = ctx.session.scalars(
        select(PhaseRow).where(PhaseRow.game_id == ctx.game.id,
                               PhaseRow.processed_at.is_not(None),
                               PhaseRow.superseded.is_(False))
        .order_by(PhaseRow.seq.desc()).limit(1)).first()
    if row is None or not row.result:
        ctx.sections.append("EXPLAIN: no phase of this game has been processed yet.")
        return
    rules = rules_for(ctx.game)
    before = state_of(ctx.game, row, rules)
    word, words = _word(rules, args)
    prov = OrderParser.for_map(before.map).unit_prov(" ".join(words)) if words else None
    if prov is None:
        ctx.sections.append(f"EXPLAIN {' '.join(args)}: name a unit. {USAGE}.".replace(
            "EXPLAIN : ", "EXPLAIN: "))
        return
    after = state_from_dict(row.result["position"], before.map)
    viewer = None if ctx.player is None else ctx.player.key
    ctx.sections.append(explain_unit(rules, before, after, read_report(row.result), viewer,
                                     prov, word))


def _word(rules: StandardRules, args: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The rules' word that names one of two units of a name (`BALLOON A PAR`), written
    before the unit or after it, bare or in brackets as the results print it (`F EDI
    (ghost)`), and the words left."""
    words = rules.unit_words()
    if args and args[0].upper() in words:
        return args[0].upper(), args[1:]
    if args and args[-1].strip("()").upper() in words:
        return args[-1].strip("()").upper(), args[:-1]
    return "", args
