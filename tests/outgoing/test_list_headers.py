"""The list headers: every mail of a game names it (List-Id) and asks Exchange for no
out-of-office answer (X-Auto-Response-Suppress); a mail the reader may stop (an
observer's) carries a List-Unsubscribe whose mailto link, followed as a mail client
does, stops it; a mail a player needs (results, acks) never does. A forged unsubscribe
(a mail the judge's mail server does not vouch for) stops nobody."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from tests.loop.judgekit import Judge, body, make_judge, standard_game
from tests.loop.test_commands import GM, ask

# On PostgreSQL too (CONTRIBUTING.md): an observer's stop by mail, an update.
pytestmark = pytest.mark.dialect("gmbot.service.joining.unobserve")

OBSERVER = "watcher@example.test"
FRANCE = "france@example.test"
LIST_ID = '"gmbot game g" <g.judge.example.test>'


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, standard_game(extra=f"observers: [{OBSERVER}]\n"))


def follow(link: str) -> tuple[str, str, str]:
    """What a mail client sends for a List-Unsubscribe mailto: (to, subject, body)."""
    url = urlsplit(link.strip("<>"))
    assert url.scheme == "mailto"
    query = parse_qs(url.query)
    return unquote(url.path), query["subject"][0], query["body"][0]


class Inbox:
    """One reader's mails from the judge, the new ones at each call."""

    def __init__(self, judge: Judge, address: str) -> None:
        self.judge, self.address, self.read = judge, address, 0

    def __call__(self) -> list[EmailMessage]:
        mails = self.judge.to(self.address)
        new, self.read = mails[self.read:], len(mails)
        return new


def test_players_mail_names_the_game_and_never_offers_to_stop_it(judge: Judge) -> None:
    judge.send(FRANCE, "A PAR - BUR\n", subject="[g] orders")
    judge.tick()
    mails = [m for m in (*judge.welcomes, *judge.new_mail()) if m["To"] != OBSERVER]
    assert {m["To"] for m in mails} >= {FRANCE, GM}
    for m in mails:
        assert m["List-Id"] == LIST_ID
        assert m["X-Auto-Response-Suppress"] == "All"
        assert m["List-Unsubscribe"] is None, m["Subject"]  # welcome, ack: he needs them


def test_an_observer_stops_the_games_mail_by_its_link(judge: Judge) -> None:
    observer_mails = Inbox(judge, OBSERVER)
    ask(judge, GM, "EXTEND 24h\n")
    (extended,) = observer_mails()
    assert extended["List-Id"] == LIST_ID and extended["X-Auto-Response-Suppress"] == "All"
    assert "UNOBSERVE g stops it" in body(extended)
    to, subject, text = follow(extended["List-Unsubscribe"])
    assert (to, subject, text) == ("judge@example.test", "UNOBSERVE g", "UNOBSERVE g")
    judge.send(OBSERVER, text + "\n", subject=subject)
    judge.tick()
    (answer,) = observer_mails()
    assert "you no longer observe game g" in body(answer)
    ask(judge, GM, "EXTEND 24h\n")
    assert observer_mails() == []  # the GM's next announcement does not reach him


@pytest.mark.parametrize("dmarc", [None, "fail"])
def test_a_forged_unsubscribe_stops_nobody(judge: Judge, dmarc: str | None) -> None:
    observer_mails = Inbox(judge, OBSERVER)
    judge.send(OBSERVER, "UNOBSERVE g\n", subject="UNOBSERVE g", dmarc=dmarc)
    judge.tick()
    (answer,) = observer_mails()
    assert "nothing was changed" in body(answer)
    ask(judge, GM, "EXTEND 24h\n")
    (still,) = observer_mails()
    assert "Deadline extended" in still["Subject"] and still["List-Unsubscribe"]


def test_unobserve_of_someone_who_does_not_observe_changes_nothing(judge: Judge) -> None:
    judge.send("stranger@example.test", "UNOBSERVE g\n", subject="UNOBSERVE g")
    judge.tick()
    (answer,) = judge.to("stranger@example.test")
    assert "you do not observe game g" in body(answer)
