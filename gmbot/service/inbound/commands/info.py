"""The questions a mail may ask, STATUS, HISTORY and BALANCE: the handlers of their rows in
the command table (table.py; HELP is answered there, from the table). Each adds its
answer to the reply; the words after the command are given to each, read by HISTORY."""

from __future__ import annotations

from sqlalchemy import select

from gmbot.engine.report import GM
from gmbot.engine.state import Phase
from gmbot.service.deadline.absences import status_lines
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.relay import names_for
from gmbot.service.joining.seats import pending_lines, signup_line
from gmbot.service.outbox.render import render
from gmbot.service.runtime import current_phase, policy_of, rules_for, state_of
from gmbot.service.seats.bot_seats import bot_lines
from gmbot.service.seats.roster import open_seat_lines
from gmbot.service.views.mail_prefs import describe, prefs_of
from gmbot.service.views.open_deadline import open_deadline_text
from gmbot.service.views.pictures import phase_picture
from gmbot.service.views.press_record import press_by_phase
from gmbot.service.views.readiness import hold_note
from gmbot.service.views.results import board_summary
from gmbot.service.views.standing import (
    NOT_AT_ALL,
    NOTHING,
    ORDERED,
    PARTLY,
    standing_text,
    standings,
)
from gmbot.service.votes.show import vote_lines
from gmbot.store.models import PhaseRow


def status(ctx: Context, args: tuple[str, ...] = ()) -> None:
    game = ctx.game
    phase = current_phase(ctx.session, game)
    pending = pending_lines(ctx.session, game) if ctx.is_gm else []
    signup = signup_line(ctx.session, game)
    if phase is None and signup is not None:
        ctx.sections.append("\n".join([signup, *pending]))
        return
    if phase is None:
        ctx.sections.append(f"Game {game.name} is {game.status}; no phase is open.")
        return
    rules = rules_for(game)
    state = state_of(game, phase, rules)
    table = waiting = own = None
    if ctx.is_gm:  # who has ordered is for the GM only
        rows = standings(ctx.session, game, phase)
        table = standing_text(game, rows) + open_seat_lines(ctx.session, game)
        waiting = [r.key for r in rows if not r.done]
    elif ctx.player is not None:  # ... and each player his own standing
        own = own_standing(ctx, phase, rules.optional_orders(state, ctx.player.key))
    ctx.sections.append(render(
        "status.txt.j2", game=game, phase=Phase.parse(phase.name).long(),
        deadline=open_deadline_text(game, phase, utc=ctx.is_gm),
        # The GM sees every unit, each hidden one marked, as in his copy of the results.
        board=board_summary(state, rules, GM if ctx.is_gm else None if ctx.player is None
                            else ctx.player.key), waiting=waiting, table=table, own=own,
        absences=status_lines(ctx.session, game, ctx.app.now(),
                              ctx.player.key if ctx.player else None, ctx.is_gm),
        mail=(describe(prefs_of(ctx.player), policy_of(game).timezone)
              if ctx.player is not None else None),
    )[1].rstrip())
    bots = bot_lines(ctx.session, game)
    if bots:
        ctx.sections.append("\n".join(bots))
    votes = vote_lines(ctx.session, game, state, rules,
                       None if ctx.player is None else ctx.player.key, ctx.is_gm)
    if votes:
        ctx.sections.append("\n".join(votes))
    if pending:  # requests to take over an open seat, for the GM
        ctx.sections.append("\n".join(pending))


def own_standing(ctx: Context, phase: PhaseRow, optional: list[str] | None = None) -> str:
    """The sender's own standing, as STATUS tells him: his orders and what of his own
    holds early processing. `optional`: what he may order though the phase does not wait
    for him (a Wazir's units, a fallen warlock's UNDEAD), so that "nothing to order" does
    not hide them. What is missing is the ack's "Still without orders", from one source."""
    assert ctx.player is not None
    rows = [r for r in standings(ctx.session, ctx.game, phase) if r.key == ctx.player.key]
    if not rows:  # he resigned (earlier in this very mail, perhaps): no seat to stand for
        return f"You no longer play {ctx.player.key}: its seat is open."
    [row] = rows
    missing = ", ".join(row.missing)
    nothing = (f"Nothing waits for your orders, but you may order {', '.join(optional)}."
               if optional else "You have nothing to order.")
    text = {ORDERED: "Your orders are complete.", NOTHING: nothing,
            # "not ordered yet" alone left a Prince in a winter to guess what he owed.
            NOT_AT_ALL: f"You have not ordered yet. Still without orders: {missing}.",
            PARTLY: f"Still without orders: {missing}."}[row.status]
    note = hold_note(row.held)
    return text + (f"\n{note}" if note else "")


def balance(ctx: Context, args: tuple[str, ...] = ()) -> None:
    """The sender's own account and other private standing (the rules' `private_lines`):
    only ever the sender's, so it is never shown to the GM or another player."""
    game = ctx.game
    phase = current_phase(ctx.session, game)
    if ctx.player is None:
        ctx.sections.append("BALANCE shows a player's own account; the GM has none.")
        return
    if phase is None:
        ctx.sections.append(f"Game {game.name} is {game.status}; no phase is open.")
        return
    rules = rules_for(game)
    lines = rules.private_lines(state_of(game, phase, rules), ctx.player.key)
    ctx.sections.append("\n".join(lines) if lines else "This game keeps no account for you.")


def history(ctx: Context, args: tuple[str, ...]) -> None:
    rows = ctx.session.scalars(
        # processed_at, not result: an empty JSON result is stored as JSON null, not NULL.
        select(PhaseRow).where(PhaseRow.game_id == ctx.game.id,
                               PhaseRow.processed_at.is_not(None),
                               PhaseRow.superseded.is_(False)).order_by(PhaseRow.seq)
    ).all()
    press = press_by_phase(ctx.session, ctx.game, ctx.player, names_for(ctx.game))
    if args:
        wanted = args[0].upper()
        rows = [r for r in rows if r.name == wanted]
        press = {name: texts for name, texts in press.items() if name == wanted}
    if not rows and not press:
        ctx.sections.append("No past results" + (f" for {args[0]}." if args else " yet."))
        return
    shown = rows[-5:] if not args else rows
    for row in shown:
        text = (row.result or {}).get("public_text", "")
        ctx.sections.append(f"=== {Phase.parse(row.name).long()} ===\n{text}".rstrip())
        if press.get(row.name):
            ctx.sections.append("Press:\n" + "\n".join(press.pop(row.name)))
    # Press of the open phase (and of phases older than those shown, when asked for).
    for name, texts in press.items():
        if any(r.name == name for r in rows) and not any(r.name == name for r in shown):
            continue
        when = (f"in {Phase.parse(name).long()}" if name
                else "after the end of the game" if ctx.game.status == "finished"
                else "in the game")
        ctx.sections.append(f"=== Press {when} ===\n" + "\n".join(texts))
    if shown:
        # The map of the last phase listed, as its results mail showed it to the sender.
        ctx.picture = phase_picture(ctx.session, ctx.game, shown[-1].name,
                                    None if ctx.player is None else ctx.player.key)
