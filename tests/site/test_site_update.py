"""Keeping the pages current (issue 25's performance goal): after a phase only that
phase's pages, the next phase's and the indexes are written again, never the earlier
phases'; a tick with nothing new writes nothing. And the command line: `gmbot site`,
gmbot.yaml's `site:` section checked field by field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gmbot.cli import main
from gmbot.config import ConfigError, load_config
from gmbot.daemon.schedule import Daemon
from gmbot.service.site.write import reader_key
from tests.loop.judgekit import make_judge, standard_game
from tests.loop.test_daemon_arming import FakeScheduler
from tests.site.sitekit import keep_site, private_links


def mtimes(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns
            for p in folder.rglob("*") if p.is_file()}


def test_only_the_new_phases_pages_are_written(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    folder = keep_site(judge)
    for _ in range(2):
        judge.clock.advance(hours=49)
        judge.tick()
    before = mtimes(folder)
    assert "games/g/S1901M.html" in before and "games/g/F1901M.html" in before
    assert judge.tick().pages == 0  # nothing new: nothing written
    assert mtimes(folder) == before
    judge.clock.advance(hours=49)
    report = judge.tick()
    assert report.processed == ["g: S1902M processed (deadline); next F1902M"]
    after = mtimes(folder)
    changed = {k for k in after if before.get(k) != after[k]}
    france = private_links(judge)["france@example.test"].strip("/")
    token = france.rsplit("/", 1)[1]
    ours = {k.replace(token, "TOKEN") for k in changed
            if "/p/" not in k or token in k}
    # The phase just processed (its page had shown the open position), its map, the new
    # open phase, the indexes; of France's pages the same; nothing earlier. The open
    # phase has no map of its own: it shows the processed phase's, its starting position.
    assert ours == {"games/g/S1902M.html", "games/g/F1902M.html", "games/g/index.html",
                    "games/g/maps/S1902M.png",
                    "games/g/.stamps.json", "games/g/.entry.json", "index.html",
                    ".games.json", "games/g/p/TOKEN/S1902M.html",
                    "games/g/p/TOKEN/F1902M.html", "games/g/p/TOKEN/index.html"}
    assert report.pages == len([k for k in changed if not Path(k).name.startswith(".")])
    assert '<img src="maps/S1902M.png"' in (folder / "games/g/F1902M.html").read_text()
    assert '<img src="../../maps/S1902M.png"' in (folder / france / "F1902M.html").read_text()


def test_a_folder_of_a_stamps_file_a_reader_is_read_once_and_made_one(
        tmp_path: Path) -> None:
    """A site written before one stamps file a game: each reader's own file is read, its
    unchanged pages kept, and the game's one file replaces them."""
    judge = make_judge(tmp_path, standard_game())
    folder = keep_site(judge)
    judge.clock.advance(hours=49)
    judge.tick()
    game = folder / "games/g"
    readers = json.loads((game / ".stamps.json").read_text())["readers"]
    folders = {reader_key(f"p/{d.name}"): d for d in (game / "p").iterdir() if d.is_dir()}
    assert set(readers) == {"", *folders}
    (game / ".stamps.json").write_text(json.dumps(readers.pop("")))  # the old layout
    for reader, kept in readers.items():
        (folders[reader] / ".stamps.json").write_text(json.dumps(kept))
    before = mtimes(folder)
    judge.clock.advance(hours=49)
    judge.tick()
    assert not list(game.glob("p/*/.stamps.json"))
    again = json.loads((game / ".stamps.json").read_text())["readers"]
    assert set(again) == {"", *readers}
    after = mtimes(folder)
    assert after["games/g/S1901M.html"] == before["games/g/S1901M.html"]  # kept


