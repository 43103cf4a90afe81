"""PRESS / BROADCAST blocks and replies to relayed press: the mail command. Each block is
checked (header, recipients, size, the game's press rules) and relayed whole, or refused
with its line and reason and nothing of it delivered; the ack says who it went to."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmbot.engine.state import Phase
from gmbot.mail.message import source_text
from gmbot.press.names import GM, Names
from gmbot.press.policy import Attempt, PressRules, refusal
from gmbot.press.syntax import PressBlock
from gmbot.service.inbound import relay as service
from gmbot.service.inbound.commands.context import Context
from gmbot.service.runtime import current_phase
from gmbot.store.models import Player, Press


@dataclass(frozen=True)
class Sender:
    player: Player | None  # None: the GM


def press_sender(ctx: Context) -> Sender | None:
    """Who may send press from this mail: the game's GM or one of its active players, as
    the inbound Context established them. The one place that decides it; nothing is
    relayed for anyone else."""
    if ctx.is_gm:
        return Sender(None)
    if ctx.player is not None and ctx.player.active:
        return Sender(ctx.player)
    return None


class Refused(Exception):
    """A press block that is not relayed; the message is the reason."""


def run(ctx: Context) -> None:
    """Relay the mail's press blocks; a mail without any that answers relayed press is a
    reply, its whole text press back to that press's sender (no orders read from it)."""
    blocks = list(ctx.request.press)
    reply = None
    if not blocks:
        replier = ctx.player if not ctx.is_gm else None
        ids = tuple(i for i in (ctx.mail.in_reply_to, *reversed(ctx.mail.references)) if i)
        reply = service.replied_press(ctx.session, ctx.game, replier, ids)
        if reply is None or not ctx.mail.lines:
            return
        blocks = [PressBlock(line=1, header="(reply)", text="\n".join(ctx.mail.lines),
                             first=1, last=len(ctx.mail.lines))]
        ctx.request.orders.clear()
        ctx.request.commands.clear()
    sender = press_sender(ctx)
    if sender is None:
        ctx.errors += 1
        ctx.sections.append("Press refused: only the game's players and its GM may send press.")
        return
    names = service.names_for(ctx.game)
    rules = service.press_rules(ctx.game)
    phase = current_phase(ctx.session, ctx.game)
    ended = ctx.game.status == "finished"  # the debrief: the rules' after_end
    phase_name = phase.name if phase is not None and not ended else ""
    for block in [as_written(ctx, b) for b in blocks]:
        where = f"line {block.line}: {block.header}" if reply is None else "Your reply"
        try:
            msg = (_reply(sender, reply, block, names, rules, phase_name, ended) if reply
                   else _message(sender, block, names, rules, phase_name, ended))
            _check_size(ctx, block)
        except Refused as e:
            ctx.errors += 1
            done = f"press refused, nothing was sent: {e}"
        else:
            service.relay(ctx.session, ctx.game, names, msg, ctx.record, ctx.app.now())
            done = _sent_text(msg, names, reply, rules, ended)
        if block.unterminated and reply is None:
            done += "\n  (no ENDPRESS: the rest of your mail was taken as press)"
        ctx.sections.append(f"{where}\n  {done}")


def as_written(ctx: Context, block: PressBlock) -> PressBlock:
    """The block with its text as the sender wrote it in his mail: paragraphs (blank
    lines) and quoted lines kept, within the same bounds (the header, the ENDPRESS, the
    signature or reply history the line reader stops at)."""
    if block.last < block.first:  # all of it on the header line
        return block
    if not block.opening:
        written = source_text(ctx.mail.body, ctx.mail.lines, block.first, block.last)
        return block if written is None else replace(block, text=written.strip("\n"))
    # Begun on the header line: what follows it, blank lines too, continues it.
    written = source_text(ctx.mail.body, ctx.mail.lines, block.line, block.last)
    if written is None:
        return block
    rest = written.split("\n", 1)[1].rstrip("\n")
    return replace(block, text=f"{block.opening}\n{rest}")


