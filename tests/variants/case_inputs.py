"""Every step of every declared variant's and option's cases as the plain input of
`gmbot adjudicate`: for tests that feed the command line real cases (byte-identical
output, malformed input). A step after the first starts from the position the one before
left, as in casekit.run_steps."""

from __future__ import annotations

from typing import Any

import yaml

from gmbot.variants import DECLARED_OPTIONS, DECLARED_VARIANTS
from gmbot.variants.cases import run_case
from tests.variants.casekit import POSITION_KEYS


def case_inputs() -> dict[str, list[dict[str, Any]]]:
    """variant or option name -> the inputs of its cases' steps, in file order."""
    found: dict[str, list[dict[str, Any]]] = {}
    for declaration in [*DECLARED_VARIANTS.values(), *DECLARED_OPTIONS.values()]:
        inputs = found.setdefault(declaration.name, [])
        for path in declaration.case_files():
            for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
                variant = case.get("variant") or (
                    "standard" if declaration.option else declaration.name)
                options = case.get("options",
                                   {declaration.name: True} if declaration.option else None)
                given = {"variant": variant, **({"options": options} if options else {})}
                position = {**{k: case[k] for k in POSITION_KEYS if k in case}, **given}
                steps = case.get("steps") or [{"orders": case.get("orders")}]
                for step in steps:
                    data = {**position, "orders": step.get("orders") or {}}
                    inputs.append(data)
                    out = run_case(data)
                    if "error" in out:
                        break
                    position = {**out["position"], **given}
    return found
