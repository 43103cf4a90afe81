"""Running the commands of one mail, in the inbound transaction, as the command table
(table.py) says: the press first, then a player's orders or the GM's other lines, the
actions line by line, the commands the sender may not use refused, and the questions,
each answered once."""

from __future__ import annotations

from datetime import datetime

from gmbot.engine.map import load_map
from gmbot.engine.parse import OrderParser
from gmbot.engine.vocabulary import shaped_like_order
from gmbot.service.gm.errors import AdminError
from gmbot.service.inbound.bounds import LISTED, clip, listed, more
from gmbot.service.inbound.commands import orders, press, table
from gmbot.service.inbound.commands.context import AskConfirmation, Context
from gmbot.service.inbound.commands.parse import command_after_prose, near_command
from gmbot.service.runtime import rules_for


def run_commands(ctx: Context) -> None:
    press.run(ctx)  # first: a reply to relayed press is press, not orders
    req = ctx.request
    if ctx.game.status == "finished" and not ctx.is_gm:
        from gmbot.service.deadline.gameover import game_over_mail  # only then: see
        from gmbot.service.inbound.commands import info, record  # table.Handler

        if req.has("SUMMARY"):  # the game's record, asked for after its end
            record.summary(ctx, ())
            ctx.title = "Summary"
            return
        # Press after the end is relayed above; anything else gets how the game ended, as
        # a later mail does (the game_over gate): this one was read in the batch that
        # ended it.
        if req.orders or req.commands or not ctx.sections:
            ctx.sections.append(f"Game {ctx.game.name} is over; the judge takes no more "
                                "orders.")
            over = game_over_mail(ctx.session, ctx.game)
            if over is not None:
                ctx.sections.append(over[1].strip())
            if over is None or req.has("HISTORY"):  # the record, when asked for
                info.history(ctx, ())
        return
    commands = table.TABLE  # read at the call: a test may give the judge another
    submitted = False
    if ctx.is_gm:
        _other_lines(ctx)
        _act(ctx, commands)
    else:
        orders.variant_orders(ctx)  # a variant's own RESIGN order (Al-Andalus) stays one
        submitted = orders.run(ctx)
        _act(ctx, commands)
        for again in ctx.after_actions:
            again()
        refused = [c for c in req.commands if not commands.by_name[c.name].may_use(gm=False)]
        ctx.errors += len(refused)
        shown, rest = listed(refused)
        for command in shown:
            ctx.sections.append(f"line {command.line.number}: {clip(command.line.text)}\n"
                                f"  refused: only the game master can use {command.name}")
        if rest:
            ctx.sections.append(f"{more(rest)} lines refused likewise")
    # Each question is answered once, and only so many: a mail of a thousand HELP lines
    # gets one help text.
    questions = dict.fromkeys(
        (c.name, c.args) for c in req.commands
        if commands.by_name[c.name].question and commands.by_name[c.name].may_use(ctx.is_gm))
    for name, args in list(questions)[:LISTED]:
        answer = commands.by_name[name].answer
        assert answer is not None
        answer(ctx, args)
    if not ctx.sections:
        ctx.errors += 1
        ctx.sections.append("No orders or commands were found in your mail.")
        table.help_text(ctx)
    names = list(dict.fromkeys(c.name for c in req.commands))  # in the mail's order
    if names and not submitted and not req.press and set(names) <= commands.titles.keys():
        # Several questions in one mail: the title names each (HELP, RULES, PROVINCES
        # together: "Help, Rules, Provinces", not "Received").
        ctx.title = ", ".join(commands.titles[n] for n in names)


def _act(ctx: Context, commands: table.Table) -> None:
    """The mail's actions the sender may use, in order, each reported done or refused; only
    the first few reports are shown."""
    now: datetime | None = None
    reports: list[str] = []
    for command in ctx.request.commands:
        row = commands.by_name[command.name]
        act = row.action(ctx.is_gm)
        if act is None or not row.may_use(ctx.is_gm):
            continue
        if now is None:
            now = ctx.app.now()  # one time for all of the mail's actions
        try:
            if not row.fits(command.args):
                raise AdminError(f"write it as {table.spelt(row.usage, table.powers_of(ctx))}")
            done = act(ctx, command.args, now)
        except AdminError as e:
            ctx.errors += 1
            reports.append(f"line {command.line.number}: {clip(command.line.text)}\n"
                           f"  refused: {e}")
            continue
        except AskConfirmation as e:
            reports.append(f"line {command.line.number}: {clip(command.line.text)}\n"
                           f"  not done yet: {e}")
            continue
        reports.append(f"line {command.line.number}: {clip(command.line.text)}\n  done: {done}")
    shown, rest = listed(reports)
    ctx.sections += shown + ([f"{more(rest)} commands done or refused"] if rest else [])


def _other_lines(ctx: Context) -> None:
    """The GM's lines that are no command: a misspelt command, a command after prose on its
    line ("Agreed. PAUSE") or a unit order is an error; anything else (a greeting, a
    signature) is chatter, mentioned and ignored. Each list is bounded
    (service/inbound/bounds.py): a mail of junk gets a short answer."""
    rules = rules_for(ctx.game)
    parser = OrderParser.for_map(load_map(rules.map_name))
    misspelt, unit_orders, chatter = [], [], []
    powers = table.powers_of(ctx) if ctx.request.orders else None
    for line in ctx.request.orders:
        word = near_command(line.text, gm=True, powers=powers)
        tail = None if word else command_after_prose(line.text)
        if word:
            misspelt.append(f"line {line.number}: {clip(line.text)}\n"
                            f"  refused: not a command; did you mean {word}?")
        elif tail:  # answered, never run: the prose before it may take it back
            misspelt.append(f"line {line.number}: {clip(line.text)}\n"
                            f"  not read as a command: put {tail} on a line of its own")
        elif shaped_like_order(line.text, parser, rules):
            unit_orders.append(f"  line {line.number}: {clip(line.text)}")
        else:
            chatter.append(f'"{line.text.strip()[:30]}"')
    ctx.errors += len(misspelt) + bool(unit_orders)
    shown, rest = listed(misspelt)
    ctx.sections += shown + ([f"{more(rest)} lines refused likewise"] if rest else [])
    if unit_orders:
        shown, rest = listed(unit_orders)
        ctx.sections.append("The GM gives no unit orders; these lines were ignored:\n"
                            + "\n".join(shown) + (f"\n  {more(rest)}" if rest else ""))
    if chatter:
        shown, rest = listed(chatter)
        ctx.sections.append("Not commands, ignored: " + ", ".join(shown)
                            + (f" {more(rest)}" if rest else ""))
