"""PRESS / BROADCAST blocks and replies to relayed press: the mail command. Each block is
checked (header, recipients, size, the game's press rules, its press limits per mail and
per hour) and relayed whole, or refused with its line and reason and nothing of it
delivered; the ack says who it went to, in a bounded list (a mail of 10,000 blocks gets a
short ack)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmbot.engine.state import Phase
from gmbot.gamefile.settings.press import Attempt, PressRules, refusal
from gmbot.mail.message import source_text
from gmbot.press.limits import Used, most_messages, over
from gmbot.press.names import GM, Names
from gmbot.press.secrets import mask_secrets
from gmbot.press.syntax import PressBlock, is_password_line, some_names
from gmbot.service.inbound import relay as service
from gmbot.service.inbound.bounds import clip, listed, more
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.lookups import RATE_WINDOW
from gmbot.service.runtime import current_phase
from gmbot.service.seats.bot_seats import bot_keys
from gmbot.service.views.press_record import reply_addressee
from gmbot.store.models import Player
from gmbot.store.press import Press


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


class Budget:
    """The game's press limits (gmbot/press/limits.py) as one mail spends them: what the
    mail has relayed, and what its sender relayed in the last hour, read when first
    needed."""

    def __init__(self, ctx: Context, rules: PressRules, sender: Sender) -> None:
        self.ctx, self.rules = ctx, rules
        self.key = sender.player.key if sender.player else GM
        self.mail = Used()
        self.hour: Used | None = None

    def check(self, copies: int, size: int) -> None:
        why = over(self.rules.per_mail, self.mail, copies, size, "mail")
        if why is None:
            if self.hour is None:
                self.hour = service.sent_since(self.ctx.session, self.ctx.game, self.key,
                                               self.ctx.app.now() - RATE_WINDOW)
            why = over(self.rules.per_hour, self.hour, copies, size, "hour")
        if why:
            raise Refused(why)

    def spend(self, copies: int, size: int) -> None:
        self.mail.add(copies, size)
        if self.hour is not None:
            self.hour.add(copies, size)


def run(ctx: Context) -> None:
    """Relay the mail's press blocks; a mail without any that answers relayed press is a
    reply, its whole text press back to that press's sender (no orders read from it)."""
    blocks = list(ctx.request.press)
    reply = None
    if not blocks:
        replier = ctx.player if not ctx.is_gm else None
        ids = tuple(i for i in (ctx.mail.in_reply_to, *reversed(ctx.mail.references)) if i)
        reply = service.replied_press(ctx.session, ctx.game, replier, ids)
        block = _reply_block(ctx) if reply is not None else None
        if block is None:
            return
        blocks = [block]
        ctx.request.orders.clear()
        ctx.request.commands.clear()
    sender = press_sender(ctx)
    if sender is None:
        ctx.errors += 1
        ctx.sections.append("Press refused: only the game's players and its GM may send press.")
        return
    names = service.names_for(ctx.game)
    bots = bot_keys(ctx.session, ctx.game)  # seats without a reader
    rules = service.press_rules(ctx.game)
    phase = current_phase(ctx.session, ctx.game)
    ended = ctx.game.status == "finished"  # the debrief: the rules' after_end
    phase_name = phase.name if phase is not None and not ended else ""
    budget = Budget(ctx, rules, sender)
    reports: list[tuple[str, str | None]] = []  # (what the ack says, why it was refused)
    for n, written in enumerate(blocks):
        masked = False
        # The header as the mail repeats it: clipped, like every line an ack repeats.
        where = f"line {written.line}: {clip(written.header)}" if reply is None else "Your reply"
        why: str | None = None
        try:
            if n >= rules.per_mail.messages:  # not even read: a flood costs no more
                raise Refused(most_messages(rules.per_mail.messages, "mail"))
            block, masked = _masked(as_written(ctx, written))
            msg = (_reply(sender, reply, block, names, rules, phase_name, ended) if reply
                   else _message(sender, block, names, rules, phase_name, ended, bots))
            size = _check_size(ctx, block)
            copies = len(service.copies_of(ctx.game, msg))
            budget.check(copies, size)
        except Refused as e:
            ctx.errors += 1
            why = clip(str(e), 1000)  # its words from the mail are few and cut already
            done = f"press refused, nothing was sent: {why}"
        else:
            service.relay(ctx.session, ctx.game, names, msg, ctx.record, ctx.app.now())
            budget.spend(copies, size)
            done = _sent_text(msg, names, reply, rules, ended)
        if written.unterminated and reply is None:
            done += "\n  (no ENDPRESS: the rest of your mail was taken as press)"
        if written.ended_by_password:
            how = "ended it" if reply is None else "was left out of it"
            done += f"\n  (your PASSWORD line {how}: a password is never relayed)"
        elif masked:
            done += "\n  (a password in it was masked: a password is never relayed)"
        reports.append((f"{where}\n  {done}", why))
    shown, rest = listed(reports)
    ctx.sections += [text for text, _ in shown]
    if rest:
        ctx.sections.append(_rest_text(reports[len(shown):]))


