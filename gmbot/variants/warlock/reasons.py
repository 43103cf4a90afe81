"""What a spell did to a unit's order, in a player's words: the facts (engine/report.py)
the results print beside a surprising result and EXPLAIN tells. A fact of a secret cast
is seen only by those who may know of it; one naming a unit a viewer may not see is never
shown him (views/results.py)."""

from __future__ import annotations

from typing import Any

from gmbot.engine.orders import Build, Move, Order, SupportHold, SupportMove
from gmbot.engine.report import CUT, SUPPORT
from gmbot.engine.resolve import Resolution
from gmbot.engine.state import Phase, Unit
from gmbot.variants.warlock.log import fact
from gmbot.variants.warlock.naming import ghost_key
from gmbot.variants.warlock.spells import ATTACK, Cast


def secret_to(turn: dict[str, Any], cast: Cast, unit: Unit) -> tuple[str, ...] | None:
    """Who may know of a cast on `unit`: everyone, unless its caster keeps it secret."""
    return (cast.power, unit.power) if str(cast) in turn.get("secret", ()) else None


def stood_impervious(turn: dict[str, Any], unit: Unit) -> None:
    fact(turn, str(unit), "impervious this turn: an impervious unit stands, so its move was "
                          "not carried out", "impervious", seen_by=(unit.power,))


def made_invisible(turn: dict[str, Any], unit: Unit) -> None:
    fact(turn, str(unit), "made invisible by its owner's spell: only he sees it, until a "
                          "bounce or a support shows it", "invisible", surprise=False,
         seen_by=(unit.power,))


def any_terrain(turn: dict[str, Any], cast: Cast, unit: Unit, until: str) -> None:
    how = "walks on water" if cast.spell == "walk_water" else "swims in land"
    fact(turn, str(unit), f"it {how} until {until}: it may move where its kind could not",
         cast.spell, surprise=False, seen_by=secret_to(turn, cast, unit))


def destroyed(turn: dict[str, Any], unit: Unit, how: str) -> None:
    """A unit vaporized or destroyed by the bottle before the battle (`how`)."""
    what = ("a VAPORIZE spell destroyed it" if how == "vaporized"
            else "the spun bottle pointed at its province")
    fact(turn, str(unit), f"{what} before the battle: it carried out no order",
         how.split()[0])


def supports_added(turn: dict[str, Any], cast: Cast, unit: Unit, n: int) -> None:
    """Supports a spell adds to the unit's order, kept until the battle shows whether they
    counted (supports_counted): a cast for a hold adds nothing to a move."""
    dest = cast.order.dest_prov if isinstance(cast.order, Move) else None
    turn.setdefault("added", {}).setdefault(str(unit), []).append(
        [cast.spec.word, n, dest, secret_to(turn, cast, unit)])


def supports_counted(turn: dict[str, Any], res: Resolution) -> None:
    """Beside each order whose strength a spell raised: a battle it decided reads as one
    a standard player would judge otherwise."""
    for i, unit in enumerate(res.units):
        name = turn["rename"].get(str(unit), str(unit))  # its name at the turn's start
        order = res.orders[i]
        going = order.dest_prov if isinstance(order, Move) else None
        for word, n, dest, seen_by in turn.get("added", {}).get(name, ()):
            if dest == going:
                more = "one support" if n == 1 else f"{n} supports"
                fact(turn, name, f"{word} cast on it: {more} more than its orders had",
                     word.lower(), kind=SUPPORT,
                     seen_by=tuple(seen_by) if seen_by is not None else None)


def support_cut(turn: dict[str, Any], order: Order, name: str) -> None:
    """A support cut by CUT SUPPORT (no attack needed), in the row `name`: its owner and
    the casters know."""
    if isinstance(order, SupportMove):
        side, where = ATTACK, order.dest_prov
    else:
        assert isinstance(order, SupportHold)
        side, where = "DEFENCE", order.target
    fact(turn, name, f"cut by a CUT SUPPORT spell on {side} {where}: no attack was needed",
         "cut support", seen_by=(order.power, *turn.get("cutters", ())), kind=CUT)


def support_lost(turn: dict[str, Any], order: Order, name: str, supported: Order) -> None:
    """The same cut in the EXPLAIN of the unit that lacked the support: its owner reads
    what his hold or attack lacked (the spell's cast is public; the supporting unit is
    named, so a viewer who may not see it is not told)."""
    if isinstance(order, SupportMove):
        side, where = ATTACK, order.dest_prov
    else:
        assert isinstance(order, SupportHold)
        side, where = "DEFENCE", order.target
    seen = (order.power, supported.power, *turn.get("cutters", ()))
    fact(turn, f"{supported.utype} {supported.loc}",
         f"{name}'s support was cut by a CUT SUPPORT spell on {side} {where}",
         "cut support", surprise=False, seen_by=tuple(dict.fromkeys(seen)), kind=SUPPORT,
         names=(name,))


def kept_out(turn: dict[str, Any], order: Order, into: str, why: str, ruin: bool) -> None:
    """A move or support into a closed province (a catastrophe, the bottle's ruin), or
    into the illusionist's own swap (`why` "void")."""
    name = f"{order.utype} {order.loc}"
    if why == "void":
        fact(turn, name, f"its own illusion swapped {into}: an illusionist may not move or "
                         "support into it", "illusion", seen_by=(order.power,))
        return
    closed = "the bottle's ruin" if ruin else "a catastrophe"
    fact(turn, name, f"{into} is closed by {closed} this turn: no unit may enter it",
         "blocked")


