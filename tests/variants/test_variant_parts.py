"""Every declared variant and option has all its parts (docs/variants/ADDING.md): a folder
that declares it, a rule set and grammar that import, its map, a player guide that points
nowhere outside the repository and is listed in docs/variants/README.md, a how-to text the
welcome mail shows, a help text HELP shows (with the example game's own units), an example
game the game file loader accepts, and cases that the shared runner (test_cases.py) runs.
Reading the declarations imports no rule set."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict
from gmbot.engine.rules import StandardRules
from gmbot.gamefile import load_game_file
from gmbot.gamefile.settings import GameSettings
from gmbot.gamefile.spec import GameSpec
from gmbot.service.inbound.commands.table import STANDARD_POWERS
from gmbot.service.outbox.render import environment, render
from gmbot.service.views.help import help_context
from gmbot.variants import DECLARED_OPTIONS, DECLARED_VARIANTS, make_rules
from gmbot.variants.declaration import Variant
from tests.variants.test_cases import CASES

REPO = Path(__file__).resolve().parents[2]
VARIANTS = REPO / "gmbot" / "variants"
DECLARED = [*DECLARED_VARIANTS.values(), *DECLARED_OPTIONS.values()]
ALL = [pytest.param(d, id=d.name) for d in DECLARED]

# What a guide may not name: the rule texts, the rulings file and the shared folder kept
# outside the repository, or any absolute path of a machine.
OUTSIDE = re.compile(r"RULINGS\.md|rules/[\w.-]+\.txt|\.\./shared|(?<![\w.~])/(?:work|home|"
                     r"Users|srv|tmp|var|etc|opt|root)/")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def folder_of(declaration: Variant) -> Path:
    return Path(str(declaration.folder))


def test_every_folder_declares_one_variant_or_option_and_names_are_unique() -> None:
    for root, declared in ((VARIANTS, DECLARED_VARIANTS), (VARIANTS / "options", DECLARED_OPTIONS)):
        folders = sorted(p.parent.name for p in root.glob("*/__init__.py")
                         if p.parent.name != "options")
        assert sorted(folder_of(d).name for d in declared.values()) == folders
    assert not DECLARED_VARIANTS.keys() & DECLARED_OPTIONS.keys()
    assert all(not d.option for d in DECLARED_VARIANTS.values())
    assert all(d.option for d in DECLARED_OPTIONS.values())


@pytest.mark.parametrize("declaration", ALL)
def test_rule_set_grammar_and_map(declaration: Variant) -> None:
    rules = declaration.load_rules()
    assert issubclass(rules, StandardRules)
    for module in declaration.grammar:
        import_module(module)
    # A variant that adds orders reads them in its parse_extra hook; one that adds none
    # keeps the standard grammar.
    assert bool(declaration.grammar) == ("parse_extra" not in rules.keeps)
    if declaration.option:
        assert declaration.map is None  # an option fits any map
    else:
        assert declaration.map == rules.map_name
        assert load_map(declaration.map).provinces


@pytest.mark.parametrize("declaration", ALL)
def test_guide(declaration: Variant) -> None:
    guide = folder_of(declaration) / "guide.md"
    text = guide.read_text(encoding="utf-8")
    assert text.startswith("# ") and len(text.split()) > 50, f"{guide}: a guide, not a stub"
    assert not OUTSIDE.findall(text), f"{guide} names something outside the repository"
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path = (guide.parent / target).resolve()
        assert path.is_relative_to(REPO) and path.exists(), f"{guide}: broken link {target}"
    index = (REPO / "docs" / "variants" / "README.md").read_text(encoding="utf-8")
    listed = {(REPO / "docs" / "variants" / t).resolve() for t in LINK.findall(index)}
    assert guide.resolve() in listed, f"docs/variants/README.md does not list {guide}"


def own_game(game: Any, role: str | None) -> dict[str, Any]:
    """What the welcome draws from the reader's own game: his units and the examples, as
    a player of `role` (None: a power) reads them at the start."""
    player = next((p for p in game.players if p.role == role), None)
    rules = make_rules(game.variant, game.options)
    state = state_from_dict(game.position or {}, load_map(rules.map_name))
    viewer = None if player is None else player.key
    context = help_context(game.variant, game.options, state, rules, viewer, role)
    return {k: context[k] for k in ("ex", "units", "own_units", "data", "now", "viewer")}


class AsStored:
    """A game file's spec as the welcome reads a stored game: its settings a record."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.settings = GameSettings(options=dict(spec.options), auth=spec.auth)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.spec, name)


