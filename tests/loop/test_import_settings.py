"""A full export imported into another home makes the same game: every setting, every
player and every phase as the stored rows hold them (not two exports compared, which
would agree on a setting both leave out)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from gmbot.service.archive.run import export_text, import_file
from gmbot.store.models import Game
from tests.loop.judgekit import make_judge, standard_game
from tests.loop.test_export import fresh_home

# On PostgreSQL too (CONTRIBUTING.md): the export and its import, row for row.
pytestmark = pytest.mark.dialect(
    "gmbot.service.archive.export",
    "gmbot.service.archive.restore",
    "gmbot.service.gm.admin",
)

EVERY_SETTING = """
absences: {days_per_year: 9, max_length_days: 5, at_once: 2, notice_hours: 12}
takeover: {approval: true}
nmr: {after: 3, then: tell_gm, replace: false}
standby: [sub@example.test, spare@example.test]
observers: [watcher@example.test]
votes: {secret: false, concede: false}
rules_link: https://example.test/house-rules
press: {display_names: true}
"""


def game_rows(app: Any, name: str) -> dict[str, Any]:
    """What the store holds of game `name`, less what an import makes anew (ids, secrets,
    the time it was made)."""
    with app.db.transaction() as s:
        game = s.query(Game).filter_by(name=name).one()
        return {
            "settings": msgspec.to_builtins(game.settings),
            "game": {k: getattr(game, k) for k in ("title", "variant", "gm", "judge",
                                                    "status", "source")},
            "players": [(p.address, p.power, p.role, p.name, p.active) for p in game.players],
            "phases": [(p.seq, p.name, p.state, p.result, p.deadline_at, p.superseded)
                       for p in game.phases],
        }


def test_full_export_then_import_keeps_every_setting(tmp_path: Path) -> None:
    judge = make_judge(tmp_path / "first", standard_game(extra=EVERY_SETTING))
    path = tmp_path / "g.json"
    path.write_text(export_text(judge.app, "g", scope="full"), encoding="utf-8")
    other = fresh_home(tmp_path, judge.clock)
    # Under another name: on PostgreSQL the two homes share the test's database.
    import_file(other, path, "copy")
    before, after = game_rows(judge.app, "g"), game_rows(other, "copy")
    assert after == before
    kept = before["settings"]
    # The four a --full export once dropped, each as the file set it.
    assert kept["absences"]["days_per_year"] == 9 and kept["takeover_approval"] is True
    assert kept["missed_orders"] == {"then": "tell_gm", "after": 3, "replace": False}
    assert kept["standby"] == ["sub@example.test", "spare@example.test"]
