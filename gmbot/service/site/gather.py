"""A game as its web pages show it, read from the store in one transaction: its phases,
its players, and per viewer (None: the public) each phase's view. Every view comes from
the same single redaction point as the mails (gmbot/service/views/results.py and
pictures.py): nothing here decides what a viewer may see."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session, defer, undefer

from gmbot.engine.position import state_from_dict
from gmbot.engine.report import PhaseReport, read_report
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Phase
from gmbot.mail.parts import unpack
from gmbot.press.names import Names
from gmbot.service.deadline.gameover import YearCentres, history_of
from gmbot.service.inbound.relay import names_for, names_public
from gmbot.service.runtime import active_players, map_for, policy_of, rules_for, state_of
from gmbot.service.seats.bot_seats import bot_keys
from gmbot.service.views.pictures import position_view, results_picture, view_picture
from gmbot.service.views.press_record import (
    PressRecord,
    press_by_phase,
    public_press_by_phase,
)
from gmbot.service.views.results import Board, PhaseResults, deadline_text, private_view
from gmbot.service.views.shown import View, view_key
from gmbot.store.models import Game, PhaseRow, Player
from gmbot.store.outbox import MailPicture, Outbound


@dataclass
class PhaseData:
    row: PhaseRow
    name: str
    long: str
    game: Game
    rules: StandardRules
    # Pictures of this phase by the JSON of the public view they draw: viewers who see
    # the same share one (a game that hides nothing draws one picture a phase).
    pictures: dict[str, bytes | None] = field(default_factory=dict)
    public_key: str | None = None  # the key of the public view's picture, once known
    public_view: View | None = None  # made once: the public page and each check

    @property
    def done(self) -> bool:
        return self.row.processed_at is not None and bool(
            self.row.result and self.row.result.get("position"))

    # Read only for the pages written: an update after one phase reads two positions,
    # not the whole game's (benchmarks/site.py).
    @cached_property
    def before(self) -> GameState:
        return state_of(self.game, self.row, self.rules)

    @cached_property
    def report(self) -> PhaseReport:
        """The stored report of a processed phase, decoded once for all its views."""
        return read_report(self.row.result)

    @cached_property
    def results(self) -> PhaseResults:
        """What every reader's view of the processed phase shares, worked out once."""
        assert self.after is not None
        return PhaseResults(self.rules, self.before, self.after, self.report)

    @cached_property
    def board(self) -> Board:
        """The open phase's board, read once for every reader's view."""
        return Board(self.before, self.rules)

    @cached_property
    def after(self) -> GameState | None:
        """The position after the phase; None for the open phase."""
        if not self.done or self.row.result is None:
            return None
        return state_from_dict(self.row.result["position"], map_for(self.rules))


@dataclass(frozen=True)
class Chart:
    """The centre chart: the powers that held centres, and per year (its label) their
    counts, in the powers' order ("" where one held none)."""
    powers: list[str]
    rows: list[tuple[int | str, list[int | str]]]


@dataclass
class GameData:
    game: Game
    rules: StandardRules
    phases: list[PhaseData]
    players: list[Player]  # the active ones
    bots: list[str]  # the seats the judge's bot plays (gmbot/service/seats/bot_seats.py)
    public_press: dict[str, list[str]]
    history: list[YearCentres]
    deadline: str
    stored: StoredPictures  # the public pictures the results mails carried
    press: PressRecord | None = None  # the game's press, once a player's pages need it

    def view(self, phase: PhaseData, viewer: Player | None) -> View:
        """The phase as `viewer` (None: the public) may see it: a results view of a
        processed phase, a position view of the open one; his private part, if a player."""
        if viewer is None and phase.public_view is not None:
            return phase.public_view
        key = viewer.key if viewer else None
        if viewer is None:
            phase.public_view = self._view(phase, None)
            return phase.public_view
        return self._view(phase, key)

    def _view(self, phase: PhaseData, key: str | None) -> View:
        if phase.after is not None and phase.row.result is not None:
            return phase.results.view(key)
        return position_view(phase.before, self.rules, key, phase.long,
                             private_view(self.rules, phase.before, key) if key else None,
                             phase.board)

    def picture(self, phase: PhaseData, view: View, public: bool
                ) -> tuple[str, bytes | None]:
        """The picture of `view` and its key (the JSON of its public part): drawn once per
        distinct view; the `public` one of a processed phase read from the results mail
        to the GM, which carried the same picture."""
        key = picture_key(view)
        if public:
            phase.public_key = key
        if key not in phase.pictures:
            if phase.done:
                stored = self.stored.get(phase.row) if public else None
                phase.pictures[key] = stored or results_picture(self.rules, view)
            else:
                phase.pictures[key] = view_picture(view, phase.before.map, phase.long)
        return key, phase.pictures[key]

    @cached_property
    def chart(self) -> Chart:
        """The centre chart: the powers that held centres, and per year their counts."""
        powers = sorted({p for year in self.history for p, _ in year.counts})
        running = self.game.status != "finished"  # its last year is not over yet
        rows = [(f"{year.year} (so far)" if year.last and running else year.year,
                 [dict(year.counts).get(p, "") for p in powers])
                for year in self.history]
        return Chart(powers, rows)

    def press_of(self, viewer: Player | None, session: Session) -> dict[str, list[str]]:
        if viewer is None:
            return self.public_press
        if self.press is None:  # read once for all the players' pages
            self.press = PressRecord(session, self.game)
        if not self.press.press:
            return {}
        return press_by_phase(session, self.game, viewer, self.names, self.press)

    @cached_property
    def names(self) -> Names:
        """The seats as press names them, for every player's pages."""
        return names_for(self.game)

    def shows_names(self) -> bool:
        """Players' display names are shown only where the game makes them public."""
        return names_public(self.game)


