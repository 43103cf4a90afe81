"""The GM's mail commands: PROCESS, EXTEND, PAUSE, RESUME, ROLLBACK, REPLACE, DRAW."""

from __future__ import annotations

from gmbot.service import admin
from gmbot.service.bounds import clip, listed, more
from gmbot.service.inbound import Context

USAGE = {
    "EXTEND": "EXTEND 24h",
    "ROLLBACK": "ROLLBACK S1901M",
    "REPLACE": "REPLACE FRANCE new.address@example.org",
    "DRAW": "DRAW (alone on its line: it ends the game)",
}


def run(ctx: Context) -> None:
    if ctx.request.orders:
        ctx.errors += 1
        shown, rest = listed(ctx.request.orders)
        lines = "\n".join(f"  line {ln.number}: {clip(ln.text)}" for ln in shown)
        lines += f"\n  {more(rest)}" if rest else ""
        ctx.sections.append(f"The GM gives no unit orders; these lines were ignored:\n{lines}")
    now = ctx.app.now()
    reports: list[str] = []  # one per command, in order; only the first few are shown
    for command in ctx.request.commands:
        name, args = command.name, command.args
        try:
            if name == "PROCESS":
                done = admin.process_now(ctx.session, ctx.game, now)
            elif name == "EXTEND" and len(args) >= 1:
                done = admin.extend(ctx.session, ctx.game, " ".join(args), now)
            elif name == "PAUSE":
                done = admin.pause(ctx.session, ctx.game, now)
            elif name == "RESUME":
                done = admin.resume(ctx.session, ctx.game, now)
            elif name == "ROLLBACK" and len(args) == 1:
                done = admin.rollback(ctx.session, ctx.game, args[0], now)
            elif name == "REPLACE" and len(args) >= 2:
                # The address may come in display form: REPLACE ITALY Luca <luca@x>
                done = admin.replace_player(ctx.session, ctx.game, args[0],
                                            " ".join(args[1:]), now)
            elif name == "DRAW" and not args:
                done = admin.declare_draw(ctx.session, ctx.game, now)
            elif name in USAGE:
                raise admin.AdminError(f"write it as {USAGE[name]}")
            else:
                continue  # HELP, STATUS, HISTORY are answered for everyone
        except admin.AdminError as e:
            ctx.errors += 1
            reports.append(f"line {command.line.number}: {clip(command.line.text)}\n"
                           f"  refused: {e}")
            continue
        reports.append(f"line {command.line.number}: {clip(command.line.text)}\n  done: {done}")
    shown, rest = listed(reports)
    ctx.sections += shown + ([f"{more(rest)} commands done or refused"] if rest else [])
