"""Issue 31, item 8: the public export of a Warlock game must not tell a ghost from the
real unit. Every results row carries the same fields, a ghost's as a real unit's, so the
rows of England's two fleets read alike in `gmbot game export --public`."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gmbot.cli import main
from tests.loop.judgekit import make_judge
from tests.warlock.test_warlock_mail import GAME, mail_orders


def test_the_public_export_tells_no_ghost_from_the_real_unit(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME.read_text(encoding="utf-8"))
    mail_orders(judge, {"ENGLAND": ["F EDI - NTH", "CAST GHOST F EDI - NWG", "F LON - ENG",
                                    "A LVP - YOR"]}, "spring")
    judge.tick()
    out = CliRunner().invoke(main, ["--home", str(judge.home), "game", "export",
                                    "warlock-example", "--public"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    rows = {r["order"]: r for r in data["phases"][0]["orders"]["ENGLAND"]}
    real, ghost = rows["F EDI - NTH"], rows["F EDI - NWG"]
    assert real.keys() == ghost.keys()
    assert {k: v for k, v in real.items() if k != "order"} == \
        {k: v for k, v in ghost.items() if k != "order"}
    assert "ghost" not in out.output
