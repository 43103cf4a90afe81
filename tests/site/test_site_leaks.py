"""The web pages keep secrets as the mails do (issue 25): games played through the real
mail pipeline with a site kept by `gmbot tick`; a Warlock invisible unit and a
Capitalist balance appear on their owner's private pages only, never on a public page or
another player's; each player's link is his alone, and a guessed or changed one, or a
replaced player's, gives 404 from `gmbot web`."""

from __future__ import annotations

from pathlib import Path

from gmbot.engine.map import load_map
from tests.loop.judgekit import POWERS, Judge, body, make_judge
from tests.loop.test_capitalist_mail import capitalist_game, yaml_position
from tests.site.sitekit import URL, keep_site, pages, private_links, served, status, text_of

WARLOCK = Path(__file__).resolve().parents[2] / "gmbot/variants/warlock/example.yaml"
START = {k: list(p.units) for k, p in load_map("standard").powers.items()}


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def mail_orders(judge: Judge, orders: dict[str, list[str]], subject: str) -> None:
    for power in POWERS:
        lines = orders.get(power) or [f"{u} H" for u in START[power]]
        judge.send(addr(power), "\n".join(lines) + "\n", subject=subject)


def split(folder: Path, game: str, links: dict[str, str], owner: str) -> tuple[str, str]:
    """The text of the owner's private pages, and of every other page of the site."""
    own = folder / links[addr(owner)].strip("/")
    mine = "\n".join(text_of(p) for p in pages(own))
    rest = "\n".join(text_of(p) for p in pages(folder) if own not in p.parents)
    assert (folder / "games" / game / "index.html").is_file()
    return mine, rest


def test_warlock_invisible_unit_only_on_its_owners_pages(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WARLOCK.read_text(encoding="utf-8"))
    folder = keep_site(judge)
    mail_orders(judge, {"TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON - BUL",
                                   "A SMY H"]}, "[warlock-example] spring")
    report = judge.tick()
    assert report.processed == ["warlock-example: S1901M processed (early); next F1901M"]
    assert report.pages > 0
    links = private_links(judge)
    assert sorted(links) == sorted(addr(p) for p in POWERS)
    mine, rest = split(folder, "warlock-example", links, "TURKEY")
    assert "F ANK - BLA (invisible)" in mine and "F BLA is invisible" in mine
    assert "CAST MAKE INVISIBLE F ANK" in rest  # the cast is public, where it went is not
    assert "F BLA" not in rest and "ANK - BLA" not in rest
    # Turkey's map is his own (it draws the fleet): not the public picture.
    turkey = folder / links[addr("TURKEY")].strip("/")
    assert (turkey / "maps" / "S1901M.png").is_file()
    assert (turkey / "maps" / "S1901M.png").read_bytes() != \
        (folder / "games/warlock-example/maps/S1901M.png").read_bytes()
    # Another player sees what the public sees: his page points to the public map.
    france = folder / links[addr("FRANCE")].strip("/")
    assert not (france / "maps").exists()
    assert 'src="../../maps/S1901M.png"' in (france / "S1901M.html").read_text()
    # The open phase shows the map of the phase before, each reader's own: Turkey's still
    # draws his invisible fleet where it went.
    assert '<img src="maps/S1901M.png"' in (turkey / "F1901M.html").read_text()
    assert '<img src="../../maps/S1901M.png"' in (france / "F1901M.html").read_text()
    assert not (folder / "games/warlock-example/maps/F1901M.png").exists()


def test_capitalist_balance_only_on_its_owners_pages(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(yaml_position()))
    folder = keep_site(judge)
    mail_orders(judge, {"ENGLAND": ["F LON - NTH (3)"], "FRANCE": ["A POR H"],
                        "GERMANY": ["F DEN H"], "AUSTRIA": ["A SER H"], "RUSSIA": ["A MOS H"],
                        "TURKEY": ["A ANK H"], "ITALY": ["A VEN H"]}, "[g] orders")
    judge.clock.advance(hours=49)
    judge.tick()
    links = private_links(judge)
    public = "\n".join(text_of(p) for p in pages(folder) if "/p/" not in str(p))
    assert "Account" not in public and "balance" not in public.lower()
    for power in POWERS:
        mine, rest = split(folder, "g", links, power)
        accounts = [line.strip() for line in mine.splitlines() if "Account:" in line]
        assert accounts, power
        assert not any(line in rest for line in accounts), power
    # His page says what his results mail says (the same private view).
    mail = next(body(m) for m in judge.to(addr("ENGLAND")) if "results" in str(m["Subject"]))
    account = next(line for line in mail.splitlines() if line.startswith("Account:"))
    assert account in split(folder, "g", links, "ENGLAND")[0]


