"""The inbound gates: their order is one tuple (gates.GATES) that the pipeline follows,
and the two implementations of the look-ups they ask (per mail, read ahead for a batch)
answer alike."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from gmbot.service.inbound import gates
from gmbot.service.inbound.batch import Batch
from gmbot.service.inbound.handling import Handling, Outcome
from gmbot.service.inbound.lookups import Lookups, StoreLookups
from gmbot.store.models import Inbound
from gmbot.store.outbox import Outbound
from tests.loop.judgekit import Judge

# On PostgreSQL too (CONTRIBUTING.md): the two implementations of the look-ups.
pytestmark = pytest.mark.dialect(
    "gmbot.service.inbound.gates",
    "gmbot.service.inbound.lookups",
    "gmbot.service.inbound.commands.info",
    "gmbot.service.seats.roster",
    "gmbot.service.views.standing",
)

FRANCE = "france@example.test"
GM = "gm@example.test"


def test_the_gates_are_today_s_policy_in_order() -> None:
    assert [gate.__name__ for gate in gates.GATES] == [
        "bounce", "automated", "route", "joining", "stranger", "hourly_limit", "authenticate",
        "size", "game_over", "lock", "parked"]


def test_the_pipeline_follows_the_tuple(judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    def closed(h: Handling) -> Outcome | None:
        seen.append(h.mail.sender)
        return Outcome("refused", "the judge is closed") if h.game is not None else None

    # A gate put between routing and authentication ends routed mail there, unanswered.
    at = gates.GATES.index(gates.authenticate)
    monkeypatch.setattr(gates, "GATES", (*gates.GATES[:at], closed, *gates.GATES[at:]))
    judge.send(FRANCE, "A PAR - BUR\n")
    judge.send("stranger@example.test", "HELP\n", subject="hello")
    assert [(m.status, m.reason) for m in judge.tick().mails] == [
        ("refused", "the judge is closed"),
        ("refused", "this address is not registered in any game run by this judge "
                    "(or not in the game your mail names)."),
    ]
    assert seen == [FRANCE]  # the stranger's mail ended before it, at `stranger`
    assert [m["To"] for m in judge.new_mail()] == ["stranger@example.test"]


def answers(lookups: Lookups, since: datetime) -> list[object]:
    """What the gates may ask, answered (ids for rows)."""
    out: list[object] = [sorted(lookups.judges())]
    for who in (FRANCE, GM, "stranger@example.test"):
        route = lookups.route(who)
        out += [lookups.runs_a_game(who),
                [(p.id, p.game.id) for p in route.players], [g.id for g in route.gm_games],
                list(lookups.counted(who, since, 30)), list(lookups.counted(who, since, 1)),
                lookups.rate_noticed(who, since), lookups.auth_noticed(who, since),
                lookups.stranger_answered(who, since),
                [g.id for g in lookups.finished_games(who)]]
    return [*out, lookups.strangers_answered(since)]


def test_the_batched_look_ups_answer_as_the_store_does(judge: Judge) -> None:
    for text in ("A PAR - BUR\n", "F BRE - MAO\n", "A MAR - SPA\n"):
        judge.send(FRANCE, text)
    judge.send(GM, "STATUS\n")
    judge.send("stranger@example.test", "HELP\n", subject="hello")
    judge.tick()
    since = judge.clock() - timedelta(hours=1)
    with judge.app.db.transaction() as s:
        assert s.query(Inbound).count() == 5 and s.query(Outbound).count() > 0
        direct = answers(StoreLookups(s), since)
        batch = Batch(s, [])
        batch.read_ahead([FRANCE, GM, "stranger@example.test"], since)
        read_ahead = answers(batch, since)
        assert batch.routes is not None  # answered from what was read, not by queries
        batch.forget()
        forgotten = answers(batch, since)
    assert read_ahead == direct == forgotten
    # France: no GM, one seat, three mails counted
    assert direct[1] is False and len(direct[2]) == 1 and len(direct[4]) == 3
