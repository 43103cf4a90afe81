"""Votes on how a game ends, counted, and the game ended when one passes: a draw (of all
survivors, or of the powers it names), a concession to one power, or the game cancelled.
A vote passes when every voter with a player (the rules' `voters`: the surviving powers,
and whoever else the variant lets vote; a seat left open is not waited for) has a vote
standing for the same outcome; a concession when
every voter but the power conceded to has. Counted after each
vote (gmbot/service/votes) and after each phase processed (process.py), since an
eliminated power's vote no longer counts; always inside the caller's transaction, with
the game locked, so the game ends once."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Phase
from gmbot.service.deadline.gameover import end_game
from gmbot.service.deadline.motions import CONCEDE, DRAW, Motion
from gmbot.service.runtime import log_event
from gmbot.service.seats.bot_seats import bot_keys, bot_rules
from gmbot.service.views.results import board_summary
from gmbot.store.models import Game, PhaseRow, Vote


def seated_voters(game: Game, state: GameState, rules: StandardRules) -> list[str]:
    """The voters with a player in the seat. A seat left open (civil disorder, RESIGN:
    gmbot/service/seats) has no one to vote for it, so it is not waited for, as on the
    web judges; its power still shares a draw of all survivors."""
    held = {p.key for p in game.players if p.active}
    return [v for v in rules.voters(state) if v in held]


def standing_votes(session: Session, game: Game) -> dict[str, Motion]:
    """Each voter's standing vote, by his key."""
    rows = session.scalars(select(Vote).where(Vote.game_id == game.id)).all()
    return {v.voter: Motion(v.kind, tuple(v.powers or ())) for v in rows}



def passed(votes: dict[str, Motion], voters: list[str], survivors: list[str]) -> Motion | None:
    """The outcome every voter has voted for, if they all agree (pure: the rule itself).
    A concession needs every voter but the power conceded to, whose own vote (he cannot
    concede to himself) does not count against it."""
    cast = {v: votes[v].settled(survivors) for v in voters if v in votes}
    for motion in sorted(set(cast.values()), key=lambda m: (m.kind, m.powers)):
        need = [v for v in voters if not (motion.kind == CONCEDE and v == motion.powers[0])]
        if need and all(cast.get(v) == motion for v in need):
            return motion
    return None


def bot_voters(session: Session, game: Game, state: GameState,
               rules: StandardRules) -> list[str]:
    """The bot seats that vote (the file's `bots: {votes: draw_with_me}`, the default):
    voters of the rules' with the bot in the seat."""
    if not bot_rules(game).votes_draws:
        return []
    return [k for k in bot_keys(session, game, state) if k in rules.voters(state)]


def passed_with_bots(votes: dict[str, Motion], voters: list[str], bots: list[str],
                     survivors: list[str]) -> Motion | None:
    """`passed`, the bots voting by their documented rule: each accepts a draw that
    includes its power, and nothing else (it never concedes nor cancels). A bot never
    proposes: only what the players vote for is put to it."""
    if not bots:
        return passed(votes, voters, survivors)
    for motion in sorted({m.settled(survivors) for m in votes.values()},
                         key=lambda m: (m.kind, m.powers)):
        agree = {b: motion for b in bots if motion.kind == DRAW and b in motion.powers}
        found = passed({**votes, **agree}, [*voters, *bots], survivors)
        if found is not None:
            return found
    return None


def settle(session: Session, game: Game, phase: PhaseRow, state: GameState,
           rules: StandardRules, now: datetime) -> str | None:
    """End the game if the standing votes pass in `state` (the open `phase`'s position);
    what happened, or None."""
    if game.status == "finished":
        return None
    votes = standing_votes(session, game)
    if not votes:
        return None
    voters = seated_voters(game, state, rules)
    motion = passed_with_bots(votes, voters, bot_voters(session, game, state, rules),
                              rules.draw_powers(state))
    if motion is None:
        return None
    log_event(session, game, "vote_passed", now, phase=phase.name, motion=motion.kind,
              powers=list(motion.settled(rules.draw_powers(state)).powers), voters=voters)
    return conclude(session, game, phase, state, rules, now, motion, by="vote")


def conclude(session: Session, game: Game, phase: PhaseRow, state: GameState,
             rules: StandardRules, now: datetime, motion: Motion, by: str) -> str:
    """End the game with `motion`'s outcome in the open `phase`, left unadjudicated
    (ROLLBACK reopens the game); `by`: "vote" or "gm". The votes are spent."""
    phase.deadline_at = None
    phase.paused_remaining = None
    session.execute(delete(Vote).where(Vote.game_id == game.id))
    long = Phase.parse(phase.name).long()
    board = board_summary(state, rules)
    if motion.kind == DRAW:
        everyone = rules.draw_powers(state)
        survivors = list(motion.settled(everyone).powers)
        end_game(session, game, now, phase=long, survivors=survivors, how=by,
                 named=set(survivors) != set(everyone), lines=rules.draw_lines(state),
                 board=board)
        return f"game {game.name} ends in a draw in {phase.name}: {', '.join(survivors)}"
    if motion.kind == CONCEDE:
        end_game(session, game, now, phase=long, winner=motion.powers[0], how="concession",
                 board=board)
        return f"game {game.name} ends in {phase.name}: conceded to {motion.powers[0]}"
    end_game(session, game, now, phase=long, how="cancelled", board=board)
    return f"game {game.name} is cancelled in {phase.name}"
