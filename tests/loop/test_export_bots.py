"""Bot seats survive a full export and its import (issue 35, item 3): the seats' events
(a bot seated by the file's rule and by the GM's ADD BOT, a REMOVE BOT, a TAKEOVER, each
bot choice with its seed and lines) and the bot's own seat row travel, so the imported
game's rows are the original's and it goes on as the original does, the bot choosing
the same orders; a file whose seat events are hostile is refused naming the field."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.daemon.loop import tick
from gmbot.service.app import App
from gmbot.service.archive.run import ArchiveError, export_text, import_file
from gmbot.service.runtime import latest_orders_of
from gmbot.service.seats.bot_seats import bot_keys, bot_periods
from gmbot.service.seats.events import SEAT_EVENTS
from gmbot.service.seats.roster import seats_lines
from gmbot.store.models import Event, Game
from tests.loop.joinkit import join
from tests.loop.judgekit import Judge, make_judge
from tests.loop.test_bot_seats import gm_mail, process, without_france
from tests.loop.test_export import fresh_home, without_time

# On PostgreSQL too (CONTRIBUTING.md): the export and its import of bot seats.
pytestmark = pytest.mark.dialect(
    "gmbot.service.archive.export",
    "gmbot.service.archive.restore",
    "gmbot.service.seats.bot_seats",
)


@pytest.fixture
def played(tmp_path: Path) -> Judge:
    """France the file's bot seat; England the GM's bot, taken back, then taken over by
    a stranger; Germany the GM's bot to the end."""
    judge = make_judge(tmp_path / "first", without_france(
        "bots: {fill: [FRANCE]}\n").replace("early: true", "early: false"))
    assert "played by a bot" in gm_mail(judge, "DISORDER ENGLAND\nADD BOT ENGLAND")
    process(judge)
    assert "no longer plays ENGLAND" in gm_mail(judge, "REMOVE BOT ENGLAND")
    join(judge, "new@example.test", "TAKEOVER g ENGLAND")
    gm_mail(judge, "DISORDER GERMANY\nADD BOT GERMANY")
    process(judge)
    return judge


def rows(app: App, name: str) -> dict[str, object]:
    """What the seats are read from, as stored: the seats' events, the players' rows
    and their standing order sets, and what the judge makes of them."""
    with app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == name)).one()
        events = [(e.kind, e.at.isoformat(), e.data) for e in s.scalars(
            select(Event).where(Event.game_id == game.id, Event.kind.in_(SEAT_EVENTS))
            .order_by(Event.id))]
        index = {p.id: n for n, p in enumerate(game.players)}
        standing = latest_orders_of(s, list(game.phases))
        sets = sorted((ph.seq, index[o.player_id], o.lines, o.errors)
                      for ph in game.phases for o in standing[ph.id].values())
        return {"events": events, "sets": sets,
                "players": [(p.power, p.address, p.active) for p in game.players],
                "bots": bot_keys(s, game), "periods": bot_periods(s, game),
                "seats": seats_lines(s, game)[1:]}


def test_bot_seats_and_their_choices_survive_export_and_import(
        played: Judge, tmp_path: Path) -> None:
    text = export_text(played.app, "g", scope="full")
    kinds = [e["kind"] for e in json.loads(text)["events"]]
    assert {"bot_seated", "bot_removed", "bot_orders", "player_replaced"} <= set(kinds)
    path = tmp_path / "g.json"
    path.write_text(text, encoding="utf-8")
    other = fresh_home(tmp_path, played.clock)
    # Another name: on a PostgreSQL run both homes share the test's database.
    import_file(other, path, "moved")
    again = without_time(json.loads(export_text(other, "moved", scope="full")))
    again["game"]["name"] = "g"
    assert again == without_time(json.loads(text))
    before = rows(played.app, "g")
    assert before["bots"] == ["FRANCE", "GERMANY"]
    assert rows(other, "moved") == before
    # Both go on alike: at the deadline the bots choose the same orders, with one seed.
    played.clock.advance(hours=49)
    played.tick()
    tick(other)
    after, moved = rows(played.app, "g"), rows(other, "moved")
    assert len(after["events"]) > len(before["events"])  # type: ignore[arg-type]
    assert moved == after


@pytest.mark.parametrize(("change", "why"), [
    (lambda e: e | {"kind": "gm_password"}, "events[0].kind: 'gm_password' is no seat event"),
    (lambda e: e | {"at": "yesterday"}, "events[0].at: 'yesterday' is no ISO date"),
    (lambda e: e | {"data": e["data"] | {"power": "NARNIA"}},
     "events[0].data.power: 'NARNIA' is no seat of this game"),
    (lambda e: e | {"data": e["data"] | {"phase": "../x"}},
     "events[0].data.phase: '../x' is no phase name"),
    (lambda e: e | {"data": e["data"] | {"address": "a@example.test\r\nBcc: b@example.test"}},
     "events[0].data.address:"),
    (lambda e: e | {"data": e["data"] | {"lines": ["A PAR H\r\nBcc: x"]}},
     "events[0].data.lines[0]: holds control characters"),
])
def test_hostile_seat_events_are_refused(played: Judge, tmp_path: Path,
                                         change: Callable[[dict], dict], why: str) -> None:
    data = json.loads(export_text(played.app, "g", scope="full"))
    data["events"][0] = change(data["events"][0])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    other = fresh_home(tmp_path, played.clock)
    with pytest.raises(ArchiveError) as e:
        import_file(other, path, "moved")
    assert why in str(e.value) and "\n" not in str(e.value)
    with other.db.transaction() as s:
        assert s.scalars(select(Game).where(Game.name == "moved")).all() == []