def picture_key(view: View) -> str:
    """Views with the same public part have the same picture (as in views/pictures.py)."""
    return view_key(view)


def gather(session: Session, game: Game, bots_ever: bool = True) -> GameData:
    """`bots_ever`: False when no bot ever took a seat of the game (then none plays one:
    the seats' events are not read)."""
    rules = rules_for(game)
    # The positions and reports (most of a long game's bytes) are read only where a page
    # or the centre chart needs them: an update after one phase writes two phases' pages.
    rows = session.scalars(_ROWS, {"game": game.id}).all()
    phases = [PhaseData(row, row.name, Phase.parse(row.name).long(), game, rules)
              for row in rows]
    open_ = next((p for p in phases if p.row.processed_at is None), None)
    deadline = deadline_text(policy_of(game), open_.row.deadline_at) if open_ else ""
    return GameData(game=game, rules=rules, phases=phases, players=active_players(game),
                    bots=bot_keys(session, game) if bots_ever else [],
                    public_press=public_press_by_phase(session, game),
                    history=_history(session, rows), deadline=deadline,
                    stored=StoredPictures(session, game))


# Built once: a site's update gathers every game that changed.
_ROWS = (select(PhaseRow).where(PhaseRow.game_id == bindparam("game"),
                                PhaseRow.superseded.is_(False))
         .options(defer(PhaseRow.state), defer(PhaseRow.result)).order_by(PhaseRow.seq))
_BY_IDS = select(PhaseRow).where(PhaseRow.id.in_(bindparam("ids", expanding=True)))
_STATES = _BY_IDS.options(undefer(PhaseRow.state))
_WHOLE = _BY_IDS.options(undefer(PhaseRow.state), undefer(PhaseRow.result))
_STORED = (select(Outbound.picture, MailPicture.png)
           .outerjoin(MailPicture, MailPicture.key == Outbound.picture_key)
           .where(Outbound.game_id == bindparam("game"), Outbound.key == bindparam("key")))


def _history(session: Session, rows: Sequence[PhaseRow]) -> list[YearCentres]:
    """The centre chart's years from the rows it reads: each year's first position (the
    end of the year before), and the last two rows whole (the pages an update writes)."""
    firsts = {Phase.parse(r.name).year: r.id for r in reversed(rows)}
    last = {r.id for r in rows[-2:]}
    _load(session, set(firsts.values()) - last, _STATES)
    _load(session, last, _WHOLE)
    return history_of([r for r in rows if r.id in firsts.values() or r.id in last])


def _load(session: Session, ids: set[int], query: Any) -> None:
    """Read the deferred columns `query` undefers of the rows `ids` (already in the
    session) at once."""
    if ids:
        session.scalars(query, {"ids": sorted(ids)}).all()


class StoredPictures:
    """The public pictures of processed phases as their results mails to the GM carried
    them (kept in the outbox): the site need not draw them again. Read one phase at a
    time, as its map is made: an update writes one."""

    def __init__(self, session: Session, game: Game) -> None:
        self.session, self.game = session, game

    def get(self, phase: PhaseRow) -> bytes | None:
        # Only a GM's copy that is the public one has this key (deadline/results.py): a
        # full copy (a game that hides units) is keyed apart, and the map drawn here.
        row = self.session.execute(_STORED, {"game": self.game.id,
                                             "key": f"results:{phase.id}:gm"}).first()
        if row is None:
            return None
        # Kept until the mail is sent: apart (outbox/pictures.py), or in an older row with
        # its other parts (mail/parts.py).
        return row.png or (unpack(row.picture).picture if row.picture else None)


def stamp(*parts: Any) -> str:
    """A short fingerprint of what a page was made from: unchanged, the page is kept."""
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def page_stamp(*parts: str | int | None | list[str]) -> str:
    """stamp() of plain values, a phase page's (hundreds a reader each update): their
    repr is as stable as JSON and a fraction of its cost."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]
