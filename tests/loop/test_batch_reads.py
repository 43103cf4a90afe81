"""A batch of mails reads once what each of its mails would read again (seats, open
phases, last order sets, the mails counted against each hourly limit): every mail must
still see what the mails before it in the same batch did, as if each were read alone."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from gmbot.service.inbound import reply as inbound
from gmbot.store.models import Event, OrderSet, PhaseRow, Player
from tests.loop.judgekit import POWERS, Judge, body
from tests.loop.test_amplification import with_limits
from tests.loop.test_commands import HOLD_ALL

# On PostgreSQL too (CONTRIBUTING.md): the batch's aggregate look-ups against the per-mail ones.
pytestmark = pytest.mark.dialect(
    "gmbot.service.inbound.batch",
    "gmbot.service.inbound.lookups",
    "gmbot.service.seats.vote_owner",
)

GM = "gm@example.test"
FRANCE = "france@example.test"


def order_sets(judge: Judge, address: str) -> list[tuple[str, int, list[str]]]:
    """(phase, version, orders) of each of the player's order sets, oldest first."""
    with judge.app.db.transaction() as s:
        rows = s.execute(
            select(PhaseRow.name, OrderSet.version, OrderSet.lines)
            .join(PhaseRow, PhaseRow.id == OrderSet.phase_id)
            .join(Player, Player.id == OrderSet.player_id)
            .where(Player.address == address).order_by(OrderSet.id)).all()
    return [(name, version, sorted(lines)) for name, version, lines in rows]


def test_two_mails_of_one_player_in_one_batch_are_versions_one_and_two(
        judge: Judge) -> None:
    judge.send(FRANCE, "A PAR - BUR\n")
    judge.send(FRANCE, "F BRE - MAO\n")
    assert [m.status for m in judge.tick().mails] == ["handled", "handled"]
    assert order_sets(judge, FRANCE) == [
        ("S1901M", 1, ["A PAR - BUR"]),
        ("S1901M", 2, ["A PAR - BUR", "F BRE - MAO"]),  # the first mail's order stands
    ]
    # And the next batch goes on from there.
    judge.send(FRANCE, "A MAR - SPA\n")
    judge.tick()
    assert order_sets(judge, FRANCE)[-1] == (
        "S1901M", 3, ["A MAR - SPA", "A PAR - BUR", "F BRE - MAO"])


def test_a_rate_limit_reached_inside_a_batch_is_enforced(judge: Judge) -> None:
    with_limits(judge, mails_per_hour=3)
    judge.send(FRANCE, "HELP\n")
    assert [m.status for m in judge.tick().mails] == ["handled"]
    judge.new_mail()
    judge.clock.advance(minutes=10)
    for _ in range(4):
        judge.send(FRANCE, "STATUS\n")
    # One mail of the hour was read before this batch: two more are answered.
    assert [m.status for m in judge.tick().mails] == ["handled"] * 2 + ["refused"] * 2
    replies = judge.to(FRANCE, judge.new_mail())
    assert len(replies) == 3  # two answers and one notice, then silence
    assert "more than 3 in an hour" in body(replies[-1])


def test_mails_refused_in_a_batch_do_not_count_against_a_later_one(judge: Judge) -> None:
    with_limits(judge, mails_per_hour=2)
    for _ in range(4):
        judge.send(FRANCE, "STATUS\n")
    assert [m.status for m in judge.tick().mails] == ["handled"] * 2 + ["refused"] * 2
    judge.clock.advance(hours=1, minutes=1)  # the two counted mails leave the window
    judge.send(FRANCE, "STATUS\n")
    assert [m.status for m in judge.tick().mails] == ["handled"]


def test_a_seat_the_gm_replaces_in_a_batch_routes_the_mails_after_it(judge: Judge) -> None:
    judge.send(FRANCE, "A PAR - BUR\n")
    judge.send(GM, "REPLACE FRANCE new.france@example.test\n")
    judge.send(FRANCE, "A MAR - SPA\n")  # the old address: no longer France
    judge.send("new.france@example.test", "F BRE - MAO\n")
    outcomes = judge.tick().mails
    assert [m.status for m in outcomes] == ["handled", "handled", "refused", "handled"]
    # The seat (and its orders) passed to the new address, which went on from them.
    assert order_sets(judge, "new.france@example.test")[-1] == (
        "S1901M", 2, ["A PAR - BUR", "F BRE - MAO"])


def test_orders_after_a_gm_rollback_in_the_same_batch_are_for_the_phase_reopened(
        judge: Judge) -> None:
    for power in POWERS:  # everyone orders: processed early, F1901M opens
        judge.send(f"{power.lower()}@example.test", HOLD_ALL[power] if power != "FRANCE"
                   else "A PAR - BUR\nA MAR H\nF BRE H\n")
    assert judge.tick().processed == ["g: S1901M processed (early); next F1901M"]
    judge.send(FRANCE, "A BUR - MUN\n")  # read ahead as F1901M's
    judge.send(GM, "ROLLBACK S1901M\n")
    judge.send(FRANCE, "A PAR - PIC\n")
    judge.tick()
    sets = order_sets(judge, FRANCE)
    assert ("F1901M", 1, ["A BUR - MUN"]) in sets
    # The reopened phase's orders (those that stood for it, kept) changed by the last mail.
    assert sets[-1] == ("S1901M", 2, ["A MAR H", "A PAR - PIC", "F BRE H"])


def test_a_mail_that_fails_after_its_orders_leaves_the_next_ones_exact(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    real = inbound.queue_reply

    def fail_on_boom(app, s, mail, *rest, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        if "BOOM" in mail.body:
            raise RuntimeError("a bug, after the orders were written")
        return real(app, s, mail, *rest, **kw)

    monkeypatch.setattr(inbound, "queue_reply", fail_on_boom)
    judge.send(FRANCE, "A PAR - BUR\n")
    judge.send(FRANCE, "F BRE - MAO\nBOOM\n")
    judge.send(FRANCE, "A MAR - SPA\n")
    assert [m.status for m in judge.tick().mails] == ["handled", "failed", "handled"]
    # The failed mail's orders were rolled back with it: the next mail is version 2.
    assert order_sets(judge, FRANCE) == [
        ("S1901M", 1, ["A PAR - BUR"]),
        ("S1901M", 2, ["A MAR - SPA", "A PAR - BUR"]),
    ]
    # And only the mails handled are logged as such.
    with judge.app.db.transaction() as s:
        logged = s.scalars(select(Event.data).where(Event.kind == "mail_handled")
                           .order_by(Event.id)).all()
    assert [e["errors"] for e in logged] == [0, 0]
