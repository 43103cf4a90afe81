"""The command table: one row per mail command, saying who may use it, how it is written,
what HELP says of it, the reply's title when it is the mail's only command, and its
handler. The parser's command words and its "did you mean" (parse.py), the dispatch
(handlers.py), the usage a refusal names and the list of commands in HELP are all read
from TABLE: a new mail command is one handler and one row here.

A row's handler is one of two kinds. A question (`answer`) is answered once per mail for
each distinct way it is asked, after everything else, and adds its sections to the reply.
An action (`act`) is done line by line in the mail's order and reported done, or refused
when it raises AdminError (gmbot/service/gm/admin.py), whose message is the reason. ORDERS
and CLEAR have neither: they are read with the mail's order lines (orders.py). No command
has another name (PASS and PW are the PASSWORD directive's, read by parse.py with GAME)."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from functools import lru_cache
from importlib import import_module
from typing import cast

from gmbot.service.inbound.commands.context import Context
from gmbot.service.outbox.render import render
from gmbot.service.runtime import map_for, rules_for
from gmbot.service.votes.motion import VOTE_TAKES

Question = Callable[[Context, tuple[str, ...]], None]  # (mail, the words after it)
Action = Callable[[Context, tuple[str, ...], datetime], str]  # ... and now: what was done


class Handler:
    """The function `module:name` of this package, imported at its first call. A mail runs
    one or two of the table's commands: importing every handler's module (the GM's use
    cases, absences, votes, sign-up) at start cost the pipe's worker a few percent of its
    instructions with one orders mail (benchmarks/instructions.py asked for it)."""

    def __init__(self, where: str) -> None:
        self.where = where
        self._function: Callable[..., object] | None = None

    def resolve(self) -> Callable[..., object]:
        if self._function is None:
            module, name = self.where.split(":")
            self._function = getattr(import_module(f"{__package__}.{module}"), name)
        return self._function

    def __call__(self, *args: object) -> object:
        return self.resolve()(*args)


def answered_by(where: str) -> Question:
    return cast(Question, Handler(where))


def done_by(where: str) -> Action:
    return cast(Action, Handler(where))


class Who(Enum):
    """Who may use a command. A player's use of a GM's command is refused; the GM's use
    of a player's command is passed over (the GM has no orders)."""

    PLAYER = "player"
    GM = "gm"
    ANYONE = "anyone"


@dataclass(frozen=True)
class Row:
    name: str  # the word that starts its line, in capitals
    who: Who
    explains: str = ""  # HELP's line for it ("NAME: explains"); HELP lists a GM's by synopsis
    gm_explains: str = ""  # the GM's HELP's line for it, where it does more for him
    title: str | None = None  # the reply's subject when the mail has only this command
    answer: Question | None = None  # a question's handler
    act: Action | None = None  # an action's handler
    # Its texts name example powers by place, {me} {a} {b} {c}, spelt per game (spelt()).
    synopsis: str = ""  # how HELP writes it ("EXTEND 24h"); the name if not given
    usage: str = ""  # how a refusal says to write it; the synopsis if not given
    least: int = 0  # the words an action takes after its name: at least,
    most: int | None = None  # and at most (None: any number)
    # A player's command whose word the GM uses for an action of his own (a player's DRAW
    # is his vote, the GM's DRAW ends the game): the GM's handler, and how the GM's HELP
    # writes it (none: HELP leaves it out, the GM's handler only says why he may not).
    gm_act: Action | None = None
    gm_synopsis: str = ""
    # The words one of which must follow the name for a line to be this command; other
    # lines that start with the name are order lines (Capitalist's own VOTE A PAR (2)).
    # Empty: any line that starts with the name.
    takes: frozenset[str] = frozenset()
    # Whether HELP's list of commands shows it: a command only some variants answer
    # (BALANCE) is shown by those variants' own help texts instead.
    listed: bool = True

    def __post_init__(self) -> None:
        if not self.synopsis:
            object.__setattr__(self, "synopsis", self.name)
        if not self.usage:
            object.__setattr__(self, "usage", self.synopsis)
        if self.answer is not None and self.act is not None:
            raise ValueError(f"{self.name}: a question or an action, not both")
        if self.who is not Who.GM and not self.explains:
            raise ValueError(f"{self.name}: HELP must say what it does")
        if self.gm_act is not None and (self.who is not Who.PLAYER or self.act is None):
            raise ValueError(f"{self.name}: only a player's action has a GM's action too")

    @property
    def question(self) -> bool:
        return self.answer is not None

    def may_use(self, gm: bool) -> bool:
        return (self.who is Who.ANYONE or (self.who is Who.GM) == gm
                or (gm and self.gm_act is not None))

    def action(self, gm: bool) -> Action | None:
        """The handler of the sender's action: the GM's own where the row has one."""
        return self.gm_act if gm and self.gm_act is not None else self.act

    def claims(self, args: list[str]) -> bool:
        """Whether a line of this name followed by `args` is this command."""
        return not self.takes or bool(args and args[0].upper() in self.takes)

    def fits(self, args: tuple[str, ...]) -> bool:
        """Whether an action is written with the words it takes."""
        return self.least <= len(args) and (self.most is None or len(args) <= self.most)


