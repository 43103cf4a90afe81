"""A game file with a value of the wrong type is refused by `game load` with the line and
the field, never a Python error, and never loaded to fail later at every tick (issue 26,
item 6). The fuzz takes each variant's example game, alone and with a position from its
cases, and puts a value of another type at one of its fields."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmbot.gamefile import GameFileError
from gmbot.service.gm.file_check import read_game_file
from gmbot.variants import DECLARED_OPTIONS, DECLARED_VARIANTS
from tests.variants.case_inputs import case_inputs
from tests.variants.test_malformed_cases import WRONG, _paths, _put


def _games() -> list[dict[str, Any]]:
    inputs = case_inputs()
    games = []
    for declared in [*DECLARED_VARIANTS.values(), *DECLARED_OPTIONS.values()]:
        if declared.example is None:
            continue
        game = yaml.safe_load(declared.example.read_text(encoding="utf-8"))
        games.append(game)
        case = next((c for c in inputs.get(declared.name, []) if c.get("phase")), None)
        if case:
            games.append({**game, "position": {k: v for k, v in case.items()
                                               if k not in ("variant", "options", "orders")}})
    return games


GAMES = _games()


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    game = draw(st.sampled_from(GAMES))
    path = draw(st.sampled_from([p for p in _paths(game) if p]))
    return _put(game, path, draw(WRONG))


@settings(max_examples=600, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(mutated())
def test_a_wrong_type_is_a_problem_with_its_line_or_a_game(
        tmp_path: Path, game: dict[str, Any]) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(game), encoding="utf-8")
    try:
        read_game_file(path)
    except GameFileError as e:
        assert e.problems
        for problem in e.problems:
            assert "\n" not in str(problem)


def _problems(tmp_path: Path, game: dict[str, Any]) -> list[str]:
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(game, sort_keys=False), encoding="utf-8")
    with pytest.raises(GameFileError) as refused:
        read_game_file(path)
    return [f"{p.line}: {p.path}: {p.message}" for p in refused.value.problems]


def _example(name: str) -> dict[str, Any]:
    text = DECLARED_VARIANTS[name].example.read_text(encoding="utf-8")  # type: ignore[union-attr]
    return yaml.safe_load(text)


def test_the_problems_name_the_line_the_field_and_the_type(tmp_path: Path) -> None:
    game = _example("arpiesse")
    position = {"phase": "S1901M", "units": {"FRANCE": [{"unit": "A PAR", "colour": ["red"]}]}}
    lines = _problems(tmp_path, {**game, "position": position})
    assert any(line.endswith("position.units.FRANCE[0].colour: expected a string, got a list")
               for line in lines), lines
    game = _example("warlock")
    position = {"phase": "S1901M", "powers": {"FRANCE": {"spells": {"vaporize": "two"}}}}
    lines = _problems(tmp_path, {**game, "position": position})
    assert any(line.endswith("position.powers.FRANCE.spells.vaporize: expected a whole "
                             "number, got a string") for line in lines), lines
    # A field the variant checks itself keeps the variant's words (Al-Andalus dinars).
    game = _example("al-andalus")
    position = {"phase": "S1901M", "extra": {"wazirs": {"NANOOK": {"dinars": "many"}}}}
    lines = _problems(tmp_path, {**game, "position": position})
    assert any(line.endswith("position.extra.wazirs.NANOOK.dinars: dinars must be a whole "
                             "number >= 0, not 'many'") for line in lines), lines


def test_an_option_of_the_wrong_type_or_size_is_refused_at_load(tmp_path: Path) -> None:
    # Both loaded once, and the game then failed at its first phase, at every tick.
    # (Line 5 of the file written: name, title, variant, options, the option.)
    game = _example("capitalist")
    lines = _problems(tmp_path, {**game, "options": {"capital_min_distance": "far"}})
    assert lines == ["5: options.capital_min_distance: expected a whole number, "
                     "got a string"]
    lines = _problems(tmp_path, {**game, "options": {"capital_min_distance": 4}})
    assert lines == ["5: options.capital_min_distance: 4: at most 3 (with more, the "
                     "allocation of the capitals leaves some power without one)"]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(mutated())
def test_a_game_file_that_loads_can_be_processed(tmp_path: Path, game: dict[str, Any]) -> None:
    """What loads is played: its first phase is processed, not parked."""
    import tempfile

    from sqlalchemy import select

    from gmbot.service.app import open_app
    from gmbot.service.deadline.process import process_game
    from gmbot.service.gm.load import load_game
    from gmbot.store.models import Game

    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(game), encoding="utf-8")
    try:
        read_game_file(path)
    except GameFileError:
        return
    with tempfile.TemporaryDirectory() as home:
        app = open_app(Path(home))
        try:
            load_game(app, path)
            with app.db.transaction() as s:
                game_id = s.scalars(select(Game.id)).one()
            process_game(app, game_id, force=True)  # raises GameParked if it cannot
            with app.db.transaction() as s:
                assert s.scalars(select(Game.status)).one() != "parked"
        finally:
            app.db.dispose()


def test_the_package_gives_every_name_it_lists() -> None:
    # gmbot/gamefile/__init__.py imports a name's module when it is first asked for.
    import gmbot.gamefile as package

    for name in package.__all__:
        assert getattr(package, name) is not None, name
    with pytest.raises(AttributeError):
        package.no_such_name  # noqa: B018
