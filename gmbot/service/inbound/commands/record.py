"""SUMMARY (njudge's word): the game's record for anyone in it: who played which power
when, replacements included; centres at the end of each year; each power's missed
orders; how the game ended, by vote or by the GM. In an anonymous game no player is
shown another player's address or name, then or after the end; the GM sees them all."""

from __future__ import annotations

from gmbot.engine.state import Phase
from gmbot.service.deadline.gameover import centre_history
from gmbot.service.inbound.commands.context import Context
from gmbot.service.outbox.render import render
from gmbot.service.runtime import current_phase
from gmbot.service.views.record import endings, missed_phases, seat_history


def summary(ctx: Context, args: tuple[str, ...] = ()) -> None:
    game = ctx.game
    own = None if ctx.player is None else ctx.player.key
    shown = ctx.is_gm or not game.settings.anonymous
    seats = [s if shown or s.key == own else None for s in seat_history(ctx.session, game)]
    phase = current_phase(ctx.session, game)
    ctx.sections.append(render(
        "summary.txt.j2", game=game, own=own,
        phase=Phase.parse(phase.name).long() if phase else None,
        seats=[s for s in seats if s is not None],
        hidden=sorted({p.key for p in game.players} - {s.key for s in seats if s}),
        history=centre_history(ctx.session, game), nmr=missed_phases(ctx.session, game),
        powers=sorted({p.key for p in game.players}), endings=endings(ctx.session, game),
    )[1].rstrip())
