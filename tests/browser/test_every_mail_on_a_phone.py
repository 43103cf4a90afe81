"""Every kind of mail gmbot sends reads well on a phone (issue 32, item 5): made through
the real pipeline for every variant where it exists (tests/browser/mail_kinds.yaml lists
the kinds, the steps that make them and each variant's game), decoded as a mail client
does and opened in Chromium at 390 px: every non-blank line of the text part is a line of
the page, in order, none glued to the next, split or dropped, and the page never scrolls
sideways. A text-only mail has no HTML part: the client shows the text itself. Each mail
is the kind it says: a subject its template writes, the outbox kind it names
(test_every_mail_kind_is_here.py checks that no template or outbox kind is left out).

One judge per variant plays the steps once (module-scoped); one Chromium for the file."""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
import yaml
from sqlalchemy import select

from gmbot.store.outbox import Outbound
from tests.bounces.bouncekit import original_headers, postfix_dsn, return_path
from tests.browser.kindkit import written_by
from tests.browser.linekit import keeps_lines, keeps_sections, page_lines, plain_lines
from tests.browser.relaykit import Relay
from tests.browserkit import Browser
from tests.loop.judgekit import (
    Judge,
    body,
    fail_mails_with,
    make_judge,
    write_unreadable_positions,
)

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
DATA: dict[str, Any] = yaml.safe_load((HERE / "mail_kinds.yaml").read_text(encoding="utf-8"))
KINDS: dict[str, dict[str, str]] = DATA["kinds"]
OBSERVER, STANDBY = DATA["roles"]["observer"], DATA["roles"]["standby"]


def steps(variant: str) -> list[dict[str, Any]]:
    game = DATA["variants"][variant]
    return [*(DATA["common"] if game.get("common", True) else []), *game.get("first", []),
            *game["turns"]]


def welcomes(variant: str) -> dict[str, str]:
    """The welcome kinds the game's load sends (none for a game open for sign-up)."""
    game = DATA["variants"][variant]
    return {**(WELCOMES if game.get("common", True) else {}), **game.get("welcomes", {})}


def caught(variant: str) -> list[str]:
    """The kinds the variant's steps make, in their order."""
    without = DATA["variants"][variant].get("without", [])
    return [kind for step in steps(variant) for kind in step.get("catch", {})
            if kind not in without]


WELCOMES = {"welcome (player)": "player", "welcome (GM)": "gm", "welcome (observer)": "observer"}
CASES = [(v, k) for v in DATA["variants"] for k in [*welcomes(v), *caught(v)]]


def test_the_data_file_names_every_kind_it_makes() -> None:
    made = {kind for _, kind in CASES}
    assert made <= set(KINDS), made - set(KINDS)
    assert set(KINDS) <= made, f"kinds no variant makes: {set(KINDS) - made}"


def address(variant: str, role: str) -> str:
    if "@" in role:
        return role
    seats = DATA["variants"][variant]
    if role == "seat":
        return f"{seats['seat'].lower()}@example.test"
    return str(seats.get(role) or DATA["roles"][role])


@dataclass
class Played:
    """A variant's game played through its steps: each kind's mail, or why none came,
    and the outbox kind each was queued as."""

    mails: dict[str, EmailMessage | str] = field(default_factory=dict)
    queued: dict[str, str] = field(default_factory=dict)


def play(variant: str, folder: Path) -> Played:
    """The variant's game played through the steps."""
    game = DATA["variants"][variant]
    text = game.get("game_text") or (REPO / "gmbot/variants" / game["game"] /
                                      "example.yaml").read_text(encoding="utf-8")
    for was, now in game.get("edit", {}).items():
        text = text.replace(was, now)
    with ExitStack() as stack:
        relay = stack.enter_context(Relay(folder / "home/mail/outbox")) if "relay" in game \
            else None
        home = game.get("home", "") + (relay.settings() if relay else "")
        if home:  # the home's own gmbot.yaml (make_judge adds the trusted MX to it)
            (folder / "home").mkdir(parents=True, exist_ok=True)
            (folder / "home/gmbot.yaml").write_text(home, encoding="utf-8")
        judge = make_judge(folder, text + f"observers: [{OBSERVER}]\nstandby: [{STANDBY}]\n"
                                          "votes: {secret: false}\n")
        return _played(judge, variant, yaml.safe_load(text)["name"], relay)


def _played(judge: Judge, variant: str, name: str, relay: Relay | None) -> Played:
    """The steps played on the judge's game `name`, each kind's mail caught."""
    played = Played()
    mails = played.mails
    waiting: dict[str, list[str]] = {}
    wanted = set(caught(variant))
    for kind, role in welcomes(variant).items():
        mails[kind] = next(iter(judge.to(address(variant, role), judge.welcomes)),
                           "no welcome")
    for step in steps(variant):
        take(judge, variant, name, step, mails, relay)
        fresh = judge.new_mail()
        # A kind is the first mail of its kind from its step on: a phase may wait for a
        # later step (a deadline) to be processed.
        waiting.update((kind, catch) for kind, catch in step.get("catch", {}).items()
                       if kind in wanted)
        for kind, (role, word) in list(waiting.items()):
            found = [m for m in judge.to(address(variant, role), fresh)
                     if word.casefold() in m["Subject"].casefold()]
            if found:
                mails[kind] = found[0]
                del waiting[kind]
    for kind, (role, word) in waiting.items():
        mails[kind] = f"no mail to {role} with {word!r} from its step on"
    played.queued = queued_as(judge, mails)
    return played