def dislodged_ahead(turn: dict[str, Any], unit: str, attacker: str) -> None:
    """A unit dislodged by a double order's first leg, before the battle."""
    fact(turn, unit, f"dislodged before the battle by the first leg of {attacker}'s double "
                     "order: it carried out no order", "double orders", names=(attacker,))


def stayed_in_catastrophe(turn: dict[str, Any], unit: Unit) -> None:
    name = turn["rename"].get(str(unit), str(unit))  # its name at the start of the turn
    fact(turn, name, "it stayed in a catastrophe's province, which destroys a unit that "
                     "stays", "catastrophe")
    lost(turn, name, "destroyed")


def lost(turn: dict[str, Any], name: str, code: str) -> None:
    """A unit lost after the battle: its row reads `code`, not the "succeeds" of the order
    it carried out (the trial of 3 December 2026: "A GAL H: succeeds" for a lost unit)."""
    turn.setdefault("lost", {})[name] = code


def stranded(turn: dict[str, Any], unit: Unit, code: str) -> None:
    """An army still at sea (drowned) or a fleet still on land (beached) at the end of its
    walk on water or swim in land."""
    name = turn["rename"].get(str(unit), str(unit))
    where = ("it was still at sea when its WALK ON WATER ended" if code == "drowned" else
             "it was still on land when its SWIM IN LAND ended: it claims the centre it "
             "stands on")
    fact(turn, name, where, code)
    lost(turn, name, code)


def balloons_collided(turn: dict[str, Any], name: str, dest: str) -> None:
    """A balloon's drift that met another, in the row `name` (naming.py's balloon_key)."""
    fact(turn, name, f"another balloon drifted over {dest} too: balloons that meet "
                          "collide and both drop to the map where they were", "balloon")


def landed_on_a_unit(turn: dict[str, Any], name: str, prov: str, there: str,
                     moved: bool) -> None:
    """A balloon that came down after the battle on a province another unit held."""
    how = "had moved in" if moved else "stayed"
    fact(turn, name, f"it came down on {prov}, where {there} {how}: a balloon that lands "
                     "on an occupied province is dislodged", "balloon", names=(there,))


def dropped_where_it_cannot_stand(turn: dict[str, Any], unit: Unit, name: str) -> None:
    kind = "an army" if unit.type == "A" else "a fleet"
    fact(turn, name, f"its balloon came down over a place where {kind} cannot stand: "
                          "it is destroyed", "balloon")


def carried_two_orders(turn: dict[str, Any], unit: str) -> None:
    fact(turn, unit, "a DOUBLE ORDERS spell: its first order was carried out before the "
                     "battle, its second in it", "double orders", surprise=False)


def ghost_moved(turn: dict[str, Any], unit: Unit, faded: bool) -> None:
    """A ghost's order, told its owner only (to the others it is a real unit)."""
    words = ("a ghost: it moves but never blocks nor dislodges, and fades into mist when "
             "it meets another unit")
    if faded:
        words += ": it met one and faded"
    fact(turn, ghost_key(str(unit)), words, "ghost", surprise=faded, seen_by=(unit.power,))


def ghost_faded(turn: dict[str, Any], unit: Unit, phase: Phase) -> None:
    """A ghost gone at the year's end, told its owner as his ghost's last fact (EXPLAIN of
    the phase it faded in, which has no row of it: the words follow its name, "Your ghost
    F EDI faded ..."); the public line says only that it was a ghost."""
    fact(turn, ghost_key(str(unit)), f"faded into mist at the end of {phase.year}, in the "
                                     f"{phase.long()} results: a ghost lasts until the "
                                     "year's end", "ghost",
         surprise=False, seen_by=(unit.power,))


def rose(turn: dict[str, Any], name: str) -> None:
    fact(turn, name, "a BALLOON spell lifted it into the air: there it cannot be attacked "
                     "nor support, and it drifts or lands when ordered", "balloon",
         surprise=False)


def drifted(turn: dict[str, Any], name: str, dest: str) -> None:
    fact(turn, name, f"in a balloon, it drifted over {dest}: in the air it cannot be "
                          "attacked nor support, and it comes down when ordered to LAND",
         "balloon", surprise=False)


def home_moved(turn: dict[str, Any], unit: Unit, centre: str, where: str, dest: str) -> None:
    """A unit standing where a home centre was moved from or to this turn."""
    name = turn["rename"].get(str(unit), str(unit))  # its name at the start of the turn
    fact(turn, name, f"a MOVE HOME SC spell moved the home centre {centre} from {where} to "
                     f"{dest}: it lies in {dest} now, owned by whoever stands there after "
                     "the Fall", "move home", surprise=False)


def built_where_moved(turn: dict[str, Any], centres: dict[str, str],
                      orders: list[Order]) -> None:
    """A build in the province a home centre was moved to (`centres`: centre -> where it
    lies; no centre on the map there): the public `BUILD A SYR: succeeds` says why."""
    moved = {where: centre for centre, where in centres.items()}
    for order in orders:
        if isinstance(order, Build) and order.prov in moved:
            fact(turn, order.unit_text, f"the home centre {moved[order.prov]} lies in "
                                        f"{order.prov}, moved by CAST MOVE HOME SC",
                 "move home")
