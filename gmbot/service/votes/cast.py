"""Casting and withdrawing a vote: checked against the game's `votes:` rules and the
variant's voters, stored as the power's one standing vote (it stands from phase to phase
until withdrawn or changed), logged, announced in an open game, and counted at once: the
vote that makes every voter agree ends the game in the same transaction."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from gmbot.engine.state import GameState
from gmbot.gamefile.settings.votes import VoteRules
from gmbot.service.deadline.ballot import seated_voters, settle
from gmbot.service.deadline.motions import CANCEL, CONCEDE, DRAW, Motion
from gmbot.service.deadline.parking import PARKED
from gmbot.service.gm.announce import announce
from gmbot.service.gm.errors import AdminError
from gmbot.service.runtime import current_phase, log_event, rules_for, state_of
from gmbot.store.models import Game, PhaseRow, Player, Vote

RUNNING = ("active", "paused")  # a GM's pause stops the clock, not the players' votes


def _open_for_votes(session: Session, game: Game) -> PhaseRow:
    if game.status == "finished":
        raise AdminError(f"game {game.name} is over: there is nothing left to vote on")
    if game.status == PARKED:
        raise AdminError(f"game {game.name} is parked for the game master: votes wait "
                         "until it resumes")
    phase = current_phase(session, game)
    if game.status not in RUNNING or phase is None:
        raise AdminError(f"game {game.name} has not started: votes are taken once it runs")
    return phase


def _checked(motion: Motion, voter: str, rules: VoteRules, state: GameState,
             survivors: list[str]) -> Motion:
    """The motion as it may be voted in this game, or AdminError naming the rule."""
    def named(power: str) -> None:
        if power in survivors:
            return
        if power in state.powers:
            raise AdminError(f"{power} has been eliminated: a vote names surviving powers "
                             f"only ({', '.join(survivors)})")
        raise AdminError(f"{power} is not a power of this game that a vote can name "
                         f"(surviving powers: {', '.join(survivors)})")

    if motion.kind == DRAW and motion.powers:
        if not rules.named_draws:
            raise AdminError("this game allows only draws of all survivors (votes: "
                             "named_draws: false): write VOTE DRAW")
        for power in motion.powers:
            named(power)
        if set(motion.powers) == set(survivors):
            return Motion(DRAW)  # naming every survivor is the draw of all survivors
    elif motion.kind == CONCEDE:
        if not rules.concede:
            raise AdminError("this game allows no concessions (votes: concede: false)")
        if motion.powers[0] == voter:
            raise AdminError("you cannot concede the game to yourself")
        named(motion.powers[0])
    elif motion.kind == CANCEL and not rules.cancel:
        raise AdminError("this game cannot be cancelled by vote (votes: cancel: false)")
    return motion


def cast_vote(session: Session, game: Game, player: Player, motion: Motion | None,
              now: datetime, inbound_id: int | None = None, only: str | None = None) -> str:
    """Store `player`'s vote for `motion` (None: withdraw his vote; `only`: withdraw it
    only if it is of that kind, as SET NODRAW does) and count the votes. Returns what was
    done; raises AdminError naming the rule, with nothing changed."""
    phase = _open_for_votes(session, game)
    rules = rules_for(game)
    state = state_of(game, phase, rules)
    voters = seated_voters(game, state, rules)
    key = player.key
    if key not in voters:
        raise AdminError(f"{key} is out of the game: only {', '.join(voters)} vote on how "
                         "it ends")
    settings = game.settings.votes
    standing = session.scalars(select(Vote).where(Vote.game_id == game.id,
                                                  Vote.voter == key)).first()
    if motion is None:
        if standing is None or (only and standing.kind != only):
            return "you have no such vote standing; nothing changed"
        session.execute(delete(Vote).where(Vote.id == standing.id))
        _record(session, game, phase, key, None, now, settings, voters)
        return "your vote is withdrawn"
    motion = _checked(motion, key, settings, state, rules.draw_powers(state))
    if standing is None:
        session.add(Vote(game_id=game.id, voter=key, kind=motion.kind,
                         powers=list(motion.powers), cast_at=now, inbound_id=inbound_id))
    else:
        standing.kind, standing.powers = motion.kind, list(motion.powers)
        standing.cast_at, standing.inbound_id = now, inbound_id
    session.flush()
    _record(session, game, phase, key, motion, now, settings, voters)
    ended = settle(session, game, phase, state, rules, now)
    if ended:
        return f"your vote for {motion.text()} is the last one needed: {ended}"
    return (f"your vote for {motion.text()} is recorded; it stands from phase to phase "
            "until you change it or withdraw it (VOTE NONE)")


def _record(session: Session, game: Game, phase: PhaseRow, key: str, motion: Motion | None,
            now: datetime, settings: VoteRules, voters: list[str]) -> None:
    """Log the vote in the game's history; in an open game, tell everyone."""
    event = log_event(session, game, "vote_cast", now, phase=phase.name, voter=key,
                      motion=motion.kind if motion else "none",
                      powers=list(motion.powers) if motion else [])
    if settings.secret:
        return  # no one learns who voted what, nor when: STATUS counts the votes
    votes = session.scalars(select(Vote.voter).where(Vote.game_id == game.id)).all()
    gm = Player(address=game.gm, power=None, name="GM")  # the GM hears it too
    players = [p for p in game.players if p.active]
    announce(session, game, event, "announce_vote.txt.j2", now, players=[*players, gm],
             observers=True, topic=key, voter=key, what=motion.text() if motion else None,
             phase=phase.name, counted=len([v for v in votes if v in voters]),
             voters=len(voters))

