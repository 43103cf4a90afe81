"""A standard game in the saved-game JSON of the MILA `diplomacy` engine: the form its
`diplomacy.utils.export.to_saved_game_format` writes and `from_saved_game_format` reads
(id, map, rules, and per phase its name, state, orders, results and messages), which
research tools and bots read. Written by hand from that documented shape: the engine is
a test and benchmark tool here, never imported by gmbot.

Province and coast names are the same on both sides (gmbot's standard map was checked
against MILA's). Orders are the ones adjudicated: a refused line is the hold it became, a
convoyed move ends in VIA, builds are `A PAR B`, removals `A DEN D` (also those civil
disorder made, so that a replay makes the same), unused builds `WAIVE`."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from gmbot.engine.map import GameMap

# Options that leave the standard board and its rules as MILA plays them.
NEUTRAL_OPTIONS = ("solo", "seed")
# gmbot's order results -> MILA's (an empty list: the order succeeded).
RESULT_CODES = {
    "succeeds": [], "no_order": [], "civil_disorder": [], "bounced": ["bounce"],
    "no_convoy": ["no convoy"], "cut": ["cut"], "void": ["void"], "fails": ["void"],
    "disrupted": ["disrupted"], "dislodged": ["dislodged"], "disbanded": ["disband"],
}


class MilaError(ValueError):
    pass


def check_standard(variant: str, options: dict[str, Any], map_name: str) -> None:
    """Refuse a game MILA cannot replay: another variant or map, or an option that changes
    the board or the rules."""
    if variant != "standard" or map_name != "standard":
        raise MilaError(f"the MILA form holds standard games only; this game is {variant}")
    changing = sorted(k for k, v in options.items() if k not in NEUTRAL_OPTIONS and v)
    if changing:
        raise MilaError(f"the MILA form holds standard games only; option "
                        f"{', '.join(changing)} changes the rules")


def saved_game(data: dict[str, Any], gmap: GameMap) -> dict[str, Any]:
    """The MILA saved game of a standard game, from its full export data."""
    game = data["game"]
    rules = ["NO_PRESS"] if (game["press"] or {}).get("allowed") == "none" else []
    powers = list(gmap.powers)
    rows = [p for p in data["phases"] if not p.get("superseded")]
    messages = _messages(data, powers)
    phases = []
    retreats: dict[str, list[str]] = {}  # a retreat phase's options, from the move before
    for row in rows:
        state = _state(row["position"], row, gmap, powers, retreats, game["name"], rules)
        result = row["result"]
        orders, results = (_orders(row, result, powers, state["builds"]) if result
                           else ({p: [] for p in powers}, {}))
        phases.append({"name": row["name"], "state": state, "orders": orders,
                       "results": results, "messages": messages.get(row["name"], [])})
        retreats = {u: d.get("retreats", []) for u, d in (result or {}).get(
            "dislodged", {}).items()}
    last = rows[-1] if rows else None
    if last and last["result"] and game["status"] == "finished":
        # The game ended with this phase (a solo): MILA's last phase is COMPLETED.
        position = last["result"]["position"]
        state = _state(position, {"name": "COMPLETED", "opened_at": last["processed_at"]},
                       gmap, powers, {}, game["name"], rules)
        phases.append({"name": "COMPLETED", "state": state,
                       "orders": {p: [] for p in powers}, "results": {}, "messages": []})
    return {"id": game["name"], "map": "standard", "rules": rules, "phases": phases}


def _state(position: dict[str, Any], row: dict[str, Any], gmap: GameMap, powers: list[str],
           retreats: dict[str, list[str]], game_id: str, rules: list[str]) -> dict[str, Any]:
    units = {p: [_unit(u) for u in position.get("units", {}).get(p, [])] for p in powers}
    away: dict[str, dict[str, list[str]]] = {p: {} for p in powers}
    for unit, d in (position.get("dislodged") or {}).items():
        units[d["power"]].append(f"*{unit}")
        away[d["power"]][unit] = list(retreats.get(unit, []))
    centres = {p: list(position.get("centers", {}).get(p, [])) for p in powers}
    homes = {p: list((position.get("homes") or {}).get(p, gmap.powers[p].homes))
             for p in powers}
    name = row["name"]
    builds: dict[str, dict[str, Any]] = {}
    occupied = {u.split()[1][:3] for us in units.values() for u in us}
    for p in powers:
        count = len(centres[p]) - len(units[p]) if name.endswith("A") else 0
        sites = [h for h in homes[p] if h in centres[p] and h not in occupied] if count > 0 \
            else []
        builds[p] = {"count": min(count, len(sites)) if count > 0 else count, "homes": sites}
    return {
        "timestamp": _micros(row.get("opened_at")), "note": "", "name": name,
        "units": units, "retreats": away, "centers": centres, "homes": homes,
        "influence": {p: sorted({*centres[p], *(u.lstrip("*").split()[1][:3]
                                                for u in units[p])}) for p in powers},
        "civil_disorder": {p: 0 for p in powers}, "builds": builds,
        "game_id": game_id, "map": "standard", "rules": rules,
    }


def _unit(entry: Any) -> str:
    return str(entry["unit"] if isinstance(entry, dict) else entry)


def _orders(row: dict[str, Any], result: dict[str, Any], powers: list[str],
            builds: dict[str, dict[str, Any]]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    position = row["position"]
    owner = {_unit(u): p for p, us in position.get("units", {}).items() for u in us}
    owner.update({u: d["power"] for u, d in (position.get("dislodged") or {}).items()})
    orders: dict[str, list[str]] = {p: [] for p in powers}
    results: dict[str, list[str]] = {}
    dislodged = result.get("dislodged", {})
    for unit, order in result.get("orders", {}).items():
        code = result.get("order_results", {}).get(unit, "succeeds")
        if row["name"].endswith("A"):
            continue  # adjustments are built from what was built and removed, below
        orders.setdefault(owner.get(unit, "?"), []).append(_order(order))
        codes = list(RESULT_CODES.get(code, ["void"]))
        if code == "bounced" and row["name"].endswith("R"):
            codes = ["bounce", "disband"]  # two retreats to one place: both disbanded
        if unit in dislodged and "dislodged" not in codes:
            codes.append("dislodged")
        results[unit] = codes
    if row["name"].endswith("A"):
        after_owner = {_unit(u): p for p, us in result["position"].get("units", {}).items()
                       for u in us}
        for unit in result.get("built", []):
            orders[after_owner[unit]].append(f"{unit} B")
            results[unit] = []
        for unit in result.get("removed", []):
            orders[owner[unit]].append(f"{unit} D")
            results[unit] = []
        built = {p: sum(1 for u in result.get("built", []) if after_owner[u] == p)
                 for p in powers}
        for p in powers:  # the builds a power could make and did not
            orders[p].extend(["WAIVE"] * max(0, builds[p]["count"] - built[p]))
    return orders, results


def _order(text: str) -> str:
    return text[: -len(" CONVOY")] if text.endswith(" VIA CONVOY") else text


def _messages(data: dict[str, Any], powers: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The public press, broadcasts signed by a power, by the phase it was sent in: a
    list in the order sent, each with its time in microseconds (MILA keys a phase's
    messages by it, so no two share one)."""
    out: dict[str, list[dict[str, Any]]] = {}
    last = 0
    for p in data["press"]:
        sender = p.get("sender_key")
        if not p["broadcast"] or p["grey"] or sender not in powers:
            continue
        when = max(_micros(p["created_at"]), last + 1)
        last = when
        out.setdefault(p["phase"], []).append(
            {"sender": sender, "recipient": "GLOBAL", "time_sent": when, "phase": p["phase"],
             "message": p["text"]})
    return out


def _micros(at: str | None) -> int:
    return int(datetime.fromisoformat(at).timestamp() * 1_000_000) if at else 0
