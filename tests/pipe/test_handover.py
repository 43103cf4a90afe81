"""A mail piped to `gmbot ingest` is the MTA's to forget once ingest exits 0: it is in
the spool. From there it is answered at once — by the running daemon, which ingest
wakes, or else by the one background worker ingest starts — and whatever is left in the
spool (a worker killed, a mail spooled with --no-worker) by the next `gmbot tick`.
Real `gmbot` processes on a real home; replies read from the Maildir outbox."""

from __future__ import annotations

import email
import email.policy
import os
import random
from pathlib import Path

import pytest

from gmbot.config import load_config
from gmbot.daemon.idle import nothing_to_do
from gmbot.pipe.worker import SpoolLock
from tests.crash.crashkit import Home, make_home, started, stop, wait_until
from tests.crash.invariants import check, snapshot
from tests.crash.killkit import KillPoint, Progress, kill_at

# On PostgreSQL too (CONTRIBUTING.md): the daemon, ingest's worker and tick sharing one database.
pytestmark = pytest.mark.dialect(
    in_subprocess=("gmbot.service.runtime", "gmbot.service.inbound.record"),
)

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))


def replies_to(home: Home) -> dict[str, int]:
    """How many replies the outbox holds to each Message-ID."""
    counts: dict[str, int] = {}
    for path in (home.outbox / "new").iterdir():
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        if msg["In-Reply-To"]:
            mid = msg["In-Reply-To"].strip("<>")
            counts[mid] = counts.get(mid, 0) + 1
    return counts


def ingest(home: Home, raw: bytes, *options: str) -> str:
    return home.run("ingest", *options, stdin=raw)


def gmbot_log(home: Home) -> str:
    log = home.path / "logs" / "gmbot.log"
    return log.read_text(errors="replace") if log.exists() else ""


def test_a_piped_mail_is_spooled_and_left_to_the_next_tick(tmp_path: Path) -> None:
    home = make_home(tmp_path, games=1, seed=SEED)
    mail = home.mails[0]
    assert ingest(home, mail.raw, "--no-worker") == ""
    assert home.spooled() == [mail.raw]
    assert mail.message_id not in snapshot(home).inbound
    assert not nothing_to_do(load_config(home.path))  # cron's cheap look sees it
    home.run("tick", "-q")
    assert home.spooled() == []
    assert replies_to(home) == {mail.message_id: 1}
    check(home, complete=False)


def test_the_worker_ingest_starts_answers_the_mail_and_exits(tmp_path: Path) -> None:
    home = make_home(tmp_path, games=1, seed=SEED)
    mail = home.mails[0]
    ingest(home, mail.raw)
    wait_until(lambda: mail.message_id in replies_to(home), 60, "the reply in the outbox")
    home.settle()
    assert home.spooled() == []
    assert "drain: handled" in gmbot_log(home)
    assert "Traceback" not in gmbot_log(home)
    check(home, complete=False)


def test_a_running_daemon_is_woken_and_answers_without_a_worker(tmp_path: Path) -> None:
    # It polls at its start and then not for an hour: only the wake-up explains an
    # answer to the mails after the first (which its first poll may have read).
    home = make_home(tmp_path, games=1, seed=SEED, poll_interval=3600)
    daemon = home.start("run")
    try:
        wait_until(lambda: started(daemon), 60, "the daemon started")
        for mail in home.mails[:3]:
            ingest(home, mail.raw)
            wait_until(lambda m=mail: m.message_id in replies_to(home), 60,
                       "the daemon's reply")
    finally:
        out = stop(daemon)
    assert out.count("read 1 piped mail(s)") >= 2
    assert "drain:" not in gmbot_log(home)  # no worker was started
    check(home, complete=False)


def test_ingests_while_a_worker_runs_start_none_and_the_worker_takes_their_mail(
        tmp_path: Path) -> None:
    home = make_home(tmp_path, games=1, seed=SEED)
    first, second, third = home.mails[:3]
    worker = SpoolLock(home.spool)  # this test plays a worker at work
    assert worker.acquire()
    try:
        procs = [home.start("ingest", stdin=m.raw) for m in (first, second)]
        for proc in procs:
            proc.wait(60)
            assert proc.returncode == 0
        assert sorted(home.spooled()) == sorted([first.raw, second.raw])
    finally:
        worker.release()
    assert "drain:" not in gmbot_log(home)  # they left their mail to the running worker
    ingest(home, third.raw)  # no worker now: this one starts one, which takes all three
    home.settle()
    assert replies_to(home) == {m.message_id: 1 for m in (first, second, third)}
    assert gmbot_log(home).count("drain: handled") == 3


def test_many_ingests_at_once_lose_nothing_and_answer_each_mail_once(tmp_path: Path) -> None:
    home = make_home(tmp_path, games=2, seed=SEED)
    mails = home.mails[:10]
    procs = [home.start("ingest", stdin=m.raw) for m in mails]
    for proc in procs:
        proc.wait(60)
        assert proc.returncode == 0, Path(proc.log_path).read_text()
    home.settle()
    home.run("tick", "-q")
    assert replies_to(home) == {m.message_id: 1 for m in mails}
    assert "Traceback" not in gmbot_log(home)
    check(home, complete=False)


def test_a_worker_killed_at_any_moment_leaves_its_mail_to_the_next_tick(
        tmp_path: Path) -> None:
    rng = random.Random(SEED)
    home = make_home(tmp_path, games=2, seed=SEED)
    progress = Progress(home)
    try:
        for round_ in range(3):
            wave = home.mails[round_::3]
            for mail in wave:
                ingest(home, mail.raw, "--no-worker")
            worker = home.start("drain")
            kill_at(worker, KillPoint("recorded", progress.recorded() + rng.randint(0, 3),
                                      rng.uniform(0, 0.03)), progress)
            check(home, complete=False)
    finally:
        progress.close()
    home.run("tick", "-q")
    assert home.spooled() == []
    check(home, complete=True)
    assert set(replies_to(home)) == {m.message_id for m in home.mails}


def test_a_mail_that_cannot_be_spooled_stays_with_the_mta(tmp_path: Path) -> None:
    home = make_home(tmp_path, games=1, seed=SEED)
    (home.path / "mail" / "spool").write_text("not a folder")
    proc = home.start("ingest", stdin=home.mails[0].raw)
    proc.wait(60)
    assert proc.returncode != 0
    assert "could not spool the mail" in Path(proc.log_path).read_text()


def test_an_empty_pipe_is_refused(tmp_path: Path) -> None:
    home = make_home(tmp_path, games=1, seed=SEED)
    proc = home.start("ingest", stdin=b"\n")
    proc.wait(60)
    assert proc.returncode != 0
    assert "no message on standard input" in Path(proc.log_path).read_text()
