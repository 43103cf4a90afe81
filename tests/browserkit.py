"""A real browser for the tests: Debian's headless Chromium driven by Selenium through
Debian's chromedriver, for what a person sees of an HTML mail or a web page.

Tests ask for the `browser` fixture (tests/conftest.py, section 3) and open a page at a
screen width: `browser.open(url_or_path, width=390)`. Without Chromium the tests are
skipped, or fail under GMBOT_TEST_REQUIRE_SERVERS=1 (CI installs it: .ci/run).

The mail a test reads is decoded as a mail client does (tests/mail helpers); its HTML part
is written to a file whose `cid:` images point to the part's decoded pictures beside it
(`mail_page`), so the browser lays it out as a mail client would.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import EmailMessage, Message
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

# The flags this machine's closed network needs (no background lookups of Google's hosts)
# and that a root user in a container needs (no sandbox).
_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
          "--no-first-run", "--disable-background-networking", "--disable-component-update",
          "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars")


def available() -> str | None:
    """None when the browser can be used, else why not."""
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        return ("Chromium and chromedriver are not installed"
                " (apt-get install chromium chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


@dataclass(frozen=True)
class Layout:
    """What the page's layout measures at one width, read from the browser's DOM."""

    width: int  # the viewport's
    scroll_width: int  # the document's: wider than `width` means scrolling sideways

    @property
    def scrolls_sideways(self) -> bool:
        return self.scroll_width > self.width


class Browser:
    """One headless Chromium for a test; `open` loads a page at a window width."""

    def __init__(self, profile: Path) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in _FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)

    def open(self, target: str | Path, width: int = 1280, height: int = 900) -> None:
        """Load a URL, or a local file by its path, with the viewport `width` px wide."""
        self._viewport(width, height)
        url = Path(target).resolve().as_uri() if isinstance(target, Path) else target
        self.driver.get(url)

    def _viewport(self, width: int, height: int) -> None:
        # The window's size includes no chrome in headless mode, but the emulation sets the
        # CSS viewport exactly, as a phone's would be.
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})

    def layout(self) -> Layout:
        width, scroll = self.js("return [window.innerWidth,"
                                " document.documentElement.scrollWidth];")
        return Layout(int(width), int(scroll))

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def text(self) -> str:
        """The page's visible text, as a reader sees it."""
        return str(self.js("return document.body.innerText;"))

    def close(self) -> None:
        self.driver.quit()


def mail_page(mail: Message | EmailMessage, folder: Path) -> Path:
    """Write a mail's HTML part to `folder` as a page a browser opens, its `cid:` pictures
    saved beside it and pointed to, as a mail client shows them. Returns the page's path."""
    html: str | None = None
    for part in mail.walk():
        ctype = part.get_content_type()
        if ctype == "text/html" and html is None:
            html = _payload(part).decode(part.get_content_charset() or "utf-8")
        cid = part.get("Content-ID")
        if cid and ctype.startswith("image/"):
            name = cid.strip("<>").replace("@", "_").replace("/", "_")
            (folder / name).write_bytes(_payload(part))
    if html is None:
        raise AssertionError("the mail has no HTML part")
    for part in mail.walk():
        cid = part.get("Content-ID")
        if cid and part.get_content_type().startswith("image/"):
            bare = cid.strip("<>")
            html = html.replace(f"cid:{bare}", bare.replace("@", "_").replace("/", "_"))
    page = folder / "mail.html"
    page.write_text(html, encoding="utf-8")
    return page


def _payload(part: Message) -> bytes:
    data = part.get_payload(decode=True)
    assert isinstance(data, bytes)
    return data


def browser_session() -> Iterator[Browser]:
    """A browser with a profile of its own, closed and removed after use."""
    profile = Path(tempfile.mkdtemp(prefix="gmbot-chromium-"))
    browser = Browser(profile)
    try:
        yield browser
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)
