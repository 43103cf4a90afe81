"""What a variant or an option is made of: one record per folder of gmbot/variants.

Each variant's folder declares itself in its `__init__.py` (`DECLARATION = Variant(...)`)
and holds its parts beside the code, under fixed names:

  primer.md         the player's primer: what the variant is, how a turn goes, every
                    order with examples, how to win, the rulings a player needs (RULES)
  guide.md          the complete rulings: the rules as this judge applies them (RULES FULL)
  howto.txt.j2      the welcome mail's "how to order" examples (optional for an option)
  help.txt.j2       HELP's orders of this variant or option, with examples from the game's
                    own map and the reader's own units (optional for an option)
  example.yaml      an example game file (optional for an option)
  cases/*.yaml      adjudication cases, run by tests/variants/test_cases.py

The record names its rule set and grammar by module path, not by class: reading the
declarations (the registry does at import) must not import the rules, so that an idle
`gmbot tick` or a standard game never loads a variant's modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from importlib.resources import files
from importlib.resources.abc import Traversable

from gmbot.engine.rules import StandardRules

PRIMER = "primer.md"
GUIDE = "guide.md"
HOWTO = "howto.txt.j2"
HELP = "help.txt.j2"
EXAMPLE = "example.yaml"
CASES = "cases"


@dataclass(frozen=True, slots=True)
class Variant:
    """One variant (`option=False`: a game file's `variant:`) or option (a key of a game
    file's `options:`, switched on by a true value; its rule set is a mixin of hooks)."""

    name: str  # as game files and cases write it: "al-andalus", "changing_home_centres"
    title: str
    package: str  # the declaring package, whose folder holds the parts
    rules: str  # "module:Class", imported on first use
    grammar: tuple[str, ...]  # the modules that read the order lines it adds (none: ())
    map: str | None  # gmbot/maps/MAP.yaml; None for an option, which fits any map
    option: bool = False
    has_howto: bool = True  # an option without one adds nothing to the welcome mail
    has_help: bool = True  # an option without one adds nothing to HELP
    has_example: bool = True

    @property
    def folder(self) -> Traversable:
        return files(self.package)

    @property
    def primer(self) -> Traversable:
        return self.folder / PRIMER

    @property
    def guide(self) -> Traversable:
        return self.folder / GUIDE

    @property
    def howto(self) -> Traversable | None:
        return self.folder / HOWTO if self.has_howto else None

    @property
    def help(self) -> Traversable | None:
        return self.folder / HELP if self.has_help else None

    @property
    def example(self) -> Traversable | None:
        return self.folder / EXAMPLE if self.has_example else None

    def case_files(self) -> list[Traversable]:
        """The cases' YAML files, by name."""
        cases = self.folder / CASES
        if not cases.is_dir():
            return []
        return sorted((f for f in cases.iterdir() if f.name.endswith(".yaml")),
                      key=lambda f: f.name)

    def load_rules(self) -> type[StandardRules]:
        module, name = self.rules.split(":")
        loaded = getattr(import_module(module), name)
        if not (isinstance(loaded, type) and issubclass(loaded, StandardRules)):
            raise TypeError(f"{self.rules}: not a rule set")  # a slip in a declaration
        return loaded
