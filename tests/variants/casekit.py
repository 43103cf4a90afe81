"""How a declared variant's cases run: each step on the position the previous step left,
through `gmbot.variants.cases.run_case` (the code path of `gmbot adjudicate`), checked with
the variant's vocabulary (tests/variants/expect). Used by test_cases.py and by the tests that
run one variant's cases in another's rules (test_arpiesse_cases.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import yaml

from gmbot.variants.cases import run_case
from gmbot.variants.declaration import Variant
from tests.variants.expect import vocabulary
from tests.variants.expect.vocabulary import Vocabulary

# A case's position keys; the others are its id, title, source, note, rule, orders,
# expect and steps.
POSITION_KEYS = ("variant", "options", "phase", "units", "centers", "homes", "dislodged",
                 "standoffs", "powers", "extra", "extra_centres")

# (position before the step, the step's orders) -> (the orders to give, and how to read a
# refused line back as the case wrote it).
Rewrite = Callable[[dict[str, Any], dict[str, Any]],
                   tuple[dict[str, list[str]], Callable[[str], str]]]


def load_cases(declaration: Variant) -> list[Any]:
    """The declaration's cases as pytest params, with ids `name:file:case id`."""
    cases = []
    for path in declaration.case_files():
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            case_id = f"{declaration.name}:{path.name.removesuffix('.yaml')}:{case['id']}"
            cases.append(pytest.param(declaration, case, id=case_id))
    return cases


def run_steps(declaration: Variant, case: dict[str, Any], rewrite: Rewrite | None = None,
              words: Vocabulary | None = None) -> None:
    """Run and check every step of `case`, one of `declaration`'s cases: in its variant
    unless the case names one (an option's cases: standard), with its options or else the
    declared option switched on."""
    words = words or vocabulary(declaration.name)
    unknown = {key for step in case.get("steps") or [case]
               for key in step.get("expect") or {}} - words.keys
    assert not unknown, f"{case['id']}: expectations nobody checks: {sorted(unknown)}"
    variant = case.get("variant") or ("standard" if declaration.option else declaration.name)
    options = case.get("options", {declaration.name: True} if declaration.option else None)
    given = {"variant": variant, **({"options": options} if options else {})}
    position = {**{k: case[k] for k in POSITION_KEYS if k in case}, **given}
    if words.no_centres_unless_given:
        position.setdefault("centers", {})
    steps = case.get("steps") or [{"orders": case.get("orders"), "expect": case.get("expect")}]
    for n, step in enumerate(steps, 1):
        orders = step.get("orders") or {}
        if rewrite:
            orders, original = rewrite(position, orders)
        out = run_case({**position, "orders": orders})
        assert "error" not in out
        if rewrite:
            for e in out["errors"]:
                e["order"] = original(e["order"])
        words.check(step.get("expect") or {}, out, f"{case['id']} step {n}")
        # The position written back names neither the variant nor the options.
        position = {**out["position"], **given}
