"""The GM's mail commands: PROCESS, EXTEND, PAUSE, RESUME, ROLLBACK, REPLACE, DRAW."""

from __future__ import annotations

from gmbot.engine.map import load_map
from gmbot.engine.parse import OrderParser
from gmbot.engine.vocabulary import shaped_like_order
from gmbot.service.gm import admin
from gmbot.service.inbound.bounds import clip, listed, more
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.commands.request import near_command
from gmbot.service.runtime import rules_for

USAGE = {
    "EXTEND": "EXTEND 24h",
    "ROLLBACK": "ROLLBACK S1901M",
    "REPLACE": "REPLACE FRANCE new.address@example.org",
    "DRAW": "DRAW (alone on its line: it ends the game)",
}


def run(ctx: Context) -> None:
    _other_lines(ctx)
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


def _other_lines(ctx: Context) -> None:
    """The GM's lines that are no command: a misspelt command or a unit order is an error;
    anything else (a greeting, a signature) is chatter, mentioned and ignored. Each list is
    bounded (service/bounds.py): a mail of junk gets a short answer."""
    rules = rules_for(ctx.game)
    parser = OrderParser.for_map(load_map(rules.map_name))
    misspelt, orders, chatter = [], [], []
    for line in ctx.request.orders:
        word = near_command(line.text, gm=True)
        if word:
            misspelt.append(f"line {line.number}: {clip(line.text)}\n"
                            f"  refused: not a command; did you mean {word}?")
        elif shaped_like_order(line.text, parser, rules):
            orders.append(f"  line {line.number}: {clip(line.text)}")
        else:
            chatter.append(f'"{line.text.strip()[:30]}"')
    ctx.errors += len(misspelt) + bool(orders)
    shown, rest = listed(misspelt)
    ctx.sections += shown + ([f"{more(rest)} lines refused likewise"] if rest else [])
    if orders:
        shown, rest = listed(orders)
        ctx.sections.append("The GM gives no unit orders; these lines were ignored:\n"
                            + "\n".join(shown) + (f"\n  {more(rest)}" if rest else ""))
    if chatter:
        shown, rest = listed(chatter)
        ctx.sections.append("Not commands, ignored: " + ", ".join(shown)
                            + (f" {more(rest)}" if rest else ""))
