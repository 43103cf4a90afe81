"""On the real servers: `gmbot tick` reading the judge's IMAP mailbox (Dovecot, STARTTLS)
and sending through the SMTP relay into the players' mailboxes, killed with SIGKILL while
it fetches, adjudicates and sends. After every kill each mail is in the judge's INBOX or
in the processed folder, never both, and it is recorded if it was moved; in the end the
players' mailboxes, read back over IMAP, hold every mail once -- or, for a mail whose
sending a kill interrupted after the relay accepted it, twice with the same Message-ID."""

from __future__ import annotations

import email
import email.policy
import os
import random
import re
import uuid
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from tests.crash.crashkit import POWERS, Home, address, gm_address, make_home
from tests.crash.invariants import check
from tests.crash.killkit import KillPoint, Progress, kill_at, stage
from tests.crash.smtpsink import Delivery

if TYPE_CHECKING:
    from tests.conftest import MailServers

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))
GAMES, OVERDUE = 2, 1
PROCESSED = "gmbot-processed"
PLAN = [("time", 0), ("recorded", 1), ("recorded", 1), ("processed", 1), ("marked", 2),
        ("marked", 3), ("marked", 3), ("time", 0)]


class Mailboxes:
    """The players' and GMs' mailboxes as the test's SMTP sink would show them."""

    def __init__(self, servers: MailServers, owners: list[str]) -> None:
        self.servers, self.owners = servers, owners

    def snapshot(self) -> list[Delivery]:
        out = []
        for owner in self.owners:
            with self.servers.imap(owner) as client:
                client.select_folder("INBOX", readonly=True)
                uids = client.search("ALL")
                for data in client.fetch(uids, ["RFC822"]).values() if uids else ():
                    msg = email.message_from_bytes(data[b"RFC822"], policy=email.policy.default)
                    out.append(Delivery(str(msg["Message-ID"]).strip("<>"), (owner,),
                                        as_sent(data[b"RFC822"])))
        return out

    def duplicates(self) -> dict[str, int]:
        counts = Counter(d.message_id for d in self.snapshot())
        return {mid: n for mid, n in counts.items() if n > 1}


TRACE = re.compile(rb"^(Return-Path|Delivered-To|Received|X-Peer|X-MailFrom|X-RcptTo):.*\r?\n"
                   rb"(?:[ \t].*\r?\n)*", re.IGNORECASE | re.MULTILINE)


def as_sent(data: bytes) -> bytes:
    """The message without the trace headers each delivery adds in front of it."""
    head, sep, body = data.partition(b"\r\n\r\n")
    return TRACE.sub(b"", head + b"\r\n") + sep + body


def judge_folders(servers: MailServers, judge: str) -> dict[str, list[str]]:
    """Message-IDs in the judge's INBOX and processed folder."""
    out = {}
    with servers.imap(judge) as client:
        for folder in ("INBOX", PROCESSED):
            if not client.folder_exists(folder):
                out[folder] = []
                continue
            client.select_folder(folder, readonly=True)
            uids = client.search("ALL")
            fetched = client.fetch(uids, ["BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)]"]) if uids else {}
            out[folder] = [
                str(email.message_from_bytes(v[b"BODY[HEADER.FIELDS (MESSAGE-ID)]"],
                                             policy=email.policy.default)["Message-ID"])
                .strip("<>") for v in fetched.values()]
    return out


def check_judge_mailbox(home: Home, servers: MailServers, judge: str, recorded: set[str],
                        complete: bool) -> None:
    folders = judge_folders(servers, judge)
    inbox, processed = Counter(folders["INBOX"]), Counter(folders[PROCESSED])
    for mail in home.mails:
        assert inbox[mail.message_id] + processed[mail.message_id] == 1, mail.name
        if processed[mail.message_id]:
            assert mail.message_id in recorded, f"{mail.name} moved but not recorded"
        if complete:
            assert processed[mail.message_id], f"{mail.name} still in the INBOX"


def test_imap_and_relay_killed_while_fetching_processing_and_sending(
        tmp_path: Path, mail_servers: MailServers, smtp_relay_port: int) -> None:
    rng = random.Random(SEED)
    stem = f"i{uuid.uuid4().hex[:6]}"  # fresh mailboxes for every run
    names = [f"{stem}{n:03d}" for n in range(GAMES + OVERDUE)]
    judge = mail_servers.new_user("judge")
    owners = [address(g, p) for g in names for p in POWERS] + [gm_address(g) for g in names]
    for owner in owners:
        mail_servers.add_user(owner)
    imap = {"host": mail_servers.host, "port": mail_servers.imap_port,
            "security": "starttls", "cafile": mail_servers.cafile, "username": judge,
            "password": mail_servers.password, "folder": "INBOX",
            "processed_folder": PROCESSED, "timeout": 10, "retries": 2, "retry_delay": 0.05}
    home = make_home(tmp_path, games=GAMES, overdue=OVERDUE, seed=SEED, stem=stem, judge=judge,
                     imap=imap, outbound={"host": mail_servers.host, "port": smtp_relay_port,
                                          "security": "none", "timeout": 10})
    for mail in home.mails:
        mail_servers.deliver_lmtp(mail.raw, judge, mail_from=address(mail.game, mail.power))
    total = len(home.mails) + 2 * 8 * (GAMES + OVERDUE)  # acks; results and welcomes
    boxes = Mailboxes(mail_servers, owners)
    progress = Progress(home)
    log = []
    try:
        for what, ahead in PLAN:
            if what == "time":
                point = KillPoint("time", rng.uniform(0.3, 1.5))
            else:
                done = {"recorded": progress.recorded, "processed": progress.processed,
                        "marked": progress.marked}[what]()
                point = KillPoint(what, done + ahead, rng.uniform(0, 0.02))
            if kill_at(home.start("tick", "-q"), point, progress):
                where = stage(home, _ImapProgress(progress), GAMES + OVERDUE)
                log.append(f"{point} -> killed while {where}")
                # (The players' mailboxes are read once, at the end: 24 logins.)
                snap = check(home, complete=False, sending=False)
                check_judge_mailbox(home, mail_servers, judge, set(snap.inbound), False)
            else:
                log.append(f"{point} -> finished first")
        home.run("tick", "-q")
    finally:
        progress.close()
        print("\n".join(log))
    snap = check(home, complete=True, sink=boxes, resends=len(PLAN))
    check_judge_mailbox(home, mail_servers, judge, set(snap.inbound), True)
    delivered = Counter(d.message_id for d in boxes.snapshot())
    assert len(delivered) == total == len(snap.outbound)
    print(f"{total} mails; {sum(delivered.values()) - total} extra copies after "
          f"{sum('killed' in line for line in log)} kills")


class _ImapProgress:
    """`stage` counts mail read in the Maildir; with IMAP, mail recorded."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress

    def read(self) -> int:
        return self.progress.recorded()

    def processed(self) -> int:
        return self.progress.processed()
