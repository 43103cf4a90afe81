"""SUMMARY (njudge's word): the game's record for anyone in it: who played which power
when, replacements included; centres at the end of each year; each power's missed
orders; the seats the judge's bot played; how the game ended, by vote or by the GM. In
an anonymous game no player is shown another player's address or name, then or after the
end; in any game a player sees others' addresses only where the file says
`players_see_addresses: true`; the GM sees them all."""

from __future__ import annotations

from gmbot.engine.state import Phase
from gmbot.service.deadline.gameover import centre_history
from gmbot.service.inbound.commands.context import Context
from gmbot.service.outbox.render import render
from gmbot.service.runtime import current_phase
from gmbot.service.seats.bot_seats import bot_periods
from gmbot.service.views.record import endings, missed_phases, seat_history


def summary(ctx: Context, args: tuple[str, ...] = ()) -> None:
    game = ctx.game
    own = None if ctx.player is None else ctx.player.key
    shown = ctx.is_gm or not game.settings.anonymous
    # Another player's address only where the game file opts in (the GM sees all).
    addresses = ctx.is_gm or (game.settings.players_see_addresses
                              and not game.settings.anonymous)
    # A seat no player ever held has a row with no address (its bot's): not a player.
    seats = [s if shown or s.key == own else None for s in seat_history(ctx.session, game)
             if s.address]
    phase = current_phase(ctx.session, game)
    ctx.sections.append(render(
        "summary.txt.j2", game=game, own=own, addresses=addresses, me=ctx.mail.sender,
        phase=Phase.parse(phase.name).long() if phase else None,
        seats=[s for s in seats if s is not None], bots=bot_periods(ctx.session, game),
        hidden=sorted({p.key for p in game.players if p.address}
                      - {s.key for s in seats if s}),
        history=centre_history(ctx.session, game), nmr=missed_phases(ctx.session, game),
        powers=sorted({p.key for p in game.players}), endings=endings(ctx.session, game),
    )[1].rstrip())
