"""Order lines, CLEAR and ORDERS: each order of a mail replaces the earlier order of its
unit (or build site, spell...), the others stand; lines that are no orders are chatter."""

from __future__ import annotations

from dataclasses import replace

from gmbot.engine.orders import OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.state import GameState
from gmbot.engine.vocabulary import order_after_prose, order_text
from gmbot.service.inbound.bounds import listed, rejections
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.commands.parse import command_after_prose, near_command
from gmbot.service.inbound.commands.request import Line
from gmbot.service.inbound.commands.table import powers_of
from gmbot.service.inbound.submit import Submission, current_submission, submit
from gmbot.service.outbox.render import render
from gmbot.service.runtime import current_phase, policy_of, rules_for, state_of
from gmbot.service.views.open_deadline import open_deadline_text
from gmbot.service.views.readiness import hold_note
from gmbot.store.models import PhaseRow


def variant_orders(ctx: Context) -> None:
    """Give the variant back the RESIGN lines that are its orders, before orders are read."""
    req, player = ctx.request, ctx.player
    if player is None or not req.has("RESIGN") or "RESIGN" not in rules_for(ctx.game) \
            .order_words():
        return
    seats = {p.key for p in ctx.game.players}
    theirs = [c for c in req.commands if c.name == "RESIGN" and c.args != (player.key,)
              and not ((not c.args or c.args[0].upper() in seats)
                       and not _the_variants(ctx, player.key, c.line.text))]
    if theirs:
        req.commands = [c for c in req.commands if c not in theirs]
        req.orders = sorted([*req.orders, *(c.line for c in theirs)], key=lambda line: line.number)


def _the_variants(ctx: Context, power: str, line: str) -> bool:
    """Whether the variant reads a bare RESIGN as an order of `power` in the open phase."""
    phase = current_phase(ctx.session, ctx.game)
    if phase is None:
        return False
    rules = rules_for(ctx.game)
    state = state_of(ctx.game, phase, rules)
    try:
        return rules.parse_extra(OrderParser.for_map(state.map), line, power, state) is not None
    except OrderError:
        return False


def run(ctx: Context) -> bool:
    """Answer the mail's orders; True when it had order lines or CLEAR (orders changed)."""
    req = ctx.request
    player = ctx.player
    assert player is not None
    phase = current_phase(ctx.session, ctx.game)
    if phase is None:
        if req.orders:
            ctx.sections.append("The game has no open phase; no orders can be taken.")
        return False
    state = state_of(ctx.game, phase, rules_for(ctx.game))
    lines, chatter, tails = _split(ctx, state, req.orders)
    ctx.errors += len(tails)
    cleared = req.has("CLEAR")
    if cleared or lines:
        sub = submit(ctx.session, ctx.game, player, lines, ctx.app.now(), ctx.record.id,
                     phase=phase, clear=cleared, state=state,
                     commands=tuple(c.name for c in req.commands))
        # A line he corrected further down (a unit's order replaced by a later one, a typo
        # then the order) is listed, but leaves nothing to fix: no "Errors" subject.
        ctx.errors += sum(1 for i in range(len(sub.rejected))
                          if i >= len(sub.corrected) or sub.corrected[i] is None)
        _ack(ctx, phase, sub, chatter, tails, cleared=cleared and not lines, changed=True)
        return True
    elif req.has("ORDERS") or chatter or tails:
        # A mail without a single order line changes no order: it is shown as it stands.
        sub = current_submission(ctx.session, ctx.game, phase, player, state)
        _ack(ctx, phase, sub, chatter, tails, cleared=False, changed=False)
    return False


Refusal = tuple[int | None, str, str]  # line number, line, why: as Submission.rejected


def _split(ctx: Context, state: GameState, lines: list[Line]
           ) -> tuple[list[tuple[int | None, str]], list[Line], list[Refusal]]:
    """The mail's order lines (without bullets or prefixes), its chatter, and its lines of
    prose that end with an order or a command, each answered."""
    assert ctx.player is not None
    rules = rules_for(ctx.game)
    parser = OrderParser.for_map(state.map)
    orders: list[tuple[int | None, str]] = []
    chatter: list[Line] = []
    tails: list[Refusal] = []
    for line in lines:
        text = order_text(line.text, parser, rules, ctx.player.key, state)
        if text is not None:
            orders.append((line.number, text))
            continue
        tail = order_after_prose(line.text, parser, rules, ctx.player.key, state)
        what = "an order"
        if tail is None:
            tail, what = command_after_prose(line.text), "a command"
        if tail is not None:
            tails.append((line.number, line.text.strip(),
                          f"not read as {what}: put {tail} on a line of its own"))
        else:
            chatter.append(line)
    return orders, chatter, tails


def _ack(ctx: Context, phase: PhaseRow, sub: Submission, chatter: list[Line],
         tails: list[Refusal], *, cleared: bool, changed: bool) -> None:
    """The acknowledgement. Of the rejected, misspelt and ignored lines only the first few
    are listed (service/bounds.py): a mail of junk lines gets a short answer."""
    powers = powers_of(ctx) if chatter else None
    typos = [(line, near_command(line.text, powers=powers)) for line in chatter]
    ctx.errors += sum(1 for _, word in typos if word)
    shown, more_rejected = rejections(sorted([*sub.rejected, *tails],
                                             key=lambda r: r[0] or 0))
    misspelt, _ = listed([(line.number, line.text, word) for line, word in typos if word])
    ignored, more_ignored = listed([_short(line.text) for line, word in typos if not word])

    def ack_text() -> str:
        return render(
            "ack.txt.j2", sub=replace(sub, rejected=shown), game=ctx.game, player=ctx.player,
            cleared=cleared, changed=changed, ignored=ignored, more_ignored=more_ignored,
            typos=[(n, _short(text, 200), word) for n, text, word in misspelt],
            more_rejected=more_rejected,
            deadline=open_deadline_text(ctx.game, phase),
            # Early processing only: at the deadline nothing waits for anyone.
            held=hold_note(sub.held) if policy_of(ctx.game).early else None,
            over=ctx.game.status == "finished",
        )[1].rstrip()

    ctx.sections.append(ack_text())
    at, shown_when = len(ctx.sections) - 1, (phase.deadline_at, phase.paused_remaining)

    def again() -> None:
        # An action of the same mail moved the deadline (one deadline shown), or its vote
        # ended the game: its orders are then never played (issue 32, the fifth trial).
        if ((phase.deadline_at, phase.paused_remaining) != shown_when
                or ctx.game.status == "finished"):
            ctx.sections[at] = ack_text()

    ctx.after_actions.append(again)


def _short(text: str, width: int = 30) -> str:
    text = text.strip()
    return text if len(text) <= width else text[:width - 3].rstrip() + "..."

