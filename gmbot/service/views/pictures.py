"""Pictures of the board for mails and the command line: the same per-recipient views
the text is rendered from (gmbot/service/views/results.py), drawn by gmbot/picture."""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.map import GameMap, load_map
from gmbot.engine.position import state_from_dict
from gmbot.engine.report import read_report
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Phase
from gmbot.service.runtime import rules_for, state_of
from gmbot.service.views.results import Board, board_summary, results_view
from gmbot.service.views.shown import PrivateView, PublicView, View, view_key
from gmbot.store.models import Game, PhaseRow

log = logging.getLogger(__name__)


def view_picture(view: View, gmap: GameMap, title: str,
                 palette: str | None = None) -> bytes | None:
    """The PNG of one recipient's view (a results view, or a position view); None when the
    map has no picture data. `palette`: the game's option (palette.py; default the map's
    own colours)."""
    from gmbot.picture.data import NoPicture
    from gmbot.picture.draw import picture
    from gmbot.picture.palette import STANDARD
    from gmbot.picture.scene import scene_of

    try:
        scene = scene_of(view.public, (c for c, p in gmap.provinces.items() if p.sc))
        return picture(scene, gmap, title, palette or STANDARD)
    except NoPicture:
        return None
    except Exception:  # noqa: BLE001 - a drawing bug must not hold back the results
        log.exception("drawing the %s map failed; the mail goes without it", gmap.name)
        return None


def picture_key(view: View) -> str:
    """What a picture is drawn from: viewers with the same key share one."""
    # The marks a viewer may see are in his public part (a secret cast's on its owner's).
    return view_key(view)


def results_picture(rules: StandardRules, view: View) -> bytes | None:
    """The picture for a results mail: the new position and the phase's orders."""
    pub = view.public
    title = f"{pub.phase_long}: orders; position for {pub.next_phase_long}"
    return view_picture(view, load_map(rules.map_name), title, rules.options.get("palette"))


class Pictures:
    """Results pictures of one phase: viewers whose public views are the same (everyone,
    in a game that hides nothing) share one rendering."""

    def __init__(self, rules: StandardRules) -> None:
        self.rules = rules
        self.done: dict[str, bytes | None] = {}

    def __call__(self, view: View, key: str | None = None) -> bytes | None:
        """`key`: the view's picture_key, when the caller has it already."""
        key = key or picture_key(view)
        if key not in self.done:
            self.done[key] = results_picture(self.rules, view)
        return self.done[key]


def position_view(state: GameState, rules: StandardRules, viewer: str | None,
                  phase_long: str = "", private: PrivateView | None = None,
                  board: Board | None = None) -> View:
    """A view of a position alone (no orders), e.g. the start of a game; `phase_long`
    and `private` for a page that shows them (the site's); `board`: the position's
    Board, when several viewers' views are made of it."""
    rows = board.rows(viewer) if board is not None else board_summary(state, rules, viewer)
    return View(PublicView(phase=str(state.phase), next_phase=str(state.phase),
                           phase_long=phase_long, board=rows,
                           marks=rules.board_marks(state)), private)


def position_picture(state: GameState, rules: StandardRules, viewer: str | None
                     ) -> bytes | None:
    """The picture of a position as `viewer` (None: the public) may see it."""
    return PositionPictures(state, rules)(viewer)


class PositionPictures:
    """Pictures of one position for several viewers (the welcome mails of a new game):
    viewers whose views are the same share one rendering."""

    def __init__(self, state: GameState, rules: StandardRules) -> None:
        self.state, self.rules = state, rules
        self.done: dict[str, bytes | None] = {}

    def __call__(self, viewer: str | None) -> bytes | None:
        view = position_view(self.state, self.rules, viewer)
        key = picture_key(view)
        if key not in self.done:
            self.done[key] = drawn_once(view, self.state.map, self.state.phase.long(),
                                        self.rules.options.get("palette"))
        return self.done[key]


# A position's picture, by all it is drawn from: the welcome map of a new game is the same
# for every game of that board and viewer kind, and the site draws it again (the loop
# benchmark's load_game drew it once a game). A few kept a process, the oldest dropped.
KEPT = 16
_kept: OrderedDict[tuple[str, str, str, str], bytes] = OrderedDict()


def drawn_once(view: View, gmap: GameMap, title: str, palette: str | None) -> bytes | None:
    """view_picture, the bytes kept for an equal view on the same map (a failed drawing
    is not kept)."""
    key = (gmap.name, title, palette or "", view_key(view))
    if key in _kept:
        _kept.move_to_end(key)
        return _kept[key]
    png = view_picture(view, gmap, title, palette)
    if png is not None:
        _kept[key] = png
        if len(_kept) > KEPT:
            _kept.popitem(last=False)
    return png


def case_view(data: Any, viewer: str | None = None) -> tuple[StandardRules, View]:
    """The rules of an adjudication case and its results view as `viewer` sees it."""
    from gmbot.engine.record import report_of
    from gmbot.variants.cases import case_outcome

    rules, outcome = case_outcome(data)
    if viewer is not None:
        viewer = outcome.before.map.power(viewer) or viewer
    result = report_of(outcome)
    # The phase's state as given, as the results mails have it: `before` is the state the
    # battle saw, without the units a variant's spells took away first (their rows then
    # had no owner).
    return rules, results_view(rules, outcome.start or outcome.before, outcome.after, result,
                               viewer)


def case_picture(data: Any, viewer: str | None = None) -> bytes | None:
    """The picture of an adjudication case (docs/adjudicate.md) as `viewer` sees it."""
    return results_picture(*case_view(data, viewer))


def phase_picture(s: Session, game: Game, phase: str, viewer: str | None) -> bytes | None:
    """A phase's picture as its results mail showed it to `viewer`; for the open phase, the
    position. Raises LookupError for a phase the game has not had."""
    want = str(Phase.parse(phase))
    rows = s.scalars(select(PhaseRow).where(PhaseRow.game_id == game.id,
                                            PhaseRow.superseded.is_(False))
                     .order_by(PhaseRow.seq)).all()
    rules = rules_for(game)
    for row in rows:
        if row.name != want:
            continue
        before = state_of(game, row, rules)
        if row.result is None:
            return position_picture(before, rules, viewer)
        after = state_from_dict(row.result["position"], before.map)
        return results_picture(rules, results_view(rules, before, after,
                                                   read_report(row.result), viewer))
    raise LookupError(f"{game.name} has no phase {want}")
