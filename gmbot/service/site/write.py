"""Writing one game's pages into the site folder, and only what changed: each page's
fingerprint (the phase row, its processing, the press shown, its neighbours) is kept in
the game folder's `.stamps.json` (every reader's, in one file), so after a phase only
that phase's pages, the next phase's and the indexes are written again. Layout (docs/site.md):

    index.html                          the home's games
    site.css
    games/NAME/index.html               the game: players, centres by year, phases
    games/NAME/PHASE.html, maps/PHASE.png
    games/NAME/game.html                the whole game, once it has ended
    games/NAME/p/TOKEN/...              one player's own pages (his link, his mails only)
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from gmbot import __version__
from gmbot.engine.state import Phase
from gmbot.service.runtime import map_for
from gmbot.service.site.exchange import put_in_place
from gmbot.service.site.gather import GameData, PhaseData, page_stamp, picture_key, stamp
from gmbot.service.site.pages import fragment, page, templates_stamp
from gmbot.service.views.shown import View
from gmbot.service.views.site_link import player_token
from gmbot.store.models import Game, Player

STAMPS = ".stamps.json"
VERSION = 2  # raised when the code changes what a kept page would show
NOTHING = ("<!doctype html><meta charset=utf-8><title>Not here</title>"
           "<p>There is nothing to see here.</p>\n")


@dataclass
class Written:
    """What one update wrote (paths relative to the site folder)."""

    files: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.files)


def write_file(root: Path, rel: str, data: bytes, written: Written) -> None:
    """Write `data` at `rel` unless the file already holds it; atomically, so a web
    server never serves half a page."""
    path = os.path.join(root, rel)
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        there = False
    else:
        try:  # a file of another size differs: not read
            same = os.fstat(fd).st_size == len(data) and os.read(fd, len(data) + 1) == data
        finally:
            os.close(fd)
        if same:
            return
        there = True
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, f".{name}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        left = memoryview(data)
        while left:
            left = left[os.write(fd, left):]
    finally:
        os.close(fd)
    if there:
        put_in_place(tmp, path)  # without the flush of a rename over it (exchange.py)
    else:
        os.replace(tmp, path)
    written.files.append(rel)


class Stamps:
    """The fingerprints of one game's pages, every reader's, in one file of the game's
    folder (`.stamps.json`): one read and one write an update, not one a reader."""

    def __init__(self, root: Path, base: str) -> None:
        self.path = f"{base}/{STAMPS}"
        try:
            kept = json.loads((root / self.path).read_text("utf-8"))
        except (FileNotFoundError, ValueError):
            kept = {}
        readers = kept.get("readers") if isinstance(kept, dict) else None
        # A folder written before there was one file a game kept its own (the public's
        # at the same path): read once, then the game's file replaces them.
        self.legacy = not isinstance(readers, dict)
        self.old: dict[str, dict[str, str]] = (
            readers if isinstance(readers, dict) else {"": kept} if isinstance(kept, dict)
            else {})
        self.new: dict[str, dict[str, str]] = {}

    def of(self, root: Path, rel: str, reader: str) -> dict[str, str]:
        """The stamps kept for `reader` (reader_key), whose folder is `rel`."""
        if reader not in self.old and self.legacy and reader:
            legacy = root / rel / STAMPS
            try:
                self.old[reader] = json.loads(legacy.read_text("utf-8"))
            except (FileNotFoundError, ValueError):
                self.old[reader] = {}
            legacy.unlink(missing_ok=True)
        return self.old.get(reader, {})

    def save(self, root: Path) -> None:
        text = json.dumps({"readers": self.new}, sort_keys=True, indent=0)
        write_file(root, self.path, text.encode(), Written())


def reader_key(sub: str) -> str:
    """A reader's key in the game's stamps file: "" for the public, a digest of his
    folder ("p/TOKEN") for a player. The file is in the public folder, which a web
    server serves whole (dot files too): the token itself would open his pages."""
    return hashlib.sha256(sub.encode()).hexdigest()[:24] if sub else ""


class Folder:
    """One reader's pages of one game (the public's, or one player's) with their stamps."""

    def __init__(self, root: Path, base: str, rel: str, written: Written,
                 stamps: Stamps) -> None:
        self.root, self.rel, self.written = root, rel, written
        self.stamps, self.reader = stamps, reader_key(rel[len(base) + 1:])
        self.old: dict[str, str] = stamps.of(root, rel, self.reader)
        self.new: dict[str, str] = {}
        self.listed: dict[str, set[str]] = {}  # the files of each sub-folder, listed once

    def fresh(self, name: str, fingerprint: str) -> bool:
        """Whether page `name` stands as made from `fingerprint` (then it is kept)."""
        self.new[name] = fingerprint
        return self.old.get(name) == fingerprint and self._present(name)

    def _present(self, name: str) -> bool:
        """Whether file `name` is there: one listing a folder, not a look a page (a long
        game's reader has hundreds)."""
        sub, _, file = name.rpartition("/")
        if sub not in self.listed:
            try:
                self.listed[sub] = set(os.listdir(self.root / self.rel / sub))
            except FileNotFoundError:
                self.listed[sub] = set()
        return file in self.listed[sub]

    def carry(self, name: str) -> None:
        """Keep file `name` as it stands (its page was kept): its stamp goes on."""
        if name in self.old:
            self.new[name] = self.old[name]

    def put(self, name: str, data: bytes | str) -> None:
        raw = data.encode("utf-8") if isinstance(data, str) else data
        write_file(self.root, f"{self.rel}/{name}", raw, self.written)

    def close(self, keep: set[str]) -> None:
        """Remove the pages of phases gone (a rollback); its stamps go to the game's."""
        for name in set(self.old) - set(self.new) - keep:
            for rel in (name, f"maps/{Path(name).stem}.png"):
                (self.root / self.rel / rel).unlink(missing_ok=True)
        self.stamps.new[self.reader] = self.new