def test_private_links_are_each_players_own(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WARLOCK.read_text(encoding="utf-8"))
    folder = keep_site(judge)
    mail_orders(judge, {}, "[warlock-example] spring")
    judge.tick()
    links = private_links(judge)
    assert len(set(links.values())) == len(POWERS)
    # Only a player's own results mail carries his link: not the GM's copy.
    gm = [body(m) for m in judge.to("gm@example.test") if "results" in str(m["Subject"])]
    assert gm and not any("/p/" in text for text in gm)
    # The HTML part too: his own pages from his section, and the map opens on them.
    for mail in judge.outbox():
        if "results" not in str(mail["Subject"]):
            continue
        part = next(p for p in mail.walk() if p.get_content_type() == "text/html")
        page = part.get_content()
        mine = links.get(str(mail["To"]))
        hrefs = {h for h in page.split('href="')[1:] for h in [h.split('"', 1)[0]]}
        assert hrefs == ({URL + mine} if mine else set()), (mail["To"], hrefs)
    with served(folder) as base:
        assert status(f"{base}/index.html") == 200
        assert status(f"{base}/games/warlock-example/S1901M.html") == 200
        for path in links.values():
            assert status(f"{base}{path}index.html") == 200
            assert status(f"{base}{path}S1901M.html") == 200
            token = path.rstrip("/").rsplit("/", 1)[1]
            changed = token[:-1] + ("a" if token[-1] != "a" else "b")
            assert status(f"{base}{path.replace(token, changed)}index.html") == 404
        # No folder is listed: not the players' links, not any.
        assert status(f"{base}/games/warlock-example/p/") == 200  # the stand-in page
        assert "nothing to see" in (folder / "games/warlock-example/p/index.html").read_text()
        assert status(f"{base}/games/warlock-example/maps/") == 404
        # Each player's pages name him and no other power as their reader.
        for who, path in links.items():
            page = (folder / path.strip("/") / "index.html").read_text()
            power = who.split("@")[0].title()
            assert f"{power}'s pages" in page
            assert not any(f"{p.title()}'s pages" in page for p in POWERS
                           if p.title() != power)


def test_a_replaced_players_link_stops_working(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WARLOCK.read_text(encoding="utf-8"))
    folder = keep_site(judge)
    mail_orders(judge, {}, "[warlock-example] spring")
    judge.tick()
    old = private_links(judge)[addr("FRANCE")]
    judge.send("gm@example.test", "REPLACE FRANCE newfrance@example.test\n",
               subject="[warlock-example] replace")
    judge.tick()
    with served(folder) as base:
        assert status(f"{base}{old}index.html") == 404
    assert not (folder / old.strip("/")).exists()
    # The new player's link (in his next results mail) opens France's pages.
    mail_orders(judge, {}, "[warlock-example] fall")
    judge.send("newfrance@example.test", "A PAR H\nA MAR H\nF BRE H\n",
               subject="[warlock-example] fall")
    judge.clock.advance(hours=80)  # past the deadline and its grace
    judge.tick()
    new = private_links(judge).get("newfrance@example.test")
    assert new is not None and new != old
    assert (folder / new.strip("/") / "S1901M.html").is_file()


def test_an_anonymous_game_names_nobody_on_any_page_whatever_display_names_says(
        tmp_path: Path) -> None:
    """Issue 31: with `anonymous: true` and `press: {display_names: true}` the public
    index and every private index listed each power with its player's name. Anonymity
    wins everywhere: no page names a player; with display_names alone, they are named."""
    from tests.loop.judgekit import standard_game

    named = "\n".join(f"  - {{address: {p.lower()}@example.test, power: {p}, "
                      f"name: Player {p.title()}}}" for p in POWERS)
    plain = "\n".join(f"  - {{address: {p.lower()}@example.test, power: {p}}}"
                      for p in POWERS)
    for anonymous, shown in ((True, False), (False, True)):
        where = tmp_path / str(anonymous)
        text = standard_game().replace(plain, named) + "press: {display_names: true}\n" + \
            ("anonymous: true\n" if anonymous else "")
        judge = make_judge(where, text)
        folder = keep_site(judge)
        mail_orders(judge, {}, "[g] spring")
        judge.clock.advance(days=3)
        judge.tick()
        every = "\n".join(text_of(p) for p in pages(folder))
        assert len(private_links(judge)) == len(POWERS)
        assert ("Player Germany" in every) is shown, anonymous
        assert "@example.test" not in every


def test_no_file_outside_a_players_folder_names_his_link(tmp_path: Path) -> None:
    """`gmbot web` serves every file of the folder, its dot files too (the pages'
    fingerprints): none but a player's own may hold the token of his link."""
    judge = make_judge(tmp_path, WARLOCK.read_text(encoding="utf-8"))
    folder = keep_site(judge)
    mail_orders(judge, {}, "[warlock-example] spring")
    judge.tick()
    links = private_links(judge)
    assert len(links) == len(POWERS)
    for path in links.values():
        token = path.rstrip("/").rsplit("/", 1)[1]
        own = folder / path.strip("/")
        named = [str(f.relative_to(folder)) for f in folder.rglob("*")
                 if f.is_file() and own not in f.parents and token.encode() in f.read_bytes()]
        assert named == []
    with served(folder) as base:
        assert status(f"{base}/games/warlock-example/.stamps.json") == 200  # served indeed
