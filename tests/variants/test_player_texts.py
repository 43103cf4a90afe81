"""What RULES and RULES FULL mail is written for a player (issue 32): every declared
variant and option has a primer, and neither the primer nor the complete rulings, as the
mail gives them, name a code path, a Python or YAML file, a test, a hook of the rule sets,
a command of the judge's machine, or a YAML snippet of a game file."""

from __future__ import annotations

import re

import pytest

from gmbot.engine.hooks import Rules
from gmbot.service.views.guide import rules_text
from gmbot.variants import DECLARED_OPTIONS, DECLARED_VARIANTS
from gmbot.variants.declaration import Variant

DECLARED = [*DECLARED_VARIANTS.values(), *DECLARED_OPTIONS.values()]
ALL = [pytest.param(d, id=d.name) for d in DECLARED]
HOOKS = sorted(name for name in dir(Rules) if not name.startswith("_") and "_" in name)
# A developer's word: a path or file of the code, a test, the machine's commands, an
# identifier (a hook, a game file's key: snake_case), a YAML mapping or list.
DEVELOPERS = re.compile(
    r"\.py\b|\.ya?ml\b|\bgmbot/|\btests?/|\bcases/|\bgmbot (?:game|adjudicate)|"
    r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|^\s*[a-z][a-z ]*:\s*[{\[]|^\s*- \{|```",
    re.MULTILINE)


def _mailed(declaration: Variant, full: bool) -> str:
    if declaration.option:
        return rules_text("standard", (declaration.name,), None, full)
    return rules_text(declaration.name, (), None, full)


@pytest.mark.parametrize("full", [False, True], ids=["primer", "full"])
@pytest.mark.parametrize("declaration", ALL)
def test_mailed_rules_name_nothing_of_the_code(declaration: Variant, full: bool) -> None:
    text = _mailed(declaration, full)
    found = sorted({m.group(0).strip() for m in DEVELOPERS.finditer(text)})
    assert not found, f"{declaration.name}: a developer's words in what RULES mails: {found}"
    assert not [h for h in HOOKS if h in text]


@pytest.mark.parametrize("declaration", ALL)
def test_every_variant_and_option_has_a_primer(declaration: Variant) -> None:
    primer = declaration.primer.read_text(encoding="utf-8")
    assert primer.startswith("# ") and "primer" in primer.splitlines()[0]
    assert len(primer.split()) > 60, "a primer, not a stub"
    # It is not the complete rulings under another name.
    assert primer != declaration.guide.read_text(encoding="utf-8")


def test_the_warlock_primer_lists_the_illusions_four_groups() -> None:
    text = rules_text("warlock", (), None)
    assert "The illusion's four groups" in text
    assert "- Inland centres: Paris, Munich, Warsaw, Moscow, Vienna, Budapest, Serbia." in text
    assert "Burgundy." in text and "Armenia." in text


@pytest.mark.parametrize("declaration", ALL)
def test_the_primers_lines_are_a_mails(declaration: Variant) -> None:
    # The trial of 3 December (fourth): a line of 110 characters in Arpiesse's primer, its
    # last two words on a line of their own, as a mail client wraps it.
    long = [line for line in _mailed(declaration, False).splitlines() if len(line) > 90]
    assert not long, f"{declaration.name}: lines longer than 90 characters: {long}"
