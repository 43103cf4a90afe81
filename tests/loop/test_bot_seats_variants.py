"""A bot seat in every kind of game (issue 35, item 3): each variant's example game with
its second power's seat left to the judge's bot by `bots: {fill: open}`, played for a
year through the real Maildir pipeline: every order the bot chose is accepted, and the
power is not in civil disorder in a phase it ordered in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.store.models import Event
from gmbot.variants import example_text
from tests.loop.judgekit import make_judge

KINDS = ["standard", "al-andalus", "warlock", "capitalist", "arpiesse",
         "changing_home_centres"]
SEAT = re.compile(r"^  - \{address: [^,]+, power: (\w+)[^\n]*\n", re.MULTILINE)


@pytest.mark.parametrize("kind", KINDS)
def test_a_bot_seat_plays_a_year_of_every_kind_of_game(tmp_path: Path, kind: str) -> None:
    text = example_text(kind)
    second = list(SEAT.finditer(text))[1]
    power = second.group(1)
    text = text.replace(second.group(0), "", 1) + "\nbots: {fill: open}\n"
    name = re.search(r"^name: (\S+)", text, re.MULTILINE)
    assert name is not None
    judge = make_judge(tmp_path, text)
    for _ in range(3):
        judge.send("gm@example.test", "PROCESS", subject=f"[{name.group(1)}]")
        judge.tick()
    with judge.app.db.transaction() as s:
        chosen = [e.data for e in s.scalars(select(Event).where(Event.kind == "bot_orders"))]
        processed = [e.data for e in s.scalars(
            select(Event).where(Event.kind == "phase_processed").order_by(Event.id))]
    assert len(processed) == 3
    assert chosen and {c["power"] for c in chosen} == {power}
    assert all(c["refused"] == [] for c in chosen), chosen
    movements = [p["phase"] for p in processed if p["phase"].endswith("M")]
    assert movements and set(movements) <= {c["phase"] for c in chosen}
    # Never in civil disorder where the bot chose: only a phase whose every line is a
    # variant's own command it does not list yet (a Capitalist capital, until the variant
    # lists them through legal_extra) finds it with nothing to give.
    played = {c["phase"] for c in chosen}
    assert all(power not in p["disorder"] for p in processed if p["phase"] in played)
