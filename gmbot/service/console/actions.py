"""The GM's steering verbs on the command line (`gmbot game process|extend|pause|resume|
rollback|replace NAME ...`): each the action of gmbot/service/gm/admin.py that the GM's
mail command runs too, in one transaction of its own."""

from __future__ import annotations

from collections.abc import Callable

from gmbot.service.app import App
from gmbot.service.gm import admin

Action = Callable[..., str]  # (session, game, *words, now) -> what the GM is told

ACTIONS: dict[str, Action] = {
    "process": admin.process_now, "extend": admin.extend, "pause": admin.pause,
    "resume": admin.resume, "rollback": admin.rollback, "replace": admin.replace_player}


def run_action(app: App, verb: str, name: str, words: tuple[str, ...]) -> str:
    """Run the verb's action on game NAME with its words; AdminError if refused."""
    act = ACTIONS[verb]
    with app.db.transaction() as s:
        return act(s, admin.find_game(s, name), *words, app.now())
