"""The questions a new player learns the game by, RULES and PROVINCES, and what HELP adds
to the command table's list for the sender's game: the handlers of their rows in the
command table (table.py). RULES and PROVINCES answer from texts made once per variant
(gmbot/service/views/guide.py, provinces.py), not once per mail."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from gmbot.engine.position import state_from_dict
from gmbot.engine.state import MOVEMENT, GameState, Phase
from gmbot.service.inbound.commands.context import Context
from gmbot.service.runtime import current_phase, map_for, rules_for, state_of
from gmbot.service.views.guide import rules_text
from gmbot.service.views.help import help_context
from gmbot.service.views.provinces import province_list
from gmbot.store.models import PhaseRow
from gmbot.variants import DECLARED_OPTIONS


def rules(ctx: Context, args: tuple[str, ...] = ()) -> None:
    """RULES: the player's primer of the game's variant and of each of its options;
    RULES FULL: their complete rulings."""
    game = ctx.game
    options = tuple(name for name, on in (game.settings.options or {}).items()
                    if on is True and name in DECLARED_OPTIONS)
    full = bool(args) and args[0].upper() == "FULL"
    ctx.sections.append(rules_text(game.variant, options, game.settings.rules_link,
                                   full).rstrip())


def provinces(ctx: Context, args: tuple[str, ...] = ()) -> None:
    """PROVINCES: the map's provinces, and the blank map as the reply's picture."""
    text, picture = province_list(ctx.game.variant)
    ctx.sections.append(text.rstrip())
    if ctx.picture is None:  # a HISTORY in the same mail keeps its own map
        ctx.picture = picture


def help_extra(ctx: Context) -> dict[str, Any]:
    """HELP's context beyond the command table: the game's own orders for the sender."""
    rules_set = rules_for(ctx.game)
    player = ctx.player
    return help_context(ctx.game.variant, ctx.game.settings.options, _board(ctx),
                        rules_set, None if player is None else player.key,
                        None if player is None else player.role)


def last_phase(ctx: Context) -> str:
    """The phase HELP's EXPLAIN example names: the last processed, else the movement
    phase of the open one's season (after a winter, the spring's)."""
    last = ctx.session.scalars(
        select(PhaseRow.name).where(PhaseRow.game_id == ctx.game.id,
                                    PhaseRow.processed_at.is_not(None),
                                    PhaseRow.superseded.is_(False))
        .order_by(PhaseRow.seq.desc()).limit(1)).first()
    if last:
        return last
    phase = _board(ctx).phase
    if phase.season == "W":
        return str(Phase.make("S", phase.year + 1, MOVEMENT))
    return str(Phase.make(phase.season, phase.year, MOVEMENT))


def _board(ctx: Context) -> GameState:
    """The open phase's position; after the game, its last one."""
    phase = current_phase(ctx.session, ctx.game) or ctx.session.scalars(
        select(PhaseRow).where(PhaseRow.game_id == ctx.game.id,
                               PhaseRow.superseded.is_(False))
        .order_by(PhaseRow.seq.desc()).limit(1)).first()
    rules_set = rules_for(ctx.game)
    if phase is None:
        return state_from_dict({}, map_for(rules_set))
    return state_of(ctx.game, phase, rules_set)
