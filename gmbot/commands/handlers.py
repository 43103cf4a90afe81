"""Running the commands of one mail, in the inbound transaction."""

from __future__ import annotations

from gmbot.commands import gm, info, orders
from gmbot.commands.request import GM_COMMANDS
from gmbot.service.inbound import Context


def run_commands(ctx: Context) -> None:
    req = ctx.request
    if ctx.game.status == "finished" and not ctx.is_gm:
        ctx.sections.append(f"Game {ctx.game.name} is over; the judge takes no more orders.")
        info.history(ctx, ())
        return
    submitted = False
    if ctx.is_gm:
        gm.run(ctx)
    else:
        submitted = orders.run(ctx)
        for command in req.commands:
            if command.name in GM_COMMANDS:
                ctx.errors += 1
                ctx.sections.append(f"line {command.line.number}: {command.line.text}\n"
                                    f"  refused: only the game master can use {command.name}")
    for command in req.commands:
        if command.name == "HELP":
            info.help_text(ctx)
        elif command.name == "STATUS":
            info.status(ctx)
        elif command.name == "HISTORY":
            info.history(ctx, command.args)
        elif command.name == "BALANCE":
            info.balance(ctx)
    if not ctx.sections:
        ctx.errors += 1
        ctx.sections.append("No orders or commands were found in your mail.")
        info.help_text(ctx)
    names = {c.name for c in req.commands}
    if len(names) == 1 and not submitted and names <= _TITLES.keys():
        ctx.title = _TITLES[names.pop()]


# The subject of a reply to a mail with only this command (and no order line).
_TITLES = {"HELP": "Help", "STATUS": "Status", "HISTORY": "History", "BALANCE": "Balance"}