def write_game(session: Session, root: Path, key: bytes, data: GameData) -> Written:
    """Bring the game's public and private pages up to date."""
    written = Written()
    game = data.game
    base = f"games/{game.name}"
    stamps = Stamps(root, base)
    public = Folder(root, base, base, written, stamps)
    # The index pages' record (phases, players, centres) is every reader's: made once.
    record = fragment("_record.html.j2", game=game, data=data, players=_players(data),
                      phases=[_phase_link(data, p.name) for p in data.phases])
    _write_reader(session, data, public, None, record)
    tokens = {}
    for player in data.players:
        token = player_token(key, game, player)
        tokens[token] = player
        folder = Folder(root, base, f"{base}/p/{token}", written, stamps)
        _write_reader(session, data, folder, player, record)
    _drop_old_links(root / base / "p", set(tokens))
    # A web server that lists folders would list every player's link: a page stands in.
    public.put("p/index.html", NOTHING)
    public.close({"p/index.html"})
    stamps.save(root)
    return written


def _drop_old_links(folder: Path, tokens: set[str]) -> None:
    """A replaced player's pages (his row is no longer active) go: his link leads nowhere."""
    if not folder.is_dir():
        return
    for child in folder.iterdir():
        if child.is_dir() and child.name not in tokens:
            shutil.rmtree(child)


def _write_reader(session: Session, data: GameData, folder: Folder,
                  viewer: Player | None, record: object) -> None:
    press = data.press_of(viewer, session)
    up = "../../../../" if viewer else "../../"  # from the pages to the site's root
    common = {"root": up, "game": data.game, "private": viewer is not None,
              "viewer": _label(data, viewer), "public_up": "../../" if viewer else ""}
    names = [p.name for p in data.phases]
    base = stamp(VERSION, templates_stamp(), data.game.title, data.game.name)
    for i, phase in enumerate(data.phases):
        prev = names[i - 1] if i else None
        nxt = names[i + 1] if i + 1 < len(names) else None
        said = press.get(phase.name, [])
        fingerprint = page_stamp(base, phase.row.id, str(phase.row.processed_at), prev, nxt,
                                 said)
        if folder.fresh(f"{phase.name}.html", fingerprint):
            folder.carry(f"maps/{phase.name}.png")
            continue
        view = data.view(phase, viewer)
        picture = _map(data, phase, view, folder, viewer, data.phases[i - 1] if i else None)
        # A player who sees what the public sees is pointed to the public page for it:
        # his page is his own section, his press and the map, not a copy of the results.
        same = viewer is not None and picture_key(view) == _public_key(data, phase)
        folder.put(f"{phase.name}.html", page(
            "phase.html.j2", **common, phase=phase, view=view, map=picture, press=said,
            same=same, prev=prev and _phase_link(data, prev),
            next=nxt and _phase_link(data, nxt), title=f"{phase.long}"))
    seen = set(names)
    later = {k: v for k, v in press.items() if k not in seen}  # after the end, or before
    folder.put("index.html", page(
        "game.html.j2", **common, data=data, record=record, later=later,
        title=data.game.title or data.game.name))
    keep = {"index.html"}
    if data.game.status == "finished" and viewer is None:  # the whole game: one public page
        keep.add("game.html")
        fingerprint = stamp(VERSION, templates_stamp(),
                            [(p.row.id, str(p.row.processed_at)) for p in data.phases], press)
        if not folder.fresh("game.html", fingerprint):
            folder.put("game.html", page(
                "whole.html.j2", **common, data=data,
                phases=[(p, data.view(p, viewer), press.get(p.name, [])) for p in data.phases],
                later=later, title=f"{data.game.title or data.game.name}: the whole game"))
    folder.close(keep)


