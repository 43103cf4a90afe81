"""The Capitalist economy (section 4): capitals, home centres, income, balances, bribe
limits and adjustment votes. Balances live in the position's per-power attributes:
`capital`, `balance` (the account at the end of its last movement phase) and
`income_phase` (the movement phase whose income is already in `balance`)."""

from __future__ import annotations

from typing import Any

from gmbot.engine.state import MOVEMENT, GameState, Phase

FIRST_ECONOMY_YEAR = 1898  # 4.1: the first year that pays
HOMES_FIXED_YEAR = 1899  # 3.1: home centres are fixed at the end of Fall 1899
INITIAL_YEAR = 1897  # 2: the initial adjustment, Winter 1897
CAPITAL_YEAR = 1896  # the pre-game capital phase is played as W1896A
INITIAL_VOTES = 10
PLAYER_VOTES = 5  # 6.1 and 6.10: what every player, eliminated or not, has


def attrs(state: GameState, power: str) -> dict[str, Any]:
    return state.power_attrs.get(power, {})


def capital(state: GameState, power: str) -> str | None:
    return attrs(state, power).get("capital")


def capitals(state: GameState) -> dict[str, str]:
    """power -> capital, for every power that has one."""
    return {p: c for p in state.powers if (c := capital(state, p))}


def homes_fixed(phase: Phase) -> bool:
    """Whether the game's `homes` are the home centres (from Winter 1899 on)."""
    return phase.year > HOMES_FIXED_YEAR or (
        phase.year == HOMES_FIXED_YEAR and phase.season == "W"
    )


def home_centres(state: GameState, power: str) -> set[str]:
    """Before the end of Fall 1899 the capital is the only home centre (3.1), with every
    other player's capital it controls (3.2; a ruling: from the Fall it falls)."""
    cap = capital(state, power)
    if not homes_fixed(state.phase):
        taken = {c for p, c in capitals(state).items()
                 if p != power and state.centers.get(c) == power}
        return ({cap} if cap else set()) | taken
    return set(state.homes.get(power, ())) | ({cap} if cap else set())


def fix_homes(state: GameState, centers: dict[str, str]) -> GameState:
    """3.1, 3.2: each player's capital and every centre it controls at the end of Fall
    1899; a capital held by another player is a home centre of both."""
    homes = dict(state.homes)
    for power, cap in capitals(state).items():
        owned = {c for c, o in centers.items() if o == power}
        homes[power] = tuple(sorted(owned | {cap}))
    return state.with_(homes=homes)


def centre_value(state: GameState, power: str, centre: str) -> int:
    """What one controlled centre pays in a movement season of the state's year (4.1-4.3)."""
    year = state.phase.year
    cap = capital(state, power)
    if year < FIRST_ECONOMY_YEAR:
        return 0
    if year == FIRST_ECONOMY_YEAR:
        return 2 if centre == cap else 0
    if year == HOMES_FIXED_YEAR:
        # Every centre held in 1899 is a home centre to be (ruling: 4.2's "other HSC").
        return 3 if centre == cap else 2
    if centre == cap:
        return 5
    return 3 if centre in home_centres(state, power) else 2


# The incomes of the last state asked about: every order line, every bribe and the notes
# ask again. A state is never changed in place, so its identity is the key; the state is
# held with its figures, so no other state can take its identity while they are kept.
_incomes: tuple[GameState | None, dict[str, int]] = (None, {})


def income(state: GameState, power: str) -> int:
    """4.4: only controlled centres pay."""
    global _incomes
    memo = _incomes
    if memo[0] is not state:
        # Every power is asked about: the centres are grouped by owner in one pass.
        owned: dict[str, list[str]] = {}
        for c, o in state.centers.items():
            owned.setdefault(o, []).append(c)
        memo = _incomes = (state, {p: _income(state, p, owned.get(p, []))
                                   for p in state.powers})
    found = memo[1].get(power)
    if found is None:
        found = memo[1][power] = _income(
            state, power, [c for c, o in state.centers.items() if o == power])
    return found


def _income(state: GameState, power: str, owned: list[str]) -> int:
    """`centre_value` summed over the power's centres (`owned`), capital and homes looked
    up once."""
    year = state.phase.year
    if year < FIRST_ECONOMY_YEAR:
        return 0
    cap = capital(state, power)
    if year == FIRST_ECONOMY_YEAR:
        return 2 if cap in owned else 0
    if year == HOMES_FIXED_YEAR:
        return 2 * len(owned) + (1 if cap in owned else 0)
    homes = home_centres(state, power)
    return sum(5 if c == cap else 3 if c in homes else 2 for c in owned)


def balance(state: GameState, power: str) -> int:
    return int(attrs(state, power).get("balance", 0))


def income_due(state: GameState, power: str) -> int:
    """The income this movement phase adds, 0 when it is already in the balance."""
    if state.phase.kind != MOVEMENT:
        return 0
    paid = attrs(state, power).get("income_phase")
    if paid is not None and paid == str(state.phase):
        return 0
    return income(state, power)


def available(state: GameState, power: str) -> int:
    """4.5: the money a player may spend in the current movement phase."""
    global _available
    memo = _available
    if memo[0] is not state:
        memo = _available = (state, {})
    found = memo[1].get(power)
    if found is None:
        found = memo[1][power] = balance(state, power) + income_due(state, power)
    return found


# As `_incomes`: asked for every order line.
_available: tuple[GameState | None, dict[str, int]] = (None, {})


def bribe_limit(phase: Phase) -> int:
    """5.1-5.4: units a player may bribe this movement phase."""
    if phase.year <= FIRST_ECONOMY_YEAR:
        return 0
    if phase.year == HOMES_FIXED_YEAR:
        return 1 if phase.season == "S" else 2
    return 3


def vote_budget(state: GameState, power: str) -> int:
    """6.1: 5 votes, 5 for the capital, 3 per home centre, 2 per other controlled centre;
    an eliminated player keeps the 5 (6.10). The initial adjustment gives 10 (2.1)."""
    if state.phase.year <= INITIAL_YEAR:
        return INITIAL_VOTES
    cap = capital(state, power)
    homes = home_centres(state, power)
    total = PLAYER_VOTES
    for centre, owner in state.centers.items():
        if owner == power:
            total += 5 if centre == cap else 3 if centre in homes else 2
    return total


def no_build_allowed(phase: Phase) -> bool:
    """6.5: 'no build' votes count from 1900 on."""
    return phase.year >= 1900


def is_capital_phase(state: GameState) -> bool:
    return state.phase.year <= CAPITAL_YEAR


def is_initial_adjustment(state: GameState) -> bool:
    return state.phase.year == INITIAL_YEAR and state.phase.season == "W"