def test_gmbot_site_writes_every_game(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    judge.clock.advance(hours=49)
    judge.tick()
    out = tmp_path / "out"
    runner = CliRunner()
    result = runner.invoke(main, ["--home", str(judge.home), "site", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "index.html").is_file() and (out / "games/g/S1901M.html").is_file()
    assert (out / "games/g/maps/S1901M.png").is_file()
    result = runner.invoke(main, ["--home", str(judge.home), "site", "-o", str(out),
                                  "--game", "nosuch"])
    assert result.exit_code == 1 and "no game named nosuch" in result.output
    result = runner.invoke(main, ["--home", str(judge.home), "site", "-o", str(tmp_path)])
    assert result.exit_code == 1 and "a folder of their own" in result.output
    result = runner.invoke(main, ["--home", str(judge.home), "site"])
    assert result.exit_code == 1 and "give -o DIR" in result.output
    result = runner.invoke(main, ["--home", str(judge.home), "web", "-d", str(tmp_path)])
    assert result.exit_code == 1 and "holds no site" in result.output


@pytest.mark.parametrize(("section", "problem"), [
    ("site: yes", "site must be a mapping"),
    ("site: {url: 'https://x.test'}", "site.dir must name the folder"),
    ("site: {dir: s, url: 'ftp://x.test'}", "site.url must be an http"),
    ("site: {dir: s, games: g}", "site.games must be a list"),
    ("site: {dir: s, colour: red}", "site: unknown keys: colour"),
    ("site: {dir: .}", "site.dir must be a folder of its own"),
])
def test_the_site_section_is_checked(tmp_path: Path, section: str, problem: str) -> None:
    (tmp_path / "gmbot.yaml").write_text(section + "\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=problem):
        load_config(tmp_path)


def test_the_site_section(tmp_path: Path) -> None:
    (tmp_path / "gmbot.yaml").write_text(
        "site: {dir: pages, url: 'https://games.example.test/', games: [g]}\n", "utf-8")
    site = load_config(tmp_path).site
    assert site is not None
    assert site.dir == tmp_path.resolve() / "pages" and site.url == "https://games.example.test"
    assert site.shows("g") and not site.shows("h")


def test_after_the_end_the_whole_game(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    folder = keep_site(judge)
    judge.send("france@example.test", "A PAR - BUR\n", subject="[g] orders")
    judge.clock.advance(hours=49)
    judge.tick()
    assert not (folder / "games/g/game.html").exists()
    judge.send("gm@example.test", "DRAW\n", subject="[g] draw")
    judge.tick()
    whole = (folder / "games/g/game.html").read_text(encoding="utf-8")
    assert 'href="S1901M.html"' in whole and "A PAR - BUR" in whole
    assert 'href="game.html"' in (folder / "games/g/index.html").read_text(encoding="utf-8")
    token = private_links(judge)["france@example.test"].strip("/")
    assert not (folder / token / "game.html").exists()  # the whole game: public only


def test_the_public_map_is_the_one_the_results_mail_carried(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    judge = make_judge(tmp_path, standard_game())
    folder = keep_site(judge)
    judge.send("france@example.test", "A PAR - BUR\n", subject="[g] orders")
    judge.clock.advance(hours=49)

    def drawn_again(*args: object) -> bytes:
        raise AssertionError("the processed phase's map is drawn again")

    # The pages are written while the outbox still holds the results mails' pictures;
    # the new phase's page shows the same map (its starting position): none is drawn.
    monkeypatch.setattr("gmbot.service.site.gather.results_picture", drawn_again)
    monkeypatch.setattr("gmbot.service.site.gather.view_picture", drawn_again)
    report = judge.tick()
    assert report.errors == [] and report.processed
    mail = next(m for m in judge.to("gm@example.test") if "results" in str(m["Subject"]))
    pictures = [p.get_payload(decode=True) for p in mail.walk()
                if p.get_content_type() == "image/png"]
    assert pictures == [(folder / "games/g/maps/S1901M.png").read_bytes()]


def test_the_daemon_keeps_the_pages(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    folder = keep_site(judge)
    judge.clock.advance(hours=49)
    Daemon(judge.app, scheduler=FakeScheduler()).deadline_job()
    assert (folder / "games/g/S1901M.html").is_file()
    assert (folder / "games/g/F1901M.html").is_file()
    assert private_links(judge)  # the results mails, sent after the pages, carry the links


def test_results_go_out_without_links_when_the_key_cannot_be_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    judge = make_judge(tmp_path, standard_game())
    keep_site(judge)

    def unwritable(home: Path) -> bytes:
        raise PermissionError(f"{home}: read-only")

    monkeypatch.setattr("gmbot.service.views.site_link.site_key", unwritable)
    monkeypatch.setattr("gmbot.service.site.build.site_key", unwritable)
    judge.clock.advance(hours=49)
    report = judge.tick()
    assert report.processed == ["g: S1901M processed (deadline); next F1901M"]
    assert private_links(judge) == {}
    assert any("web pages" in e for e in report.errors)  # the pages' trouble is reported
    assert len([m for m in judge.outbox() if "results" in str(m["Subject"])]) == 8