def welcome(spec: GameSpec, role: str | None) -> str:
    return render("welcome.txt.j2", game=AsStored(spec), is_gm=False, seat="Seat",
                  address="a@example.test",
                  role=role, phase="Spring 1901", deadline="Mon 2 Mar 2026 09:00 UTC",
                  secret=None, has_secret=False, **own_game(spec, role))[1]


@pytest.mark.parametrize("declaration", ALL)
def test_example_game_loads_and_its_howto_is_in_the_welcome_mail(declaration: Variant) -> None:
    example = declaration.example
    if example is None:
        assert declaration.option, "every variant has an example game"
        spec = replace(load_game_file(folder_of(DECLARED_VARIANTS["standard"]) / "example.yaml"),
                       options={declaration.name: True})
    else:
        spec = load_game_file(Path(str(example)))
        assert (spec.variant == declaration.name if not declaration.option
                else spec.options.get(declaration.name) is True)
    roles = [None, *sorted({p.role for p in spec.players if p.role})]
    for role in roles:
        body = welcome(spec, role)
        if declaration.howto is None:
            assert declaration.option, "every variant has a how-to"
            continue
        howto = environment().get_template(f"howto/{declaration.name}.txt.j2").render(
            game=AsStored(spec), role=role, **own_game(spec, role))
        assert howto.strip() and howto in body, f"{declaration.name}: how-to not in the welcome"


def help_mail(spec: Any, player: Any | None) -> tuple[str, dict[str, Any]]:
    """HELP as `player` of the game file `spec` (None: the GM) reads it at the start."""
    rules = make_rules(spec.variant, spec.options)
    state = state_from_dict(spec.position or {}, load_map(rules.map_name))
    viewer = None if player is None else player.key
    context = help_context(spec.variant, spec.options, state, rules, viewer,
                           None if player is None else player.role)
    body = render("help.txt.j2", game=spec, is_gm=player is None, press="", commands=[],
                  gm_commands="", powers=STANDARD_POWERS, **context)[1]
    return body, context


def example_spec(declaration: Variant) -> Any:
    if declaration.example is None:
        return replace(load_game_file(folder_of(DECLARED_VARIANTS["standard"]) / "example.yaml"),
                       options={declaration.name: True})
    return load_game_file(Path(str(declaration.example)))


@pytest.mark.parametrize("declaration", ALL)
def test_its_help_text_is_in_help_with_the_readers_own_units(declaration: Variant) -> None:
    if declaration.help is None:
        assert declaration.option, "every variant has a help text"
        return
    assert folder_of(declaration).joinpath("help.txt.j2").is_file()
    spec = example_spec(declaration)
    for player in [None, *spec.players]:
        body, context = help_mail(spec, player)
        part = environment().get_template(f"help/{declaration.name}.txt.j2").render(
            game=spec, **context)
        assert part.strip() and part in body, f"{declaration.name}: help text not in HELP"
        assert "{{" not in part and "}}" not in part
        if player is not None and context["ex"].own and context["own_units"]:
            assert f"Your units: {', '.join(context['units'])}." in body


def test_an_option_without_a_howto_adds_nothing_to_the_welcome() -> None:
    spec = load_game_file(folder_of(DECLARED_VARIANTS["standard"]) / "example.yaml")
    plain = welcome(spec, None)
    for declaration in DECLARED_OPTIONS.values():
        if declaration.howto is None:
            assert welcome(replace(spec, options={declaration.name: True}), None) == plain


@pytest.mark.parametrize("declaration", ALL)
def test_cases_exist_and_the_shared_runner_runs_them(declaration: Variant) -> None:
    files = declaration.case_files()
    assert files, f"{declaration.name} has no cases"
    ids = [str(case["id"]) for f in files
           for case in yaml.safe_load(f.read_text(encoding="utf-8")) or []]
    assert ids and len(ids) == len(set(ids)), f"{declaration.name}: no cases or a repeated id"
    run = {str(case["id"]) for d, case in (p.values for p in CASES) if d == declaration}
    assert run == set(ids)


def test_reading_the_declarations_imports_no_rule_set() -> None:
    probe = ("import sys\nimport gmbot.variants as v\nv.make_rules('standard')\n"
             "print('\\n'.join(m for m in sys.modules if m.startswith('gmbot.variants')))")
    loaded = set(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                check=True, cwd=REPO).stdout.split())
    declarations = {d.package for d in DECLARED}
    assert loaded == {"gmbot.variants", "gmbot.variants.declaration",
                      "gmbot.variants.options", *declarations}
