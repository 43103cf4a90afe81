"""The browser kit measures what a reader sees: a page wider than the phone scrolls
sideways, one that wraps does not."""

from __future__ import annotations

from pathlib import Path

from tests.browserkit import Browser


def test_a_wide_page_scrolls_sideways_and_a_wrapping_one_does_not(
        browser: Browser, tmp_path: Path) -> None:
    wide = tmp_path / "wide.html"
    wide.write_text("<html><body><pre>" + "x" * 300 + "</pre></body></html>")
    narrow = tmp_path / "narrow.html"
    narrow.write_text("<html><head><meta name='viewport' content='width=device-width'>"
                      "</head><body><p>" + "word " * 300 + "</p></body></html>")
    browser.open(wide, width=390)
    assert browser.layout().scrolls_sideways
    browser.open(narrow, width=390)
    layout = browser.layout()
    assert layout.width == 390 and not layout.scrolls_sideways
    assert "word word" in browser.text()
