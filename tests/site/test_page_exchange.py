"""A page written again takes the old one's place atomically (gmbot/service/site/exchange.py):
a reader finds the old page or the new one, whole, and no temporary copy is left behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmbot.service.site import exchange
from gmbot.service.site.write import Written, write_file


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_page_written_again_replaces_the_old_one_and_no_copy_is_left(tmp_path: Path) -> None:
    write_file(tmp_path, "games/g/S1901M.html", b"old page", Written())
    written = Written()
    write_file(tmp_path, "games/g/S1901M.html", b"the new page", written)
    assert (tmp_path / "games/g/S1901M.html").read_bytes() == b"the new page"
    assert _files(tmp_path / "games/g") == ["S1901M.html"]
    assert written.files == ["games/g/S1901M.html"]


def test_a_reader_of_the_old_page_reads_it_whole(tmp_path: Path) -> None:
    write_file(tmp_path, "index.html", b"old " * 5000, Written())
    with open(tmp_path / "index.html", "rb") as reader:
        write_file(tmp_path, "index.html", b"new " * 5000, Written())
        assert reader.read() == b"old " * 5000
    assert (tmp_path / "index.html").read_bytes() == b"new " * 5000


def test_an_unchanged_page_is_not_written(tmp_path: Path) -> None:
    write_file(tmp_path, "site.css", b"body {}", Written())
    written = Written()
    write_file(tmp_path, "site.css", b"body {}", written)
    assert written.files == []


def test_where_names_cannot_be_exchanged_the_page_is_renamed_into_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exchange, "_unsupported", [True])  # as a file system that cannot
    write_file(tmp_path, "p/index.html", b"one", Written())
    write_file(tmp_path, "p/index.html", b"two", Written())
    assert (tmp_path / "p/index.html").read_bytes() == b"two"
    assert _files(tmp_path / "p") == ["index.html"]
