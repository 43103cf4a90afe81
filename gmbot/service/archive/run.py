"""The export and import use cases, each in one transaction: `gmbot game export` and
`gmbot game import` call these."""

from __future__ import annotations

import json
from pathlib import Path

from gmbot.service.app import App
from gmbot.service.archive.export import export_game
from gmbot.service.archive.form import FormError, read_form
from gmbot.service.archive.mila import MilaError, check_standard, saved_game
from gmbot.service.archive.restore import restore
from gmbot.service.gm.admin import find_game
from gmbot.service.gm.errors import AdminError
from gmbot.service.runtime import StoredPositionError, map_for, rules_for


class ArchiveError(ValueError):
    """Why a game cannot be exported or a file imported, in one line."""


def export_text(app: App, name: str, *, form: str = "gmbot", scope: str = "public",
                addresses: bool = False) -> str:
    """Game `name` as the text of an export file: gmbot's form (docs/export.md) in
    `scope`, or the MILA engine's saved game (standard games only)."""
    with app.db.transaction() as s:
        try:
            game = find_game(s, name)
            if form == "mila":
                rules = rules_for(game)
                check_standard(game.variant, dict(game.settings.options or {}), rules.map_name)
                data = saved_game(export_game(s, game, app.now(), scope="full"),
                                  map_for(rules))
                return json.dumps(data, ensure_ascii=False) + "\n"
            data = export_game(s, game, app.now(), scope=scope, addresses=addresses)
        except (AdminError, MilaError, StoredPositionError) as e:
            raise ArchiveError(str(e)) from None
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def import_file(app: App, path: str | Path, name: str | None = None) -> str:
    """Recreate the game of a full export file, as `name` or its own name."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise ArchiveError(f"{path}: cannot be read: {e}") from None
    except json.JSONDecodeError as e:
        raise ArchiveError(f"{path}: not JSON (line {e.lineno}: {e.msg})") from None
    try:
        form = read_form(data)
        with app.db.transaction() as s:
            game = restore(s, form, name or form.game.name, app.now())
            open_phase = next((p.name for p in reversed(game.phases)
                               if p.processed_at is None and not p.superseded), None)
            return (f"game {game.name} imported ({len(form.phases)} phases, "
                    f"{len(form.players)} players)"
                    + (f"; open phase {open_phase}" if open_phase else "; finished"))
    except FormError as e:
        raise ArchiveError(f"{path}: {e}") from None
