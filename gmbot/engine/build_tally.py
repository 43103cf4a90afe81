"""What became of a power's builds in a winter, as typed facts: how many it could make,
how many it made and waived, and the build orders that were refused at the adjustments
(lost). The rules' `build_tally_words` hook tells the power from it what its own orders
left unsaid (a build not ordered is waived), in its private section of the results."""

from __future__ import annotations

import msgspec

from gmbot.engine.orders import Build, Order, Waive


class BuildTally(msgspec.Struct, frozen=True):
    power: str
    owed: int  # the builds it could make (the variant's extra ones counted)
    built: int
    waived: int  # the WAIVE orders it gave
    lost: tuple[str, ...] = ()  # its build orders refused at the adjustments

    @property
    def unused(self) -> int:
        """The builds neither made nor waived by an order of the power's."""
        return max(self.owed - self.built - self.waived, 0)


def _builds(n: int) -> str:
    return "1 build" if n == 1 else f"{n} builds"


def _was(n: int) -> str:
    return "was" if n == 1 else "were"


def tally_words(tally: BuildTally) -> str:
    """The standard words: "You could build 2 and built 1: the other build was not used
    (waived)." Nothing when every build was made or waived by the power's own orders."""
    unused = tally.unused
    if not unused:
        return ""
    lost = min(len(tally.lost), unused)
    idle = unused - lost
    made = f"built {tally.built}" if tally.built else "built none"
    head = (f"You could build {tally.owed}, {made} and waived {tally.waived}" if tally.waived
            else f"You could build {tally.owed} and {made}")
    # Who the rest is: "the other build", "both builds", "the 2 other builds".
    if tally.owed == 1:
        rest = "the build"
    elif unused == tally.owed:
        rest = "both builds" if unused == 2 else f"all {unused} builds"
    else:
        rest = "the other build" if unused == 1 else f"the other {unused} builds"
    refused = ", ".join(tally.lost[:lost])
    if not lost:
        tail = f"{rest} {_was(idle)} not used (waived)"
    elif not idle:
        tail = f"{rest} {_was(lost)} lost, since {refused} {_was(lost)} refused"
    else:
        tail = (f"{_builds(lost)} {_was(lost)} lost, since {refused} {_was(lost)} refused, "
                f"and {_builds(idle)} {_was(idle)} not used (waived)")
    return f"{head}: {tail}."


def tallies(counts: dict[str, int], given: list[Order], made: list[Order],
            refused: list[Order], built: list[str]) -> list[BuildTally]:
    """Each power with builds to make (`counts`), from the orders it gave (before a
    variant's `adjustment_orders` took any away: a home-centre change that voids a build)
    and what the adjustments made of them: the orders `made` and `refused`, and `built`
    the powers of the units built."""
    done = {id(o) for o in made}
    undone = {id(o) for o in refused}
    tallied = []
    for power, owed in sorted(counts.items()):
        if owed <= 0:
            continue
        mine = [o for o in given if o.power == power]
        waived = sum(1 for o in mine if isinstance(o, Waive) and id(o) not in undone)
        lost = tuple(sorted(str(o) for o in mine if isinstance(o, Build) and id(o) not in done))
        tallied.append(BuildTally(power, owed, built.count(power), waived, lost))
    return tallied
