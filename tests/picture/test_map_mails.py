"""Maps in the mails of a game played through the real pipeline (the local Maildir): every
results mail shows its recipient's map inline, small, and HISTORY sends a past phase's
map again; `gmbot map` and `gmbot adjudicate --picture` write the same pictures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from gmbot.cli import main
from gmbot.engine.map import load_map
from gmbot.store.outbox import Outbound
from tests.loop.judgekit import POWERS, REPO, Judge, body, make_judge, standard_game
from tests.picture.mapkit import (
    colours,
    decode,
    inline_picture,
    nearest,
    neutral,
    unit_pixel,
)

GM = "gm@example.test"
START = {k: list(p.units) for k, p in load_map("standard").powers.items()}
MOVES = {"A PAR": "A PAR - BUR", "A MUN": "A MUN - RUH", "F KIE": "F KIE - HOL",
         "F BRE": "F BRE - MAO"}


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, standard_game())


def play_spring(judge: Judge) -> list:
    for power in POWERS:
        lines = [MOVES.get(u, f"{u} H") for u in START[power]]
        judge.send(addr(power), "\n".join(lines) + "\n", subject="[g] spring")
    assert judge.tick().processed == ["g: S1901M processed (early); next F1901M"]
    return [m for m in judge.new_mail() if "results" in m["Subject"]]


def test_every_results_mail_shows_the_new_position_inline(judge: Judge) -> None:
    results = play_spring(judge)
    assert sorted(m["To"] for m in results) == sorted([GM, *map(addr, POWERS)])
    for mail in results:
        png = inline_picture(mail)
        assert len(png) < 300_000
        img = decode(png)
        # The standard map, with the legend of the powers in a strip below it.
        assert img.width == 1100 and img.height > 864
        # The units where the moves took them, in their powers' colours.
        for loc, power in (("BUR", "FRANCE"), ("RUH", "GERMANY"), ("HOL", "GERMANY"),
                           ("MAO", "FRANCE"), ("VIE", "AUSTRIA")):
            assert nearest(unit_pixel(img, "standard", loc), colours("standard")) == power
    # Standard Diplomacy hides nothing: everyone's map is the GM's public one.
    assert len({inline_picture(m) for m in results}) == 1
    # Sent mail no longer keeps its picture in the database.
    with judge.app.db.transaction() as s:
        assert s.scalars(select(Outbound).where(Outbound.picture.is_not(None))).all() == []


def test_history_sends_the_map_of_a_past_phase(judge: Judge) -> None:
    results = {m["To"]: inline_picture(m) for m in play_spring(judge)}
    judge.send(addr("ENGLAND"), "HISTORY S1901M\n", subject="[g] history")
    judge.tick()
    [reply] = judge.to(addr("ENGLAND"), judge.new_mail())
    assert inline_picture(reply) == results[addr("ENGLAND")]


def test_an_acknowledgement_has_no_picture(judge: Judge) -> None:
    judge.send(addr("FRANCE"), "A PAR - BUR\n", subject="[g] orders")
    judge.tick()
    [ack] = judge.to(addr("FRANCE"), judge.new_mail())
    # The text and its HTML part (issue 25), and no picture.
    assert [p.get_content_type() for p in ack.walk()] == [
        "multipart/alternative", "text/plain", "text/html"]


def test_gmbot_map_writes_a_phase_and_the_current_position(judge: Judge,
                                                           tmp_path: Path) -> None:
    results = {m["To"]: inline_picture(m) for m in play_spring(judge)}
    runner = CliRunner()
    home = ["--home", str(judge.home)]
    out = tmp_path / "s1901m.png"
    done = runner.invoke(main, [*home, "map", "g", "--phase", "s1901m", "--as", "france",
                                "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert out.read_bytes() == results[addr("FRANCE")]
    now = tmp_path / "now.png"
    assert runner.invoke(main, [*home, "map", "g", "-o", str(now)]).exit_code == 0
    img = decode(now.read_bytes())
    assert nearest(unit_pixel(img, "standard", "BUR"), colours("standard")) == "FRANCE"
    bad = runner.invoke(main, [*home, "map", "g", "--phase", "F1907M", "-o", str(now)])
    assert bad.exit_code != 0 and "has no phase F1907M" in bad.output
    bad = runner.invoke(main, [*home, "map", "g", "--as", "Narnia", "-o", str(now)])
    assert bad.exit_code != 0 and "'Narnia' is not a power of g" in bad.output


def test_gmbot_adjudicate_writes_the_picture_of_a_case(tmp_path: Path) -> None:
    case = tmp_path / "case.json"
    case.write_text(json.dumps({"variant": "standard", "phase": "S1901M",
                                "orders": {"FRANCE": ["A PAR - BUR"]}}))
    out = tmp_path / "case.png"
    done = CliRunner().invoke(main, ["adjudicate", str(case), "--picture", str(out)])
    assert done.exit_code == 0, done.output
    assert '"A PAR": "succeeds"' in done.output
    img = decode(out.read_bytes())
    assert nearest(unit_pixel(img, "standard", "BUR"), colours("standard")) == "FRANCE"


def test_a_map_that_fails_to_draw_does_not_hold_back_the_results(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    import gmbot.picture.draw

    def broken(*args: object, **kw: object) -> None:
        raise RuntimeError("a bug in drawing")

    monkeypatch.setattr(gmbot.picture.draw, "picture", broken)
    results = play_spring(judge)
    assert len(results) == 8
    for mail in results:  # the text and the HTML part, without a picture (issue 25)
        assert not any(p.get_content_maintype() == "image" for p in mail.walk())
        assert "A PAR - BUR" in body(mail)
        assert "<img" not in mail.get_body(preferencelist=("html",)).get_content()


def test_every_welcome_mail_shows_the_start_inline(judge: Judge) -> None:
    assert sorted(m["To"] for m in judge.welcomes) == sorted([GM, *map(addr, POWERS)])
    pictures = {m["To"]: inline_picture(m) for m in judge.welcomes}
    img = decode(pictures[GM])
    for power, units in START.items():
        for unit in units:
            loc = unit.split()[1]
            assert nearest(unit_pixel(img, "standard", loc), colours("standard")) == power
    # Standard Diplomacy hides nothing: everyone's map is the GM's public one.
    assert len(set(pictures.values())) == 1


WARLOCK_HIDDEN = (REPO / "gmbot/variants/warlock/example.yaml").read_text(encoding="utf-8") + """
position:
  phase: S1901M
  units:
    ENGLAND: [{unit: F NTH, invisible: LON}, A LVP]
    FRANCE: [A PAR, F BRE]
  centers: {ENGLAND: [LON, LVP, EDI], FRANCE: [PAR, BRE, MAR]}
"""


def test_a_warlock_welcome_map_shows_an_invisible_unit_only_to_its_owner(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WARLOCK_HIDDEN)
    pictures = {m["To"]: inline_picture(m) for m in judge.welcomes}
    england = decode(pictures[addr("ENGLAND")])
    assert nearest(unit_pixel(england, "standard", "NTH"), neutral("standard")) == "ENGLAND"
    public = decode(pictures[GM])
    assert nearest(unit_pixel(public, "standard", "NTH"), neutral("standard")) != "ENGLAND"
    assert nearest(unit_pixel(public, "standard", "PAR"), colours("standard")) == "FRANCE"
    # Everyone but England sees the GM's public map.
    assert {pictures[addr(p)] for p in POWERS if p != "ENGLAND"} == {pictures[GM]}