class Table:
    """The rows, in the order HELP lists them, and what is read from them."""

    def __init__(self, rows: Iterable[Row]) -> None:
        self.rows = tuple(rows)
        self.by_name = {row.name: row for row in self.rows}
        if len(self.by_name) != len(self.rows):
            raise ValueError("two rows for one command")
        # "Did you mean": a player is offered the commands he may use, the GM all of them.
        self._player_words = tuple(sorted(r.name for r in self.rows if r.who is not Who.GM))
        self._all_words = tuple(sorted(self.by_name))
        self.titles = {row.name: row.title for row in self.rows if row.title}

    def near(self, head: str, gm: bool) -> str | None:
        """The command `head` (a line's first word, in capitals) most likely misspells."""
        return _near(self._all_words if gm else self._player_words, head)

    def for_players(self) -> list[Row]:
        return [row for row in self.rows if row.who is not Who.GM and row.listed]

    def for_gm(self) -> list[Row]:
        """The GM's commands: his own, then the players' words he uses for his own action."""
        return ([row for row in self.rows if row.who is Who.GM]
                + [row for row in self.rows if row.gm_act is not None and row.gm_synopsis])


@lru_cache(maxsize=1024)  # a player's greeting and signature recur in his every mail
def _near(words: tuple[str, ...], head: str) -> str | None:
    hits = difflib.get_close_matches(head, words, 1, 0.75)
    return hits[0] if hits else None


# The powers a row's examples name ({me}: the reader's; {a}, {b}, {c}: others), where no
# game is known (a line's "did you mean" before its game is read).
# {unit} and {phase}: one of the reader's units and a processed phase, for EXPLAIN's.
STANDARD_POWERS = {"me": "FRANCE", "a": "FRANCE", "b": "GERMANY", "c": "ITALY",
                   "unit": "A PAR", "phase": "S1901M"}


def powers_of(ctx: Context) -> dict[str, str]:
    """The powers of the sender's own game for the examples: an Iberian player reads RESIGN
    CASTILLE and CONCEDE TO BADAJOZ, not standard's France."""
    powers = sorted(map_for(rules_for(ctx.game)).powers)  # the board's: no Wazir's seat
    player = ctx.player
    mine = player.power if player is not None and player.power else None
    # The GM's examples: the board's first powers; a Wazir's seat is his own name (the
    # trial of 3 December read "RESIGN BADAJOZ" in a Wazir's HELP, which RESIGN refuses).
    me = mine or (player.key if player is not None else powers[0])
    others = [p for p in powers if p != mine] or [me]
    a, b, c = (others * 3)[:3]
    return {"me": me, "a": a, "b": b, "c": c}


def spelt(text: str, powers: dict[str, str] | None = None) -> str:
    """A row's text with its example powers named (those of `powers`, else standard's)."""
    return text.format_map(powers or STANDARD_POWERS)


def help_text(ctx: Context, args: tuple[str, ...] = ()) -> None:
    """HELP: how to use the judge, its commands as the table has them."""
    from gmbot.service.inbound.commands import learn  # at the call: see _handler
    from gmbot.service.inbound.relay import press_rules

    powers = powers_of(ctx)
    extra = learn.help_extra(ctx)
    units = extra["ex"].units  # the reader's own, as the order examples (another's: the GM)
    spelling = {**powers, "unit": units[0] if units else STANDARD_POWERS["unit"],
                "phase": learn.last_phase(ctx)}
    ctx.sections.append(render(
        "help.txt.j2", game=ctx.game, is_gm=ctx.is_gm, press=press_rules(ctx.game).summary(),
        commands=[(spelt(r.synopsis, powers),
                   spelt(r.gm_explains if ctx.is_gm and r.gm_explains else r.explains,
                         spelling))
                  for r in TABLE.for_players()],
        gm_commands=", ".join(spelt(r.gm_synopsis or r.synopsis, powers)
                              for r in TABLE.for_gm()),
        powers=powers,
        **extra,
    )[1].rstrip())


