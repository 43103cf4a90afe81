"""The HTML part of gmbot's mails as a reader sees it on a phone (390 px, 360 px) and on a
desktop (1280 px), in a real browser (issue 25): mails made by the real pipeline
(tests/loop/judgekit.py), decoded as a mail client does (mail_page). No sideways
scrolling, the map no wider than the screen, the player's own section first, then the
map, then the results; his section is his own; what players write shows as text."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.browserkit import Browser, mail_page
from tests.loop.judgekit import POWERS, Judge, body, make_judge, standard_game
from tests.loop.test_capitalist_mail import capitalist_game, private_part, yaml_position
from tests.picture.test_map_mails import addr, play_spring
from tests.warlock.test_warlock_mail import GAME as WARLOCK
from tests.warlock.test_warlock_mail import mail_orders

GM = "gm@example.test"
WIDTHS = (390, 1280)
SCRIPT = "<script>document.title='owned'</script><b>bold</b>"


def show(browser: Browser, msg: EmailMessage, folder: Path, width: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    browser.open(mail_page(msg, folder), width=width)


def fits(browser: Browser, width: int) -> None:
    """Nothing wider than the screen; the map (if any) loaded and no wider either."""
    assert not browser.layout().scrolls_sideways
    for shown, natural in browser.js(
            "return [...document.images].map(i => [i.getBoundingClientRect().width,"
            " i.naturalWidth]);"):
        assert natural > 0 and 0 < shown <= width


def tops(browser: Browser, *ids: str) -> list[float]:
    return [float(t) for t in browser.js(
        "return arguments[0].map(id => document.getElementById(id)"
        ".getBoundingClientRect().top);", list(ids))]


def results_of(mails: list[EmailMessage]) -> list[EmailMessage]:
    return [m for m in mails if "results" in m["Subject"]]


@pytest.fixture(scope="module")
def spring(tmp_path_factory: pytest.TempPathFactory) -> tuple[Judge, list[EmailMessage]]:
    """A standard game after Spring 1901 Movement, France's orders with a line of markup."""
    judge = make_judge(tmp_path_factory.mktemp("spring"), standard_game())
    judge.send(addr("FRANCE"), f"A PAR - {SCRIPT}\n", subject="[g] note")
    judge.tick()
    return judge, [*judge.new_mail(), *play_spring(judge)]


@pytest.mark.parametrize("width", WIDTHS)
def test_a_results_mail_shows_the_players_section_then_the_map_then_the_results(
        browser: Browser, spring: tuple[Judge, list[EmailMessage]], tmp_path: Path,
        width: int) -> None:
    _, mails = spring
    for power in POWERS:
        [mail] = [m for m in results_of(mails) if m["To"] == addr(power)]
        show(browser, mail, tmp_path / power, width)
        fits(browser, width)
        own, picture, results = tops(browser, "own", "map", "results")
        assert own < picture < results
        own_text = browser.js("return document.getElementById('own').innerText;")
        assert f"For {power} only" in own_text
        page = browser.text()
        assert all(f"For {other} only" not in page for other in POWERS if other != power)
        # The orders under a heading per power, one line each, the result beside.
        headings = browser.js("return [...document.querySelectorAll('#results h3')]"
                              ".map(h => h.innerText);")
        assert headings == sorted(POWERS)
        assert "A PAR - BUR: succeeds" in page.splitlines()
        if width == 390:  # the map fills the phone's width, less the margins
            [shown] = browser.js("return [...document.images]"
                                 ".map(i => i.getBoundingClientRect().width);")
            assert shown >= width - 40


def test_the_gms_copy_has_no_private_section_and_the_map_comes_first(
        browser: Browser, spring: tuple[Judge, list[EmailMessage]], tmp_path: Path) -> None:
    _, mails = spring
    [mail] = [m for m in results_of(mails) if m["To"] == GM]
    show(browser, mail, tmp_path, 390)
    fits(browser, 390)
    assert browser.js("return document.getElementById('own');") is None
    picture, results = tops(browser, "map", "results")
    assert picture < results


def test_markup_in_a_players_mail_shows_as_text(
        browser: Browser, spring: tuple[Judge, list[EmailMessage]], tmp_path: Path) -> None:
    _, mails = spring
    [ack] = [m for m in mails if m["To"] == addr("FRANCE") and "results" not in m["Subject"]]
    assert SCRIPT in body(ack)
    html = ack.get_body(preferencelist=("html",)).get_content()
    assert "<script" not in html and "&lt;script&gt;" in html
    show(browser, ack, tmp_path, 360)
    fits(browser, 360)
    assert SCRIPT in browser.text()
    assert browser.js("return [document.scripts.length, document.title,"
                      " document.getElementsByTagName('b').length];") == [0, ack["Subject"], 0]