def take(judge: Judge, variant: str, name: str, step: dict[str, Any],
         mails: dict[str, EmailMessage | str], relay: Relay | None) -> None:
    """One step (mail_kinds.yaml says what each does), then a tick."""
    if "reply" in step:  # a reply to a kind's mail, as a mail client makes it
        role, kind, *text = step["reply"]
        answer = mails.get(kind)
        if not isinstance(answer, EmailMessage):
            return  # its kind's test says why it is missing
        judge.send(address(variant, role), (text or ["Yes, please."])[0] + "\n",
                   subject=f"Re: {answer['Subject']}",
                   headers={"In-Reply-To": answer["Message-ID"],
                            "References": answer["Message-ID"]})
    elif "send" in step or "fail" in step:
        role, words = step.get("send") or step["fail"]
        seat = DATA["variants"][variant]["seat"]
        other = address(variant, "other").split("@")[0].upper()
        words = words.replace("{seat}", seat).replace("{game}", name).replace(
            "{other}", other)
        for _ in range(step.get("times", 1)):
            with pytest.MonkeyPatch.context() as patch:
                if "fail" in step:  # a bug of the judge's own on this mail
                    fail_mails_with(patch, words)
                if step.get("engine_bug"):  # the engine writes a position none can read
                    write_unreadable_positions(patch)
                judge.send(address(variant, role), words + "\n" + "x" * step.get("pad", 0),
                           subject=step.get("subject", f"[{name}] {words.splitlines()[0].lower()}"),
                           dmarc=None if step.get("dmarc") == "none" else "pass")
                judge.tick()
        return
    elif "bounce" in step:  # the last mail to the role comes back: Postfix's DSN
        to = address(variant, step["bounce"])
        last = [*judge.to(to, judge.welcomes), *judge.to(to)][-1]
        judge.send_raw(postfix_dsn(return_path(last), to, original_headers(last)),
                       dmarc=None)
    elif "vanish" in step:  # the role's mailbox is gone: the mail server refuses it
        assert relay is not None, "a mailbox vanishes only behind the home's mail server"
        relay.vanished.add(address(variant, step["vanish"]))
    else:
        judge.clock.advance(hours=step["advance"])
    judge.tick()


def queued_as(judge: Judge, mails: dict[str, EmailMessage | str]) -> dict[str, str]:
    """The outbox kind each mail was queued as (gmbot/service/outbox/kinds.py)."""
    ids = {str(m["Message-ID"]).strip("<>"): kind for kind, m in mails.items()
           if isinstance(m, EmailMessage)}
    with judge.app.db.transaction() as s:
        rows = s.execute(select(Outbound.message_id, Outbound.kind).where(
            Outbound.message_id.in_(ids))).all()
    return {ids[mid]: kind for mid, kind in rows}


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Played]:
    """Each variant's mails, played when a test first asks for the variant."""
    return {}


def html_part(mail: EmailMessage) -> bool:
    return any(part.get_content_type() == "text/html" for part in mail.walk())


@pytest.mark.parametrize(("variant", "kind"), CASES, ids=[f"{v}: {k}" for v, k in CASES])
def test_every_line_of_the_text_is_a_line_on_a_phone(
        browser: Browser, games: dict[str, Played],
        tmp_path_factory: pytest.TempPathFactory, variant: str, kind: str) -> None:
    if variant not in games:
        games[variant] = play(variant, tmp_path_factory.mktemp(variant.replace(" ", "_")))
    mail = games[variant].mails[kind]
    assert isinstance(mail, EmailMessage), mail
    expected = KINDS[kind]
    assert games[variant].queued.get(kind) == expected["queued"], "another outbox kind"
    if "text" in expected:  # the kind is the one its template writes
        assert written_by(expected["text"], str(mail["Subject"])), mail["Subject"]
    if expected["html"] == "none":
        assert not html_part(mail), "a text-only kind now has an HTML part: check it here"
        return
    assert html_part(mail), f"{kind} has no HTML part"
    lines = plain_lines(body(mail))
    shown = page_lines(browser, mail, tmp_path_factory.mktemp("page"))
    if expected["check"] == "after_box":
        keeps_lines(shown, lines[1:])  # the greeting: the page's heading and box say it
    elif expected["check"] == "sections":
        keeps_sections(shown, lines[1:])  # the title is the subject's words, reordered
    else:
        keeps_lines(shown, lines)
