"""The spool of piped mail: each mail a file of its own in new/, under a name no other
delivery takes; a mail over the size limit kept as its header section and its size,
which the Maildir inbox code reads back as the same oversize mail."""

from __future__ import annotations

import os
import time
from pathlib import Path

from gmbot.mail.maildir import MaildirInbox
from gmbot.mail.oversize import Oversize, header_section
from gmbot.pipe.spool import STALE_TMP, sweep_tmp, waiting, write

MAIL = b"From: france@example.test\nSubject: orders\n\nA PAR - BUR\n"


def test_a_spooled_mail_is_in_new_whole_and_nothing_is_left_in_tmp(tmp_path: Path) -> None:
    spool = tmp_path / "mail" / "spool"
    assert not waiting(spool)
    path = write(spool, MAIL)
    assert path.parent == spool / "new"
    assert path.read_bytes() == MAIL
    assert os.listdir(spool / "tmp") == []
    assert waiting(spool)


def test_two_copies_of_one_mail_are_two_files(tmp_path: Path) -> None:
    first, second = write(tmp_path, MAIL), write(tmp_path, MAIL)
    assert first != second
    assert sorted(os.listdir(tmp_path / "new")) == sorted([first.name, second.name])


def test_an_oversize_mail_is_spooled_as_its_head_and_read_back_as_oversize(
        tmp_path: Path) -> None:
    head = header_section(MAIL)
    path = write(tmp_path, Oversize(head, 20_000_000))
    assert path.read_bytes() == head
    assert path.name.endswith(",S=20000000")
    # Even a limit raised above its size meanwhile does not make the head a whole mail.
    for limit in (1_000_000, 50_000_000):
        [(key, raw)] = list(MaildirInbox(tmp_path).pending(limit))
        assert key == path.name
        assert raw == Oversize(head, 20_000_000)


def test_a_maildir_name_giving_the_true_size_reads_the_whole_mail(tmp_path: Path) -> None:
    inbox = MaildirInbox(tmp_path)
    inbox.deliver(MAIL, f"1.2.host,S={len(MAIL)}")
    [(_, raw)] = list(inbox.pending(1_000_000))
    assert raw == MAIL


def test_the_spool_inbox_deletes_what_was_handled(tmp_path: Path) -> None:
    path = write(tmp_path, MAIL)
    inbox = MaildirInbox(tmp_path, keep=False)
    inbox.done(path.name)
    assert not waiting(tmp_path)
    assert os.listdir(tmp_path / "cur") == []


def test_what_a_killed_ingest_left_in_tmp_is_swept_once_stale(tmp_path: Path) -> None:
    write(tmp_path, MAIL)
    stale, fresh = tmp_path / "tmp" / "1.P1R0.host", tmp_path / "tmp" / "2.P2R0.host"
    stale.write_bytes(MAIL[:10])
    fresh.write_bytes(MAIL[:10])
    old = time.time() - STALE_TMP - 60
    os.utime(stale, (old, old))
    assert sweep_tmp(tmp_path) == 1
    assert os.listdir(tmp_path / "tmp") == [fresh.name]
    assert waiting(tmp_path)  # new/ untouched
