"""The province pages under docs/maps/ say what the map data says (the page of Iberia is
how Al-Andalus players learn the board): regenerating them changes nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["standard", "iberia"])
def test_the_province_page_is_up_to_date(name: str) -> None:
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "province_list.py"), name,
                           "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page = (REPO / "docs" / "maps" / f"{name}.md").read_text(encoding="utf-8")
    assert "![The " in page and (REPO / "docs" / "maps" / f"{name}.png").exists()