def _check_size(ctx: Context, block: PressBlock) -> None:
    limit = int(ctx.app.config.limit("press_bytes"))
    size = len(block.text.encode("utf-8"))
    if size > limit:
        raise Refused(f"the message is {size} bytes; press is relayed up to {limit} bytes")


def _message(sender: Sender, block: PressBlock, names: Names, rules: PressRules,
             phase: str, ended: bool) -> service.Message:
    if block.problems:
        raise Refused("; ".join(block.problems))
    own = sender.player.key if sender.player else GM
    everyone = [k for k in names.seats if k != own]
    if block.broadcast and not block.but:
        to = everyone
    else:
        named, unknown = names.resolve(block.but or block.to)
        if unknown:
            choices = ", ".join([names.label(k) for k in names.seats] + ["GM"])
            raise Refused(f"no player called {', '.join(unknown)} (write one of: {choices})")
        to = ([k for k in everyone if k not in named] if block.but
              else [k for k in named if k != own])
        if not to:
            raise Refused("nobody is left to receive it")
    fake = _fake(sender, block, names, own)
    grey = block.grey if block.grey is not None else rules.default_grey()
    if sender.player is None and (grey or fake):
        raise Refused("the GM's press is always signed")
    broadcast = block.broadcast and not block.but
    why = refusal(rules, Attempt(private=not broadcast, grey=grey or bool(fake),
                                 fake=bool(fake), phase=phase, to_gm_only=to == [GM],
                                 by_gm=sender.player is None, ended=ended))
    if why:
        raise Refused(why)
    return service.Message(sender.player, tuple(to), broadcast, grey or bool(fake), fake,
                           block.text, phase)


def _fake(sender: Sender, block: PressBlock, names: Names, own: str) -> str | None:
    if not block.fake_as:
        return None
    found, unknown = names.resolve((block.fake_as,))
    if unknown or len(found) != 1 or found[0] == GM:
        raise Refused(f"FAKE AS names no player: {block.fake_as}")
    if found[0] == own:
        raise Refused("FAKE AS names yourself; write WHITE for signed press")
    return found[0]


def _reply(sender: Sender, original: Press, block: PressBlock, names: Names,
           rules: PressRules, phase: str, ended: bool) -> service.Message:
    to = original.sender_key
    if to != GM and to not in names.seats:
        raise Refused("the sender of that press no longer plays in this game")
    grey = rules.default_grey() and sender.player is not None and to != GM
    why = refusal(rules, Attempt(private=True, grey=grey, fake=False, phase=phase,
                                 to_gm_only=to == GM, by_gm=sender.player is None,
                                 ended=ended))
    if why:
        raise Refused(why)
    return service.Message(sender.player, (to,), False, grey, None, block.text, phase,
                           reply_to=original)


def _sent_text(msg: service.Message, names: Names, reply: Press | None,
               rules: PressRules, ended: bool) -> str:
    if reply is not None and reply.grey and reply.signed_as is None:
        to = "the anonymous sender of that press"
    elif reply is not None:
        to = reply.signed_as or names.label(reply.sender_key)
    else:
        to = "all players" if msg.broadcast else ", ".join(names.label(k) for k in msg.to)
    how = (f"signed as {names.label(msg.fake_as)} (fake)" if msg.fake_as
           else "anonymously (grey)" if msg.grey
           else f"signed {names.label(msg.sender.key) if msg.sender else 'the GM'}")
    when = (f" in {Phase.parse(msg.phase).long()}" if msg.phase
            else " after the end of the game" if ended else "")
    copy = ("; the GM receives a copy" if rules.gm_copies and not msg.broadcast
            and msg.sender is not None and GM not in msg.to else "")
    return f"press sent to {to}, {how}{when}{copy}."