def test_press_with_markup_shows_as_text(browser: Browser, tmp_path: Path) -> None:
    judge = make_judge(tmp_path / "press", standard_game())
    judge.send(addr("ENGLAND"), f"PRESS TO FRANCE\n{SCRIPT}\nENDPRESS\n", subject="[g] hi")
    judge.tick()
    [press] = [m for m in judge.new_mail() if m["To"] == addr("FRANCE")]
    show(browser, press, tmp_path / "page", 360)
    fits(browser, 360)
    assert SCRIPT in browser.text()
    assert browser.js("return document.scripts.length;") == 0


@pytest.mark.parametrize("width", WIDTHS)
def test_a_capitalist_results_mail_shows_his_account_and_no_one_elses(
        browser: Browser, tmp_path_factory: pytest.TempPathFactory, width: int) -> None:
    judge = make_judge(tmp_path_factory.mktemp("capitalist"), capitalist_game(yaml_position()))
    units = {"ENGLAND": "F LON", "GERMANY": "F DEN", "FRANCE": "A POR", "RUSSIA": "A MOS",
             "AUSTRIA": "A SER", "TURKEY": "A ANK", "ITALY": "A VEN"}
    for power in POWERS:
        judge.send(addr(power), f"{units[power]} H\n", subject="[g] orders")
    judge.tick()
    results = results_of(judge.new_mail())
    accounts = {}
    for power in POWERS:
        [mail] = [m for m in results if m["To"] == addr(power)]
        [accounts[power]] = [line for line in private_part(mail, power).splitlines()
                             if line.startswith("Account:")]
    assert len(set(accounts.values())) == len(POWERS)  # each player's figures differ
    for power in POWERS:
        [mail] = [m for m in results if m["To"] == addr(power)]
        show(browser, mail, tmp_path_factory.mktemp(power), width)
        fits(browser, width)
        own, picture, rest = tops(browser, "own", "map", "results")
        assert own < picture < rest
        own_text = browser.js("return document.getElementById('own').innerText;")
        assert accounts[power] in own_text
        page = browser.text()
        assert [p for p, line in accounts.items() if line in page] == [power]


def test_a_warlock_results_mail_shows_an_invisible_unit_to_its_owner_only(
        browser: Browser, tmp_path: Path) -> None:
    judge = make_judge(tmp_path / "warlock", WARLOCK.read_text(encoding="utf-8"))
    mail_orders(judge, {"TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON - BUL",
                                   "A SMY H"]}, "spring")
    judge.tick()
    results = [m for m in results_of(judge.new_mail()) if m["To"] != GM]
    assert len(results) == len(POWERS)
    for mail in results:
        show(browser, mail, tmp_path / mail["To"], 390)
        fits(browser, 390)
        own, picture, rest = tops(browser, "own", "map", "results")
        assert own < picture < rest
        own_text = browser.js("return document.getElementById('own').innerText;")
        assert "Spells left:" in own_text  # his spells, in his own section
        page = browser.text()
        if mail["To"] == addr("TURKEY"):
            assert "F BLA is invisible: only you see it" in own_text
            assert "F ANK - BLA (invisible)" in page
        else:
            assert "F BLA" not in page and "ANK - BLA" not in page, mail["To"]


def test_welcome_ack_history_announcement_and_game_over_fit_a_phone(
        browser: Browser, spring: tuple[Judge, list[EmailMessage]], tmp_path: Path) -> None:
    judge, _ = spring
    [welcome] = [m for m in judge.welcomes if m["To"] == addr("FRANCE")]
    judge.send(addr("ITALY"), "A VEN H\nHISTORY S1901M\n", subject="[g] history")
    judge.send(GM, "EXTEND 24h\n", subject="[g] extend")
    judge.tick()
    mails = judge.new_mail()
    [history] = [m for m in judge.to(addr("ITALY"), mails) if "extended" not in m["Subject"]]
    [announce] = [m for m in judge.to(addr("FRANCE"), mails) if "extended" in m["Subject"]]
    judge.send(GM, "DRAW\n", subject="[g] draw")
    judge.tick()
    [over] = [m for m in judge.to(addr("FRANCE"), judge.new_mail())
              if "draw" in m["Subject"]]
    for name, mail, pictures, said in (
            ("welcome", welcome, 1, "How to order: write to this address"),
            ("history", history, 1, body(history).strip().splitlines()[0]),
            ("announce", announce, 0, body(announce).strip().splitlines()[0]),
            ("over", over, 1, "Thank you for playing.")):
        show(browser, mail, tmp_path / name, 360)
        fits(browser, 360)
        assert browser.js("return document.images.length;") == pictures
        assert browser.js("return document.getElementsByTagName('pre').length;") == 0
        assert said in body(mail)  # what the text part says, the page says too, wrapped
        assert " ".join(said.split()) in " ".join(browser.text().split()), name
    show(browser, welcome, tmp_path / "welcome-desk", 1280)
    fits(browser, 1280)
    own, picture = tops(browser, "own", "map")
    assert own < picture
