"""Running the commands of one mail, in the inbound transaction."""

from __future__ import annotations

from gmbot.service.inbound.bounds import LISTED, clip, listed, more
from gmbot.service.inbound.commands import gm, info, orders, press
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.commands.request import GM_COMMANDS

_ANSWERED = {"HELP", "STATUS", "HISTORY", "BALANCE"}  # questions, answered for everyone


def run_commands(ctx: Context) -> None:
    press.run(ctx)  # first: a reply to relayed press is press, not orders
    req = ctx.request
    if ctx.game.status == "finished" and not ctx.is_gm:
        # Press after the end is relayed above; anything else gets the record.
        if req.orders or req.commands or not ctx.sections:
            ctx.sections.append(f"Game {ctx.game.name} is over; the judge takes no more "
                                "orders.")
            info.history(ctx, ())
        return
    submitted = False
    if ctx.is_gm:
        gm.run(ctx)
    else:
        submitted = orders.run(ctx)
        refused = [c for c in req.commands if c.name in GM_COMMANDS]
        ctx.errors += len(refused)
        shown, rest = listed(refused)
        for command in shown:
            ctx.sections.append(f"line {command.line.number}: {clip(command.line.text)}\n"
                                f"  refused: only the game master can use {command.name}")
        if rest:
            ctx.sections.append(f"{more(rest)} lines refused likewise")
    # Each question is answered once, and only so many: a mail of a thousand HELP lines
    # gets one help text.
    questions = dict.fromkeys((c.name, c.args) for c in req.commands if c.name in _ANSWERED)
    for name, args in list(questions)[:LISTED]:
        if name == "HELP":
            info.help_text(ctx)
        elif name == "STATUS":
            info.status(ctx)
        elif name == "HISTORY":
            info.history(ctx, args)
        elif name == "BALANCE":
            info.balance(ctx)
    if not ctx.sections:
        ctx.errors += 1
        ctx.sections.append("No orders or commands were found in your mail.")
        info.help_text(ctx)
    names = {c.name for c in req.commands}
    if len(names) == 1 and not submitted and not req.press and names <= _TITLES.keys():
        ctx.title = _TITLES[names.pop()]


# The subject of a reply to a mail with only this command (and no order line).
_TITLES = {"HELP": "Help", "STATUS": "Status", "HISTORY": "History", "BALANCE": "Balance"}