def _rest_text(rest: list[tuple[str, str | None]]) -> str:
    """The press messages past the ack's list, counted, with why they were refused."""
    refused = [why for _, why in rest if why is not None]
    text = f"{more(len(rest))} press messages: {len(rest) - len(refused):,} sent"
    if refused:
        reasons = list(dict.fromkeys(refused))
        shown, others = listed(reasons, 3)
        text += (f", {len(refused):,} refused and nothing of them sent: " + "; ".join(shown)
                 + (f" ({more(others)} reasons)" if others else ""))
    return text + "."


def _reply_block(ctx: Context) -> PressBlock | None:
    """A Reply's text as press: all of the mail's own lines as written, but its PASSWORD
    lines, which are left out (a secret is never relayed); None if nothing is left."""
    lines = ctx.mail.lines
    if not lines:
        return None
    written = source_text(ctx.mail.body, lines, 1, len(lines))
    every = written.strip("\n").split("\n") if written is not None else list(lines)
    kept = [line for line in every if not is_password_line(line.strip())]
    text = "\n".join(kept).strip("\n")
    if not text:
        return None
    # first > last: the text is final, as_written leaves it as it is.
    return PressBlock(line=1, header="(reply)", text=text, first=1, last=0,
                      ended_by_password=len(kept) < len(every))


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


def _masked(block: PressBlock) -> tuple[PressBlock, bool]:
    """The block with any password in its text masked (gmbot/press/secrets.py), before it
    is checked, relayed or stored; and whether one was."""
    text, masked = mask_secrets(block.text)
    return (replace(block, text=text) if masked else block), masked


def _check_size(ctx: Context, block: PressBlock) -> int:
    """The message's size in bytes, if it is within limits.press_bytes."""
    limit = int(ctx.app.config.limit("press_bytes"))
    size = len(block.text.encode("utf-8"))
    if size > limit:
        raise Refused(f"the message is {size} bytes; press is relayed up to {limit} bytes")
    return size


def _message(sender: Sender, block: PressBlock, names: Names, rules: PressRules,
             phase: str, ended: bool, bot_seats: list[str]) -> service.Message:
    if block.problems:
        raise Refused("; ".join(block.problems))
    own = sender.player.key if sender.player else GM
    everyone = [k for k in names.seats if k != own]
    if block.broadcast and not block.but:
        to = everyone
    else:
        named, unknown = names.resolve(block.but or block.to)
        named_bots = {names.map_power(u) or u.strip().upper() for u in unknown}
        bots = [k for k in bot_seats if k in named_bots]
        if bots:  # a seat the bot plays has no reader (docs/bots.md)
            raise Refused(f"{', '.join(bots)} {'is' if len(bots) == 1 else 'are'} played "
                          f"by the judge's bot, which reads no press")
        if unknown:
            choices = ", ".join([names.label(k) for k in names.seats] + ["GM"])
            raise Refused(f"no player called {some_names(unknown)} (write one of: {choices})")
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
        raise Refused(f"FAKE AS names no player: {some_names([block.fake_as])}")
    if found[0] == own:
        raise Refused("FAKE AS names yourself; write WHITE for signed press")
    return found[0]


def _reply(sender: Sender, original: Press, block: PressBlock, names: Names,
           rules: PressRules, phase: str, ended: bool) -> service.Message:
    to = original.sender_key
    if to != GM and to not in names.seats:
        raise Refused("the sender of that press no longer plays in this game")
    grey = rules.default_grey() and sender.player is not None and to != GM
    fake = None
    mine = original.reply_to
    if (sender.player is not None and mine is not None
            and mine.sender_key == sender.player.key and mine.grey):
        # An answer to his own grey or fake-signed press: he answers as he wrote it,
        # never unmasked by the judge's signature.
        grey = True
        fake = next((k for k in names.seats if names.label(k) == mine.signed_as), None)
    why = refusal(rules, Attempt(private=True, grey=grey, fake=bool(fake), phase=phase,
                                 to_gm_only=to == GM, by_gm=sender.player is None,
                                 ended=ended))
    if why:
        raise Refused(why)
    return service.Message(sender.player, (to,), False, grey, fake, block.text, phase,
                           reply_to=original)


def _sent_text(msg: service.Message, names: Names, reply: Press | None,
               rules: PressRules, ended: bool) -> str:
    if reply is not None:
        gm_copy = msg.sender is None and GM not in reply.recipients
        to = reply_addressee(reply, names, gm_copy) or "the anonymous sender of that press"
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
