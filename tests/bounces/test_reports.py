"""What each bounce of tests/bounces/reports.yaml says: the verdict the judge reads."""

from __future__ import annotations

from email import message_from_bytes
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmbot.mail.bounces import read_report

CASES: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "reports.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_the_verdict_of_a_bounce(case: dict[str, Any]) -> None:
    raw = case["mail"].replace("\n", "\r\n").encode("utf-8")
    report = read_report(message_from_bytes(raw))
    if case["kind"] is None:
        assert report is None
    else:
        assert report is not None
        assert (report.kind, report.status) == (case["kind"], case.get("status", ""))
