"""The one-click unsubscribe (RFC 8058) against the real `gmbot web` on loopback: a mail
a reader may stop carries List-Unsubscribe with his own signed link and
List-Unsubscribe-Post; a GET of the link shows a confirm page and changes nothing; a
POST stops the mail; a forged or altered link does nothing. Standbys stop the calls
(QUIET) by mail and by the link. Mails read as a mail client decodes them."""

from __future__ import annotations

import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.loop.judgekit import Judge, body, make_judge, standard_game
from tests.loop.test_commands import GM, addr, ask
from tests.outgoing.test_list_headers import Inbox
from tests.site.sitekit import URL

OBSERVER, STANDBY = "watcher@example.test", "sub@example.test"
FRANCE = addr("FRANCE")
HTTPS = re.compile(r"<(https://[^>]+)>")

# On PostgreSQL too (CONTRIBUTING.md): the stop links' updates, in `gmbot web`.
pytestmark = pytest.mark.dialect(in_subprocess=("gmbot.service.joining.stop_link",))


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    game = standard_game(extra=f"observers: [{OBSERVER}]\nstandby: [{STANDBY}]\n")
    judge = make_judge(tmp_path, game)
    with (judge.home / "gmbot.yaml").open("a", encoding="utf-8") as f:
        f.write(f"site: {{dir: {tmp_path / 'site'}, url: '{URL}'}}\n")
    judge.reopen()  # the home now keeps a site: its links are served
    judge.tick()  # writes the site
    return judge


@contextmanager
def web(judge: Judge) -> Iterator[str]:
    """`gmbot web` of the judge's home, a process of its own on a free port: its base."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "gmbot", "--home", str(judge.home), "web", "-p", "0"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+", line)
        assert match, line
        yield match.group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def link(mail: EmailMessage) -> str:
    """The path of the mail's one-click link, which RFC 8058 asks to be signalled."""
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    match = HTTPS.search(str(mail["List-Unsubscribe"]))
    assert match, mail["List-Unsubscribe"]
    assert "mailto:" in str(mail["List-Unsubscribe"])  # the mail command, for every client
    url = match.group(1)
    assert url.startswith(f"{URL}/stop/g/")
    assert "@" not in url and "example" not in url.removeprefix(URL)  # no address in it
    return url.removeprefix(URL)


def call(base: str, path: str, method: str) -> tuple[int, str]:
    data = b"List-Unsubscribe=One-Click" if method == "POST" else None
    request = urllib.request.Request(base + path, data=data, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310 - loopback
            return int(answer.status), answer.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, ""


def altered(path: str) -> list[str]:
    """The link with each of its parts changed: none is anybody's."""
    _, stop, game, scope, token = path.split("/")
    flipped = token[:-1] + ("a" if token[-1] != "a" else "b")
    return [f"/{stop}/{game}/{scope}/{flipped}", f"/{stop}/{game}/standby/{token}",
            f"/{stop}/h/{scope}/{token}", f"/{stop}/{game}/{scope}/{token[:-4]}",
            f"/{stop}/{game}/{scope}/{'a' * len(token)}", f"/{stop}/{game}/{scope}"]


def test_an_observer_stops_by_one_click_and_a_get_or_a_forgery_stops_nothing(
        judge: Judge) -> None:
    observer_mails = Inbox(judge, OBSERVER)
    ask(judge, GM, "EXTEND 24h\n")
    (extended,) = observer_mails()
    path = link(extended)
    with web(judge) as base:
        status, page = call(base, path, "GET")
        assert status == 200 and "Stop it" in page and 'method="post"' in page
        for forged in altered(path):
            assert call(base, forged, "POST")[0] == 404, forged
            assert call(base, forged, "GET")[0] == 404, forged
        ask(judge, GM, "EXTEND 24h\n")
        assert len(observer_mails()) == 1  # neither the GET nor a forgery stopped it
        status, page = call(base, path, "POST")
        assert status == 200 and "you no longer observe game g" in page
    ask(judge, GM, "EXTEND 24h\n")
    assert observer_mails() == []


def test_a_players_reminder_link_turns_reminders_off_and_nothing_else(judge: Judge) -> None:
    judge.clock.advance(hours=30)  # past the 24h reminder
    judge.tick()
    (reminder,) = [m for m in judge.to(FRANCE) if "Reminder" in m["Subject"]]
    path = link(reminder)
    with web(judge) as base:
        assert call(base, path.replace("/reminders/", "/press/"), "POST")[0] == 404
        status, page = call(base, path, "POST")
        assert status == 200 and "reminders off" in page
    assert "Your mail: press as it comes; reminders off" in ask(judge, FRANCE, "STATUS\n")


def test_results_and_acks_carry_no_link(judge: Judge) -> None:
    judge.send(FRANCE, "A PAR - BUR\n", subject="[g] orders")
    judge.tick()
    (ack,) = judge.to(FRANCE, judge.new_mail())
    assert ack["List-Unsubscribe"] is None and ack["List-Unsubscribe-Post"] is None


def test_a_standby_quiets_the_calls_by_mail_and_by_link(judge: Judge) -> None:
    standby_mails = Inbox(judge, STANDBY)
    ask(judge, GM, "DISORDER FRANCE\n")
    (call_mail,) = standby_mails()
    assert "QUIET g stops this game's calls" in body(call_mail)
    path = link(call_mail)
    # By mail, forged: the MX does not vouch for the From; nothing changes.
    judge.send(STANDBY, "QUIET g\n", subject="QUIET g", dmarc="fail")
    judge.tick()
    (refused,) = standby_mails()
    assert "nothing was changed" in body(refused)
    with web(judge) as base:
        status, page = call(base, path, "POST")
        assert status == 200 and "game g no longer calls you when a seat opens" in page
        # A second click says so, and changes nothing more.
        assert "calls you no more already" in call(base, path, "POST")[1]
    ask(judge, GM, "DISORDER GERMANY\n")
    assert standby_mails() == []


def test_a_standby_quiets_the_calls_by_mail(judge: Judge) -> None:
    judge.send(STANDBY, "QUIET g\n", subject="QUIET g")
    judge.tick()
    (answer,) = judge.to(STANDBY, judge.new_mail())
    assert "game g no longer calls you when a seat opens" in body(answer)
    ask(judge, GM, "DISORDER FRANCE\n")
    assert [m["Message-ID"] for m in judge.to(STANDBY)] == [answer["Message-ID"]]