TABLE = Table((
    Row("ORDERS", Who.PLAYER, explains="show your current orders"),
    Row("CLEAR", Who.PLAYER, explains="withdraw all your orders"),
    Row("STATUS", Who.ANYONE, explains="the board and the deadline", title="Status",
        answer=answered_by("info:status")),
    Row("HISTORY", Who.ANYONE, explains="past results, map and press", title="History",
        answer=answered_by("info:history")),
    Row("EXPLAIN", Who.ANYONE, synopsis="EXPLAIN unit (phase)", title="Explained",
        answer=answered_by("explain:explain"),
        explains="why one of your units did what it did in the last phase it had an order, "
                 "or in the phase you name after it as your results name phases: the "
                 "strengths, supports counted and cut, the rules that decided it (EXPLAIN "
                 "{unit}; EXPLAIN {unit} {phase} for that phase)",
        gm_explains="why any power's unit did what it did in the last phase it had an "
                    "order, or in the phase you name after it, from your copy of the results "
                    "(the full one: what the players may not all see is marked): the "
                    "strengths, supports counted and cut, the rules that decided it (EXPLAIN "
                    "{unit}; EXPLAIN {unit} {phase} for that phase)"),
    Row("BALANCE", Who.ANYONE, explains="your own account (variants with money)",
        title="Balance", answer=answered_by("info:balance"), listed=False),
    Row("NEWPASSWORD", Who.ANYONE, act=done_by("secret:new_password"), most=1,
        explains="a new password, mailed to you alone (not with the old password as "
                 "your only proof; the game master may add a power: NEWPASSWORD {a})"),
    Row("RULES", Who.ANYONE, synopsis="RULES (RULES FULL)",
        explains="a primer of this game's variant and options (FULL: every ruling)",
        title="Rules", answer=answered_by("learn:rules")),
    Row("PROVINCES", Who.ANYONE, explains="the map's provinces, their neighbours, a blank map",
        title="Provinces", answer=answered_by("learn:provinces")),
    Row("WAIT", Who.PLAYER, act=done_by("hold:wait"), most=0,
        explains="hold early processing for you this phase (until READY)"),
    Row("READY", Who.PLAYER, act=done_by("hold:ready"), most=0,
        explains="you are done: lifts your WAIT, and lets orders stand despite refused lines"),
    Row("ABSENCE", Who.ANYONE, act=done_by("absence:absence"), least=1,
        synopsis="ABSENCE 2026-12-20 2026-12-28",
        usage="ABSENCE 2026-12-20 2026-12-28 (or SET ABSENCE 20 Dec TO 28 Dec)",
        explains="you will be away (dates included; with times: 2026-12-20 18:00 TO "
                 "2026-12-28 09:00): a deadline in it moves past it, within the game's "
                 "limits (the game master names the power: ABSENCE {a} ...)"),
    Row("VACATION", Who.ANYONE, act=done_by("absence:vacation"), least=1,
        synopsis="VACATION 10 days",
        explains="you will be away from now on, for days, weeks or hours (2 weeks, 36h)"),
    Row("BACK", Who.ANYONE, act=done_by("absence:back"), most=1,
        explains="your absence ends now (one still to come is called off); moved deadlines "
                 "stay"),
    # Sign-up mail, from anyone: answered by the `joining` gate (inbound/signups.py) before
    # a mail reaches its game; in a game's mail with more in it, the sender is told how.
    Row("LIST", Who.ANYONE, explains="the games on this judge: open for sign-up, with a "
                                     "seat to take over, running",
        answer=answered_by("joining:alone_list")),
    Row("JOIN", Who.ANYONE, synopsis="JOIN game [{a} {b} ...]",
        explains="ask for a seat in a game open for sign-up, with the powers you prefer "
                 "(also SIGN ON game)", answer=answered_by("joining:alone_game")),
    Row("OBSERVE", Who.ANYONE, synopsis="OBSERVE game", answer=answered_by("joining:alone_game"),
        explains="receive a game's public mail, where the game allows it"),
    Row("TAKEOVER", Who.ANYONE, synopsis="TAKEOVER game POWER",
        answer=answered_by("joining:alone_game"),
        explains="take over a seat its player left, or one the judge's bot plays"),
    Row("RESIGN", Who.PLAYER, act=done_by("seats:resign"), most=1, synopsis="RESIGN {me}",
        usage="RESIGN and your power, alone on its line (RESIGN {me})",
        explains="give up your seat for good: it is played without orders, as the rules "
                 "say, and a replacement is sought (RESIGN alone says what that means and "
                 "how to confirm)"),
    Row("VOTE", Who.PLAYER, act=done_by("votes:vote"), gm_act=done_by("votes:gm_vote"),
        least=1, takes=VOTE_TAKES,
        synopsis="VOTE DRAW", usage="VOTE DRAW, VOTE CONCEDE TO {a}, VOTE CANCEL or "
                                    "VOTE NONE",
        explains="your vote to end the game: VOTE DRAW (all survivors), VOTE DRAW {a} "
                 "{b} (named, where the game allows), VOTE CONCEDE TO {a}, VOTE "
                 "CANCEL; VOTE NONE withdraws it. It stands from phase to phase until "
                 "changed; the game ends when every voter votes alike"),
    Row("DRAW", Who.PLAYER, act=done_by("votes:draw"), gm_act=done_by("gm:draw"),
        gm_synopsis="DRAW [{a} {b}]",
        explains="the same as VOTE DRAW (DRAW {a} {b}: VOTE DRAW {a} {b})"),
    Row("CONCEDE", Who.PLAYER, act=done_by("votes:concede"), gm_act=done_by("votes:gm_vote"),
        least=1, most=2,
        synopsis="CONCEDE {a}", explains="the same as VOTE CONCEDE TO {a}"),
    Row("SET", Who.PLAYER, act=done_by("votes:setting"), gm_act=done_by("votes:gm_vote"), least=1,
        synopsis="SET DRAW", usage="SET DRAW, SET NODRAW, SET CONCEDE {a}, SET NOCONCEDE "
                                   "or SET MAIL PRESS DIGEST",
        explains="njudge's forms of a vote: SET DRAW [{a} {b}], SET NODRAW, "
                 "SET CONCEDE {a}, SET NOCONCEDE; and the mail you may do without: "
                 "SET MAIL PRESS DIGEST (press in one mail a day; EACH: as it comes), "
                 "SET MAIL REMINDERS OFF (or ON), SET MAIL QUIET 22:00-07:00 (press and "
                 "reminders wait till then; OFF), SET MAIL ZONE Europe/Paris (your time "
                 "zone). Results, answers and the late notice always come"),
    Row("SUMMARY", Who.ANYONE, explains="the game's record: who played which power when, "
                                        "centres each year, missed orders, how it ended",
        title="Summary", answer=answered_by("record:summary")),
    Row("HELP", Who.ANYONE, explains="this text", title="Help", answer=help_text),
    Row("PROCESS", Who.GM, act=done_by("gm:process")),
    Row("EXTEND", Who.GM, act=done_by("gm:extend"), synopsis="EXTEND 24h", least=1),
    Row("PAUSE", Who.GM, act=done_by("gm:pause")),
    Row("RESUME", Who.GM, act=done_by("gm:resume")),
    Row("ROLLBACK", Who.GM, act=done_by("gm:rollback"), synopsis="ROLLBACK S1901M", least=1,
        most=1),
    Row("REPLACE", Who.GM, act=done_by("gm:replace"), synopsis="REPLACE {a} new@address",
        usage="REPLACE {a} new.address@example.org", least=2),
    Row("APPROVE", Who.GM, act=done_by("joining:approve"), synopsis="APPROVE game address",
        usage="APPROVE game luca@example.org", least=1, most=2),
    Row("REJECT", Who.GM, act=done_by("joining:reject"), synopsis="REJECT game address",
        usage="REJECT game luca@example.org", least=1, most=2),
    Row("DISORDER", Who.GM, act=done_by("seats:disorder"), synopsis="DISORDER {a}", least=1,
        most=1),
    Row("ADD", Who.GM, act=done_by("seats:add"), synopsis="ADD BOT {a}", least=2, most=2,
        takes=frozenset({"BOT"})),
    Row("REMOVE", Who.GM, act=done_by("seats:remove"), synopsis="REMOVE BOT {a}", least=2, most=2,
        takes=frozenset({"BOT"})),
))
