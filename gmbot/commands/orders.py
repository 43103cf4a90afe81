"""Order lines, CLEAR and ORDERS: a new orders mail replaces the player's orders."""

from __future__ import annotations

from dataclasses import replace

from gmbot.render import render
from gmbot.service.bounds import rejections
from gmbot.service.inbound import Context
from gmbot.service.orders import Submission, current_submission, submit
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
        ctx.sections.append(_ack(ctx, sub, cleared=req.has("CLEAR") and not lines))
    elif req.has("ORDERS"):
        sub = current_submission(ctx.session, ctx.game, phase, player)
        ctx.sections.append(_ack(ctx, sub, cleared=False))


def _ack(ctx: Context, sub: Submission, cleared: bool) -> str:
    """The acknowledgement; of the rejected lines only the first few are listed."""
    shown, more_rejected = rejections(sub.rejected)
    return render("ack.txt.j2", sub=replace(sub, rejected=shown), game=ctx.game,
                  player=ctx.player, cleared=cleared, more_rejected=more_rejected,
                  )[1].rstrip()
