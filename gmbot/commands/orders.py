"""Order lines, CLEAR and ORDERS: a new orders mail replaces the player's orders."""

from __future__ import annotations

from gmbot.render import render
from gmbot.service.inbound import Context
from gmbot.service.orders import current_submission, submit
from gmbot.service.runtime import current_phase


def run(ctx: Context) -> None:
    req = ctx.request
    player = ctx.player
    assert player is not None
    phase = current_phase(ctx.session, ctx.game)
    if phase is None:
        ctx.sections.append("The game has no open phase; no orders can be taken.")
        return
    lines = [(line.number, line.text) for line in req.orders]
    if req.has("CLEAR") or lines:
        sub = submit(ctx.session, ctx.game, player, lines, ctx.app.now(), ctx.record.id,
                     phase=phase)
        ctx.errors += len(sub.rejected)
        ctx.sections.append(render("ack.txt.j2", sub=sub, game=ctx.game, player=player,
                                   cleared=req.has("CLEAR") and not lines)[1].rstrip())
    elif req.has("ORDERS"):
        sub = current_submission(ctx.session, ctx.game, phase, player)
        ctx.sections.append(render("ack.txt.j2", sub=sub, game=ctx.game, player=player,
                                   cleared=False)[1].rstrip())
