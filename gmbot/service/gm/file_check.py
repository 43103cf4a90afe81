"""Use case's first step: a game file read and checked against its variant and map (the
variant, powers, roles, sign-up seats, the position and the types of the options and of
the position's variant fields), every problem found reported at once."""

from __future__ import annotations

from pathlib import Path

from gmbot.engine.position import PositionError, state_from_dict, state_to_dict
from gmbot.engine.position_errors import position_errors
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.gamefile import GameFileError, GameSpec, LoadedFile, Problem, read_game_source
from gmbot.service.runtime import map_for
from gmbot.variants import VariantError, make_rules
from gmbot.variants.case_schema import type_problem


def check_spec(spec: GameSpec) -> dict[str, object] | None:
    """Validate what the file alone cannot: the variant, powers and the position against
    the map, and the types of the options and of the position's variant fields. Returns
    the position as data (None if the file has none)."""
    typed = _type_problems(spec)
    if any(p.path.startswith("options") for p in typed):
        raise GameFileError(typed)  # the rules would read them: nothing more to check
    try:
        return _against_variant(spec, typed)
    except GameFileError as e:
        found = e.problems
    except Exception:  # noqa: BLE001 - the rules met a value of a wrong type, named below
        if not typed:
            raise
        found = []
    # The variant's own words for a field it checks itself (Al-Andalus dinars) first.
    reported = {p.path for p in found}
    raise GameFileError([*found, *(p for p in typed if p.path not in reported)])


def _against_variant(spec: GameSpec, typed: list[Problem]) -> dict[str, object] | None:
    try:
        rules = make_rules(spec.variant, spec.options)
    except VariantError as e:
        path = "options" if "option" in str(e) else "variant"
        raise GameFileError([spec.problem(path, str(e))]) from None
    gmap = map_for(rules)
    problems = []
    for n, player in enumerate(spec.players):
        if player.power and player.power not in gmap.powers:
            problems.append(spec.problem(
                f"{spec.player_path(n)}.power",
                f"unknown power {player.power} (powers: {', '.join(gmap.powers)})",
            ))
        if player.role and player.role not in getattr(rules, "roles", ()):
            problems.append(spec.problem(f"{spec.player_path(n)}.role",
                                         f"{spec.variant} has no role {player.role!r}"))
        elif player.role and player.key in gmap.powers:
            # The engine knows a role player by his name: it must not be a power's key.
            problems.append(spec.problem(f"{spec.player_path(n)}.name",
                                         f"{player.name!r} is a power's name; a player with "
                                         f"a role needs another"))
    position = None
    state = None
    if spec.position is not None:
        state, errors = position_errors(spec.position, gmap)
        problems += [spec.problem(f"position.{e.path}", e.reason) for e in errors]
        if state is not None:
            try:
                position = seated(rules, spec, state)
            except PositionError as e:
                problems.append(spec.problem(f"position.{e.path}", e.reason))
    else:
        state = state_from_dict({}, gmap)  # the map's start: the variant may still need more
    if state is not None:
        for path, reason in rules.position_problems(state):
            # A problem of an option that the position cannot meet is the option's.
            where = path if path.startswith("options.") else f"position.{path}"
            problems.append(spec.problem(where, reason))
    problems += _signup_problems(spec, list(gmap.powers))
    problems += [spec.problem("bots.fill", m) for m in spec.bots.unknown_seats(
        list(gmap.powers), [(p.name or "").upper() for p in spec.players if p.role])]
    if problems or typed:
        raise GameFileError(problems)
    return position


def _signup_problems(spec: GameSpec, powers: tuple[str, ...] | list[str]) -> list[Problem]:
    """A sign-up game's open seats: powers of the map, as many as `seats` says."""
    if spec.signup is None:
        return []  # a player without an address is the file's own problem (required)
    problems = [spec.problem("players", f"unknown power {power} (powers: {', '.join(powers)})")
                for power in spec.open_powers if power not in powers]
    free = open_powers_of(spec, powers)
    if spec.signup.seats is not None and spec.signup.seats != len(free):
        problems.append(spec.problem("signup.seats", (
            f"the file leaves {len(free)} powers without a player "
            f"({', '.join(free) or 'none'}): seats must be {len(free)}")))
    elif not free:
        problems.append(spec.problem("signup", "every power has a player: no seat is open"))
    if spec.position is not None:
        problems.append(spec.problem("position", "a game open for sign-up starts from the "
                                                 "variant's own position"))
    if any(p.role for p in spec.players):
        problems.append(spec.problem("signup", "players with roles are seated by the file; "
                                               "sign-up by mail is for powers"))
    return problems


def open_powers_of(spec: GameSpec, powers: tuple[str, ...] | list[str]) -> list[str]:
    """The powers a sign-up game's file gives to no address: the seats to fill by mail."""
    taken = {p.power for p in spec.players}
    return [power for power in powers if power not in taken]


def _type_problems(spec: GameSpec) -> list[Problem]:
    """The types of the options and of the position's variant fields (a Wazir's dinars,
    a unit's colour...), checked first: the rules read them trusting their types."""
    typed = []
    found = type_problem({"options": spec.options})  # its path starts "options"
    if found:
        typed.append(spec.problem(*found))
    if spec.position is not None:
        found = type_problem(spec.position)
        if found:
            typed.append(spec.problem(f"position.{found[0]}", found[1]))
    return typed


def seated(rules: StandardRules, spec: GameSpec, state: GameState) -> dict[str, object]:
    """The position as data, with the variant's record of the file's role players."""
    roles = {p.key: p.role for p in spec.players if p.role}
    return state_to_dict(rules.seat_roles(state, roles) if roles else state)


def read_game_file(path: str | Path) -> tuple[GameSpec, dict[str, object] | None]:
    """The file's spec and position, checked against its variant; raises GameFileError
    with every problem at once: the file's own and, as far as it can be read, those
    against the variant and map."""
    loaded, position = read_checked(path)
    return loaded.spec, position


def read_checked(path: str | Path) -> tuple[LoadedFile, dict[str, object] | None]:
    """read_game_file's, with the text to keep (its passwords redacted)."""
    try:
        loaded = read_game_source(path)
    except GameFileError as e:
        more: list[Problem] = []
        if e.partial is not None:
            try:
                check_spec(e.partial)
            except GameFileError as found:
                more = found.problems
        if not more:
            raise
        raise GameFileError(sorted([*e.problems, *more], key=lambda p: p.line or 0)) from None
    return loaded, check_spec(loaded.spec)
