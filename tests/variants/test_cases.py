"""Every declared variant's and option's adjudication cases (gmbot/variants/*/cases/*.yaml
and gmbot/variants/options/*/cases/*.yaml), step by step through the code path of
`gmbot adjudicate`, each checked with its variant's vocabulary (tests/variants/expect)."""

from __future__ import annotations

from typing import Any

import pytest

from gmbot.variants import DECLARED_OPTIONS, DECLARED_VARIANTS
from gmbot.variants.declaration import Variant
from tests.variants.casekit import load_cases, run_steps

DECLARED = [*DECLARED_VARIANTS.values(), *DECLARED_OPTIONS.values()]
CASES = [c for d in DECLARED for c in load_cases(d)]


@pytest.mark.parametrize(("declaration", "case"), CASES)
def test_case(declaration: Variant, case: dict[str, Any]) -> None:
    run_steps(declaration, case)
