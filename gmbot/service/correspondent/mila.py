"""The JSON line protocol for standard games, in MILA's order strings (the `diplomacy`
engine's notation, which MILA-based bots speak): one request a line, one answer a line.

    {"get": "phase"}            -> the seat's phase: its position, and each of its
                                   units' possible orders (MILA's get_all_possible_orders)
    {"orders": ["A PAR - BUR"]}  -> the orders checked as the judge will check them,
                                   then sent as the seat's mail (through the pipeline)

MILA writes `A PAR B` for a build, `A DEN D` for a removal or a disband, `A LON - NWY
VIA` for a convoyed move and `WAIVE`; gmbot's order reader takes those as written, so
the orders go to the judge unchanged, and the possible orders are gmbot's legal lines
written MILA's way."""

from __future__ import annotations

from typing import Any

from gmbot.engine.adjudicate import accept_orders
from gmbot.engine.legal import legal_orders
from gmbot.engine.state import GameState
from gmbot.service.app import App
from gmbot.service.archive.mila import MilaError, check_standard
from gmbot.service.correspondent.channel import ChannelError, open_seat_by_token, refused
from gmbot.service.runtime import current_phase, rules_for, state_of


def mila_line(line: str) -> str:
    """A gmbot legal line as MILA writes it."""
    if line.startswith("BUILD "):
        return f"{line[len('BUILD '):]} B"
    if line.startswith("REMOVE "):
        return f"{line[len('REMOVE '):]} D"
    return line.replace(" VIA CONVOY", " VIA")


def phase_view(app: App, game_name: str, power: str, token: str) -> dict[str, Any]:
    """The answer to {"get": "phase"}."""
    try:
        with app.db.transaction() as s:
            game, player = open_seat_by_token(s, game_name, power, token)
            rules = rules_for(game)
            try:
                check_standard(game.variant, dict(game.settings.options or {}),
                               rules.map_name)
            except MilaError as e:
                raise ChannelError(str(e)) from None
            phase = current_phase(s, game)
            if phase is None:
                raise ChannelError(f"game {game.name} has no open phase")
            state = state_of(game, phase, rules)
            legal = legal_orders(state, rules, player.key)
            return {"game": game.name, "power": player.key, "phase": phase.name,
                    "units": _units(state), "centers": _centres(state),
                    "possible_orders": {loc: [mila_line(x) for x in lines]
                                        for loc, lines in legal.units.items()},
                    "other_orders": [mila_line(x) for x in legal.other],
                    "builds": legal.builds}
    except ChannelError as e:
        raise refused(app, game_name, power, e) from None


def check_orders(app: App, game_name: str, power: str, token: str,
                 orders: list[str]) -> dict[str, Any]:
    """The judge's checker's verdict on `orders` for the open phase (the mail that carries
    them gets the judge's own acknowledgement too)."""
    with app.db.transaction() as s:
        game, player = open_seat_by_token(s, game_name, power, token)
        rules = rules_for(game)
        phase = current_phase(s, game)
        if phase is None:
            raise ChannelError(f"game {game.name} has no open phase")
        kept, rejected = accept_orders(state_of(game, phase, rules), rules, player.key,
                                       orders)
        return {"phase": phase.name, "accepted": [str(o) for o in kept],
                "rejected": [[r.line, r.reason] for r in rejected]}


def _units(state: GameState) -> dict[str, list[str]]:
    return {p: sorted(str(u) for u in state.units_of(p)) for p in state.powers}


def _centres(state: GameState) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {p: [] for p in state.powers}
    for prov, owner in sorted(state.centers.items()):
        out.setdefault(owner, []).append(prov)
    return out
