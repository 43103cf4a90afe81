"""`gmbot map`: a game's map picture as a player or the GM saw it in a phase, read in
one transaction."""

from __future__ import annotations

from msgspec import Struct

from gmbot.engine.map import load_map
from gmbot.service.app import App
from gmbot.service.gm.admin import find_game
from gmbot.service.gm.errors import AdminError
from gmbot.service.runtime import current_phase, rules_for
from gmbot.service.views.pictures import phase_picture


class MapPicture(Struct, frozen=True):
    png: bytes | None  # None: the variant's map has no picture
    phase: str
    viewer: str | None  # the power it was drawn for; None: the public map


def map_picture(app: App, name: str, phase: str | None, viewer: str | None) -> MapPicture:
    """The picture of `phase` (default: the open one) as `viewer` (a power's name; None:
    the GM's public map) saw it. AdminError names what cannot be drawn."""
    with app.db.transaction() as s:
        game = find_game(s, name)
        key = None
        if viewer:
            key = load_map(rules_for(game).map_name).power(viewer)
            if key is None:
                raise AdminError(f"{viewer!r} is not a power of {name}")
        if phase is None:
            open_ = current_phase(s, game)
            if open_ is None:
                raise AdminError(f"{name} has no open phase: give --phase")
            phase = open_.name
        try:
            return MapPicture(phase_picture(s, game, phase, key), phase, key)
        except (LookupError, ValueError) as e:
            raise AdminError(str(e)) from None