def _map(data: GameData, phase: PhaseData, view: View, folder: Folder,
         viewer: Player | None, prev: PhaseData | None) -> dict[str, str] | None:
    """The map of `view` written beside the page, with its alt text; a player whose map is
    the public one is pointed to that file (the same picture, never his own). A map file
    already made from the same view is kept: the site is its own cache of pictures. The
    open phase shows the previous phase's map, which its results mail carried: the
    position after those orders is this phase's start, so nothing is drawn for it."""
    if not phase.done and prev is not None and prev.done:
        src = _standing_map(data, prev, folder, viewer)
        if src is None:
            return None
        return {"src": src, "alt": _alt(data, phase, view, prev), "after": prev.long}
    key = picture_key(view)
    rel = f"maps/{phase.name}.png"
    if viewer is not None and key == _public_key(data, phase):
        if not (folder.root / f"games/{data.game.name}" / rel).is_file():
            return None  # the public page has no picture (a map without picture data)
        src = f"../../{rel}"  # his map is the public one
    elif folder.fresh(rel, _map_stamp(key)):
        src = rel
    else:
        _, png = data.picture(phase, view, public=viewer is None)
        if png is None:
            folder.new.pop(rel)
            return None
        folder.put(rel, png)
        src = rel
    return {"src": src, "alt": _alt(data, phase, view), "after": ""}


def _standing_map(data: GameData, phase: PhaseData, folder: Folder,
                  viewer: Player | None) -> str | None:
    """Where the map of `phase`'s page (decided before this one's) is: the reader's own
    file, else for a player the public one; None if the page has no picture."""
    rel = f"maps/{phase.name}.png"
    if rel in folder.new:  # drawn or kept for this reader
        return rel
    if viewer is not None and (folder.root / f"games/{data.game.name}" / rel).is_file():
        return f"../../{rel}"
    return None


def _map_stamp(key: str) -> str:
    """A map file's fingerprint: drawn by this release from this view."""
    return stamp(__version__, key)


def _public_key(data: GameData, phase: PhaseData) -> str:
    """The picture key of the phase's public view (set when the public page was made)."""
    if phase.public_key is None:
        phase.public_key = picture_key(data.view(phase, None))
    return phase.public_key


def _alt(data: GameData, phase: PhaseData, view: View, prev: PhaseData | None = None) -> str:
    """What the map shows, in words: the phase, and whose units and centres it draws;
    `prev`: the open phase shows that phase's map (the orders leading to its start)."""
    counts = "; ".join(f"{r.name} {len(r.centres)} {_n('centre', len(r.centres))}, "
                       f"{len(r.units)} {_n('unit', len(r.units))}"
                       for r in view.public.board)
    if phase.done:
        what = (f"Map of {data.game.name}, {phase.long}: the orders drawn as arrows and the "
                f"position after them")
    elif prev is not None:
        what = (f"Map of {data.game.name} at the start of {phase.long}: the orders of "
                f"{prev.long} drawn as arrows and the position after them")
    else:
        what = f"Map of {data.game.name} at the start of {phase.long}"
    return f"{what}. {counts}. The same is listed in words on this page."


def _n(word: str, n: int) -> str:
    return word if n == 1 else word + "s"


def _phase_link(data: GameData, name: str) -> dict[str, str]:
    return {"name": name, "href": f"{name}.html", "long": Phase.parse(name).long()}


def _label(data: GameData, viewer: Player | None) -> str | None:
    if viewer is None:
        return None
    if viewer.power:
        info = map_for(data.rules).powers.get(viewer.power)
        return info.name if info else viewer.power.title()
    return f"{(viewer.role or '').title()} {viewer.name}".strip()


def _players(data: GameData) -> list[dict[str, str | None]]:
    """The seats, with each player's display name only where the game makes it public."""
    names = data.shows_names()
    powers = map_for(data.rules).powers
    return [{"seat": _label(data, p), "name": p.name if names and p.power else None}
            for p in data.players] + [
        {"seat": powers[k].name if k in powers else k.title(), "name": "played by a bot"}
        for k in data.bots]


def game_entry(game: Game, data: GameData | None) -> dict[str, Any]:
    """A line of the home's index."""
    last = data.phases[-1].long if data and data.phases else ""
    return {"name": game.name, "title": game.title or game.name, "variant": game.variant,
            "status": game.status, "phase": last}
