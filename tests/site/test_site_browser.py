"""The web pages in a real browser (headless Chromium, tests/browserkit.py), served by
`gmbot web`, at a phone's 390 px and a desktop's 1280 px: from the home's index a reader
reaches every phase by following links, and from each phase its neighbours and the game's
index; no page scrolls sideways; the map fits the width and says what it shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browserkit import Browser
from tests.loop.judgekit import Judge, make_judge, standard_game
from tests.site.sitekit import keep_site, private_links, served

WIDTHS = (390, 1280)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Judge, Path]:
    """A standard game of three phases, with press, kept by `gmbot tick`."""
    judge = make_judge(tmp_path_factory.mktemp("site"), standard_game())
    folder = keep_site(judge)
    judge.send("france@example.test", "A PAR - BUR\nF BRE - MAO\nA MAR - SPA\n",
               subject="[g] orders")
    judge.send("gm@example.test", "PRESS TO ALL\nWelcome to <b>the game</b>.\nENDPRESS\n",
               subject="[g] press")
    for _ in range(3):
        judge.clock.advance(hours=49)
        judge.tick()
    return judge, folder


def links(browser: Browser) -> dict[str, str]:
    """The page's links: their text -> their absolute address."""
    found = browser.js("return Array.from(document.querySelectorAll('a[href]'))"
                       ".map(a => [a.textContent.trim(), a.href]);")
    return {text: href for text, href in found}


def check_layout(browser: Browser, width: int) -> None:
    layout = browser.layout()
    assert not layout.scrolls_sideways, (browser.driver.current_url, width, layout)
    maps = browser.js("return Array.from(document.querySelectorAll('figure.map img'))"
                      ".map(i => [i.getBoundingClientRect().right, i.naturalWidth, i.alt]);")
    for right, natural, alt in maps:
        assert natural > 0  # the picture loaded
        assert right <= width
        assert alt.startswith("Map of g") and "centres" in alt


@pytest.mark.parametrize("width", WIDTHS)
def test_every_phase_is_reached_by_links_and_back(browser: Browser, site: tuple[Judge, Path],
                                                  width: int) -> None:
    _, folder = site
    with served(folder) as base:
        browser.open(f"{base}/index.html", width=width)
        check_layout(browser, width)
        game = links(browser)["g"]
        browser.open(game, width=width)
        check_layout(browser, width)
        assert browser.js("return document.querySelector('h1').textContent") == "g"
        index = links(browser)
        phases = [href for text, href in index.items() if text.startswith(("Spring", "Fall",
                                                                            "Winter"))]
        assert [h.rsplit("/", 1)[1] for h in phases] == [
            "S1901M.html", "F1901M.html", "W1901A.html", "S1902M.html"]
        # Forward from the first phase by its "next" links, then back by "previous".
        browser.open(phases[0], width=width)
        seen = [browser.driver.current_url]
        while True:
            check_layout(browser, width)
            found = browser.js("var a = document.querySelector('a[rel=next]');"
                               " return a && a.href;")
            if not found:
                break
            browser.driver.find_element("css selector", "a[rel=next]").click()
            seen.append(browser.driver.current_url)
        assert seen == phases
        while browser.js("return !!document.querySelector('a[rel=prev]');"):
            browser.driver.find_element("css selector", "a[rel=prev]").click()
        assert browser.driver.current_url == phases[0]
        browser.driver.find_element("link text", "Game index").click()
        assert browser.driver.current_url == game
        # The press is on its phase's page, escaped.
        browser.open(phases[0], width=width)
        assert "Welcome to <b>the game</b>." in browser.text()


def test_links_are_real_and_focus_is_visible(browser: Browser, site: tuple[Judge, Path]
                                             ) -> None:
    _, folder = site
    with served(folder) as base:
        browser.open(f"{base}/games/g/F1901M.html", width=390)
        # Tab from the top: the skip link first, then the site's links, each outlined.
        body = browser.driver.find_element("css selector", "body")
        body.send_keys("\t")
        focused = browser.js("var e = document.activeElement; return [e.tagName,"
                             " e.textContent, getComputedStyle(e).outlineStyle];")
        assert focused[0] == "A" and focused[1] == "Skip to the content"
        assert focused[2] != "none"
        headings = browser.js("return Array.from(document.querySelectorAll('h1, h2'))"
                              ".map(h => h.tagName + ' ' + h.textContent.trim());")
        assert headings[0] == "H1 Fall 1901 Movement"
        assert "H2 Orders and results" in headings


@pytest.mark.parametrize("width", WIDTHS)
def test_a_players_own_pages(browser: Browser, site: tuple[Judge, Path], width: int) -> None:
    judge, folder = site
    own = private_links(judge)["france@example.test"]
    with served(folder) as base:
        browser.open(f"{base}{own}index.html", width=width)
        check_layout(browser, width)
        assert "France's pages" in browser.text()
        browser.driver.find_element("partial link text", "Spring 1901").click()
        check_layout(browser, width)
        text = browser.text()
        assert "For France only" in text and "Your units:" in text
        assert browser.driver.current_url == f"{base}{own}S1901M.html"
        browser.driver.find_element("partial link text", "read them on the public page").click()
        assert browser.driver.current_url == f"{base}/games/g/S1901M.html"
        assert "For France only" not in browser.text()


def test_the_centre_table_says_the_year_under_way_is_not_over(
        browser: Browser, site: tuple[Judge, Path]) -> None:
    """Three phases played: 1901 is over, 1902 has begun; its row is 'so far', not a year."""
    _, folder = site
    with served(folder) as base:
        browser.open(f"{base}/index.html", width=390)
        browser.open(links(browser)["g"], width=390)
        years = browser.js("return Array.from(document.querySelectorAll("
                           "'table.chart tbody th[scope=row]')).map(t => t.textContent);")
    assert years == ["1901", "1902 (so far)"]
