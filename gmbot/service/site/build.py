"""The use cases of the web pages: write the whole site (`gmbot site -o DIR`) and keep
the configured one current (the daemon, `gmbot tick`). Each game is read in a
transaction of its own; a game whose pages are current is passed over after one light
query (its fingerprint: phases, status, press, players, deadline)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from gmbot.gamefile.settings.record import stored_form
from gmbot.service.app import App
from gmbot.service.seats.bot_seats import BOT_REMOVED, BOT_SEATED
from gmbot.service.site.gather import gather, stamp
from gmbot.service.site.pages import page, stylesheet, templates_stamp
from gmbot.service.site.write import VERSION, Written, game_entry, write_file, write_game
from gmbot.service.views.site_link import player_token, site_key
from gmbot.store.models import Event, Game, PhaseRow
from gmbot.store.press import Press

log = logging.getLogger("gmbot")
KEPT = ".games.json"  # per game: the fingerprint its pages were last written from


def write_site(app: App, root: Path, names: list[str] | None = None,
               only_changed: bool = False) -> Written:
    """Write the pages of the games `names` (default: all) into `root`, with the home's
    index; `only_changed`: pass over games whose fingerprint has not changed."""
    if app.config.home.resolve().is_relative_to(root.resolve()):
        raise SiteError(f"{root}: the pages need a folder of their own, not the home "
                        "or a folder holding it (its database and keys would be served)")
    written = Written()
    key = site_key(app.config.home)
    root.mkdir(parents=True, exist_ok=True)
    try:
        kept: dict[str, str] = json.loads((root / KEPT).read_text("utf-8"))
    except (FileNotFoundError, ValueError):
        kept = {}
    with app.db.transaction() as s:
        games = [(g.id, g.name) for g in s.scalars(select(Game).order_by(Game.name))
                 if names is None or g.name in names]
    missing = sorted(set(names or ()) - {name for _, name in games})
    if missing:
        raise SiteError(f"no game named {', '.join(missing)}")
    entries: list[dict[str, Any]] = []
    failed: list[str] = []
    for game_id, name in games:
        with app.db.transaction() as s:
            game = s.get(Game, game_id)
            if game is None:
                continue
            mark, bots = fingerprint(s, game, key)
            if only_changed and kept.get(name) == mark and (root / "games" / name).is_dir():
                entries.append(_entry_kept(root, name))
                continue
            try:
                data = gather(s, game, bots_ever=bots is not None)
                written.files += write_game(s, root, key, data).files
            except Exception as e:  # noqa: BLE001 - one game's trouble spares the rest
                log.exception("writing the pages of %s failed", name)
                failed.append(f"{name}: {type(e).__name__}: {e}")
                continue
            entry = game_entry(game, data)
            write_file(root, f"games/{name}/.entry.json", json.dumps(entry).encode(), Written())
            entries.append(entry)
            kept[name] = mark
    write_file(root, "site.css", stylesheet(), written)
    write_file(root, "index.html", page("home.html.j2", root="", private=False, games=entries,
                                        title="Games").encode(), written)
    write_file(root, KEPT, json.dumps(kept, sort_keys=True, indent=0).encode(), Written())
    if failed:  # after the other games' pages: the caller reports it (tick: an error)
        raise SiteError("; ".join(failed))
    return written


class SiteError(Exception):
    """Some games' pages could not be written (the others were)."""


def _entry_kept(root: Path, name: str) -> dict[str, Any]:
    try:
        entry: dict[str, Any] = json.loads((root / "games" / name / ".entry.json").read_text())
        return entry
    except (FileNotFoundError, ValueError):
        return {"name": name, "title": name, "variant": "", "status": "", "phase": ""}


def fingerprint(s: Session, game: Game, key: bytes) -> tuple[str, int | None]:
    """What a game's pages are made from, in a few columns: when it is unchanged, so are
    they (a new phase, a processing, a rollback, press, a replacement, an EXTEND, a
    bot's seat); and the latest event of a bot's seat (None: no bot ever had one)."""
    params = {"game": game.id}
    phases = s.execute(_PHASES, params).all()
    press = s.execute(_PRESS, params).one()
    # The players' tokens, not their addresses: this fingerprint is kept in the site.
    # The game's own list (ordered by id), which the pages read again if they are made.
    players = [player_token(key, game, p) for p in game.players if p.active]
    # A bot taking or leaving a seat changes the list of players.
    bots = s.scalar(_BOTS, params)
    return stamp(VERSION, templates_stamp(), game.status, game.title, game.variant,
                 stored_form(game.settings.press),
                 [tuple(map(str, p)) for p in phases], tuple(press), players, bots), bots


# Built once: every game of the site is looked at each update.
_PHASES = (select(PhaseRow.id, PhaseRow.processed_at, PhaseRow.deadline_at)
           .where(PhaseRow.game_id == bindparam("game"), PhaseRow.superseded.is_(False))
           .order_by(PhaseRow.seq))
_PRESS = select(func.count(Press.id), func.max(Press.id)).where(
    Press.game_id == bindparam("game"))
_BOTS = select(func.max(Event.id)).where(Event.game_id == bindparam("game"),
                                         Event.kind.in_((BOT_SEATED, BOT_REMOVED)))


def update_site(app: App) -> int:
    """Bring the configured site (gmbot.yaml `site:`) up to date; the files written. No
    site configured: nothing to do."""
    site = app.config.site
    if site is None:
        return 0
    with app.db.transaction() as s:
        names = [n for n in s.scalars(select(Game.name)) if site.shows(n)]
    return len(write_site(app, site.dir, names, only_changed=True))
