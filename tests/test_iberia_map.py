"""The Iberia map of Al-Andalus Diplomacy (gmbot/maps/iberia.yaml), through the engine."""

from collections import deque

import pytest

from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.adjust import civil_disorder_order
from gmbot.engine.map import COAST, LAND, SEA, load_map, norm_name
from gmbot.engine.parse import OrderParser
from gmbot.engine.position import state_from_dict
from gmbot.engine.rules import StandardRules


class IberiaRules(StandardRules):
    """Standard rules on the Iberia map (no "al-andalus" variant is registered yet)."""

    name = "iberia-test"
    map_name = "iberia"


HOMES = {
    "CASTILLE": {"BUR", "GAL", "LEO"},
    "ZARAGOZA": {"LLE", "TOR", "ZAR"},
    "BADAJOZ": {"BAD", "EVO", "LIS"},
    "SEVILLE": {"CAD", "NIE", "SEV"},
    "GRANADA": {"GRA", "JAE", "MAL"},
}
NEUTRAL = {"BAR", "COI", "COR", "CUE", "MAD", "MUR", "PAM", "SAL", "SIL", "TOL", "VAL", "ALM"}
# Undirected borders, as the draft gives them (its "both" rows count in each section).
ARMY_BORDERS = 99
FLEET_BORDERS = 55


@pytest.fixture(scope="module")
def gmap():
    return load_map("iberia")


def _edges(adj):
    return {frozenset((a, b)) for a, bs in adj.items() for b in bs}


# -- header, centres, powers ------------------------------------------------------------


def test_header(gmap):
    assert gmap.name == "iberia"
    assert gmap.title
    assert gmap.solo == 14
    assert gmap.start == "S1080M"
    assert len(gmap.provinces) == 51
    types = [p.type for p in gmap.provinces.values()]
    assert (types.count(LAND), types.count(COAST), types.count(SEA)) == (23, 19, 9)


def test_supply_centres(gmap):
    assert len(gmap.supply_centres) == 27
    assert set(gmap.powers) == set(HOMES)
    homes = gmap.home_centres()
    for power, expected in HOMES.items():
        assert len(homes[power]) == 3
        assert set(homes[power]) == expected
        assert expected <= gmap.supply_centres
    all_homes = set().union(*HOMES.values())
    assert len(all_homes) == 15
    neutral = gmap.supply_centres - all_homes
    assert len(neutral) == 12
    assert neutral == NEUTRAL
    assert gmap.solo * 2 > len(gmap.supply_centres)


def test_powers_have_names(gmap):
    castille = gmap.powers["CASTILLE"]
    assert castille.name == "Kingdom of Castille"
    for key in ("ZARAGOZA", "BADAJOZ", "SEVILLE", "GRANADA"):
        assert gmap.powers[key].name == f"Taifa of {key.title()}"
    for text, key in [
        ("Castile", "CASTILLE"), ("castille", "CASTILLE"), ("Kingdom of Castile", "CASTILLE"),
        ("Castilian", "CASTILLE"), ("Zarazoga", "ZARAGOZA"), ("Saragossa", "ZARAGOZA"),
        ("taifa of badajoz", "BADAJOZ"), ("Sevilla", "SEVILLE"), ("Granadan", "GRANADA"),
    ]:
        assert gmap.power(text) == key, text


def test_starting_units_stand_on_home_centres_and_are_legal(gmap):
    for key, power in gmap.powers.items():
        assert len(power.units) == 3
        provs = []
        for unit in power.units:
            utype, loc = unit.split()
            prov = loc.split("/")[0]
            provs.append(prov)
            assert prov in power.homes, unit
            assert prov in gmap.supply_centres, unit
            if utype == "F":
                assert loc in gmap.fleet_locations(prov), unit
                assert gmap.provinces[prov].type == COAST, unit
            else:
                assert utype == "A", unit
                assert gmap.provinces[prov].type in (LAND, COAST), unit
        assert sorted(provs) == sorted(power.homes), key
    # The engine builds the opening position from the map.
    state = state_from_dict({}, gmap)
    assert str(state.phase) == "S1080M"
    assert len(state.units) == 15
    assert {str(u) for u in state.units_of("SEVILLE")} == {"A SEV", "A NIE", "F CAD"}


# -- adjacencies ------------------------------------------------------------------------


def test_border_counts_and_symmetry(gmap):
    army, fleet = _edges(gmap.army_adj), _edges(gmap.fleet_adj)
    assert len(army) == ARMY_BORDERS
    assert len(fleet) == FLEET_BORDERS
    for adj in (gmap.army_adj, gmap.fleet_adj):
        for a, bs in adj.items():
            assert a not in bs
            for b in bs:
                assert a in adj[b], (a, b)


def test_armies_move_on_land_and_fleets_by_sea(gmap):
    provinces = gmap.provinces
    for a, bs in gmap.army_adj.items():
        for p in (a, *bs):
            assert provinces[p].type in (LAND, COAST), p
    for a, bs in gmap.fleet_adj.items():
        for p in (a, *bs):
            assert provinces[p].type in (COAST, SEA), p
        # A fleet moving between two coasts follows a shared stretch of coast: some sea
        # touches both.
        if provinces[a].type == COAST:
            for b in bs:
                if provinces[b].type == COAST:
                    assert _seas(gmap, a) & _seas(gmap, b), (a, b)
    # No province has split coasts on this map.
    assert all(not p.coasts for p in provinces.values())


def _seas(gmap, prov):
    return {p for p in gmap.fleet_prov_adj.get(prov, ()) if gmap.is_sea(p)}


def test_every_sea_touches_a_coast_and_every_coast_a_sea(gmap):
    for code, prov in gmap.provinces.items():
        if prov.type == SEA:
            touching = [p for p in gmap.fleet_prov_adj[code] if gmap.provinces[p].type == COAST]
            assert touching, code
        elif prov.type == COAST:
            assert _seas(gmap, code), code
        else:
            assert code not in gmap.fleet_adj, code


def test_seas_are_one_body_of_water(gmap):
    seas = {c for c, p in gmap.provinces.items() if p.type == SEA}
    start = min(seas)
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in gmap.fleet_prov_adj[todo.popleft()]:
            if nxt in seas and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == seas


def test_armies_reach_every_land_province_over_land_and_convoy(gmap):
    provinces = gmap.provinces
    land = {c for c, p in provinces.items() if p.type in (LAND, COAST)}
    seas = {c for c, p in provinces.items() if p.type == SEA}
    adj = {c: set(gmap.army_adj.get(c, ())) for c in land}
    # A convoy carries an army from one coast to any coast of the same body of water.
    for sea in seas:
        coasts = {p for p in gmap.fleet_prov_adj[sea] if p in land}
        for c in coasts:
            adj[c] |= coasts - {c}
    start = "LEO"
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in adj[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == land
    # Mallorca is an island: no army borders, reached only by sea.
    assert "MLL" not in gmap.army_adj
    assert _seas(gmap, "MLL") == {"BAL", "GOV", "WMD"}
    # Without convoys, every other land province is still one connected piece.
    mainland = land - {"MLL"}
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in gmap.army_adj[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == mainland


def test_evidenced_borders(gmap):
    """The six borders used by orders in the Fall 1085 results."""
    for a, b in [("TOL", "SAL"), ("CUE", "MAD"), ("AZU", "COR"), ("CAR", "MAL"), ("JAE", "ALE")]:
        assert b in gmap.army_adj[a], (a, b)
    assert "SOG" in gmap.fleet_adj["CAD"]
    assert gmap.provinces["SOG"].type == SEA


# -- names ------------------------------------------------------------------------------


def _all_names(gmap):
    for code, prov in gmap.provinces.items():
        for text in (code, prov.name, *prov.aliases):
            yield code, text


def test_every_province_has_a_full_name(gmap):
    for code, prov in gmap.provinces.items():
        assert len(code) == 3 and code.isupper() and code.isalpha(), code
        assert prov.name and prov.name != code, code


def test_no_two_provinces_share_a_name_or_alias(gmap):
    owner: dict[str, str] = {}
    for code, text in _all_names(gmap):
        key = norm_name(text)
        assert owner.setdefault(key, code) == code, (
            f"{text!r} of {code} collides with {owner[key]}"
        )
    # The brief's looser key (case, spaces, dots, hyphens) also finds no collision.
    loose: dict[str, str] = {}
    for code, text in _all_names(gmap):
        key = "".join(ch for ch in text.upper() if ch not in " .-")
        assert loose.setdefault(key, code) == code, text


def test_no_two_powers_share_a_name_or_alias(gmap):
    owner: dict[str, str] = {}
    for key, power in gmap.powers.items():
        for text in (key, power.name, power.adjective, *power.aliases):
            assert owner.setdefault(norm_name(text), key) == key, text


def test_every_name_and_alias_parses_in_an_order(gmap):
    parser = OrderParser.for_map(gmap)
    for code, text in _all_names(gmap):
        assert gmap.province(text) == code, text
        order = parser.parse(f"F {text} H", "CASTILLE")
        assert order.prov == code, text
        order = parser.parse(f"A LEO - {text}", "CASTILLE")
        assert order.dest == code, text


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Seville", "SEV"), ("Sevilla", "SEV"), ("Ishbiliya", "SEV"), ("Cádiz", "CAD"),
        ("Cordova", "COR"), ("Qurtuba", "COR"), ("Saragossa", "ZAR"), ("Lerida", "LLE"),
        ("Lisboa", "LIS"), ("Navarre", "PAM"), ("Majorca", "MLL"), ("Mediterranean", "WMD"),
        ("SoG", "SOG"), ("Straits of Gibraltar", "SOG"), ("Gulf of Cadiz", "GOC"),
        ("Cape St Vincent Sea", "CSV"), ("cape st. vincent", "CSV"), ("al-Andalus", None),
    ],
)
def test_sample_names(gmap, text, code):
    assert gmap.province(text) == code


# -- civil disorder ---------------------------------------------------------------------


CD_POSITION = {
    "phase": "W1081A",
    "units": {"CASTILLE": ["A LEO", "A TOL", "A COR", "F SOG", "F BAL"]},
    "centers": {"CASTILLE": ["LEO", "GAL"], "SEVILLE": ["SEV", "CAD", "NIE"]},
}


def test_civil_disorder_removes_the_farthest_unit_first(gmap):
    state = state_from_dict(CD_POSITION, gmap)
    homes = frozenset(HOMES["CASTILLE"])
    army = gmap.distances_from(homes, army=True)
    fleet = gmap.distances_from(homes, army=False)
    # Castille's homes are in the north-west. A fleet counts fleet moves only: BAL is seven
    # seas and coasts away round the peninsula (an army there would count 4 through land).
    assert fleet["BAL"] == 7 and army["BAL"] == 4
    assert fleet["SOG"] == 4 and army["COR"] == 4 and army["TOL"] == 2 and army["LEO"] == 0
    order = [str(u) for u in civil_disorder_order(state, "CASTILLE")]
    assert order[0] == "F BAL"
    # Then F SOG before A COR (equal distance, fleets first), A TOL, and A LEO at home.
    assert order == ["F BAL", "F SOG", "A COR", "A TOL", "A LEO"]


def test_civil_disorder_in_the_adjustment_phase(gmap):
    state = state_from_dict(CD_POSITION, gmap)
    result = adjudicate(state, IberiaRules(), {})
    # Two centres, five units: the three farthest go.
    assert result.civil_disorder == ["F BAL", "F SOG", "A COR"]
    assert {str(u) for u in result.after.units.values()} == {"A LEO", "A TOL"}
    assert str(result.after.phase) == "S1082M"


# -- the opening ------------------------------------------------------------------------


OPENING = {
    "CASTILLE": ["A LEO - ZAM", "A BUR - MED", "F GAL - ATL"],
    "ZARAGOZA": ["A ZAR - MED", "A LLE - BAR", "F TOR - GOV"],
    "BADAJOZ": ["A BAD - AZU", "A EVO - SIL", "F LIS - CSV"],
    "SEVILLE": ["A SEV - COR", "A NIE - AZU", "F CAD - SOG"],
    "GRANADA": ["A GRA - COR", "A JAE S A GRA - COR", "F MAL - SOG"],
}


def test_opening_moves_adjudicate(gmap):
    assert IberiaRules().map_name == "iberia"
    state = state_from_dict({}, gmap)
    result = adjudicate(state, IberiaRules(), OPENING)
    assert result.rejected == []
    assert result.results == {
        # Castille walks into empty Zamora and the Atlantic; Burgos and Zaragoza both
        # want Medinaceli and bounce.
        "A LEO": "succeeds", "A BUR": "bounced", "F GAL": "succeeds",
        "A ZAR": "bounced", "A LLE": "succeeds", "F TOR": "succeeds",
        # Badajoz and Seville bounce in Azuaga.
        "A BAD": "bounced", "A EVO": "succeeds", "F LIS": "succeeds",
        "A NIE": "bounced",
        # Granada takes Cordoba with support, against Seville's unsupported attack.
        "A SEV": "bounced", "A GRA": "succeeds", "A JAE": "succeeds",
        # The two fleets meet in the Strait of Gibraltar.
        "F CAD": "bounced", "F MAL": "bounced",
    }
    assert result.dislodged == {}
    after = result.after
    assert str(after.phase) == "F1080M"
    where = {power: {str(u) for u in after.units_of(power)} for power in HOMES}
    assert where == {
        "CASTILLE": {"A ZAM", "A BUR", "F ATL"},
        "ZARAGOZA": {"A ZAR", "A BAR", "F GOV"},
        "BADAJOZ": {"A BAD", "A SIL", "F CSV"},
        "SEVILLE": {"A SEV", "A NIE", "F CAD"},
        "GRANADA": {"A COR", "A JAE", "F MAL"},
    }


@pytest.mark.parametrize(
    ("power", "line"),
    [
        ("ZARAGOZA", "F TOR - ZAR"),  # a fleet cannot go inland
        ("CASTILLE", "A LEO - BOB"),  # an army cannot go to sea
        ("CASTILLE", "F GAL - LEO"),  # Leon is inland
        ("CASTILLE", "A BUR - GAL"),  # not neighbours
        ("SEVILLE", "F CAD - CAR"),  # Carmona is inland
        ("GRANADA", "A GRA - MLL"),  # Mallorca is reached only by convoy, and no fleet is there
    ],
)
def test_illegal_opening_orders_are_rejected(gmap, power, line):
    state = state_from_dict({}, gmap)
    result = adjudicate(state, IberiaRules(), {power: [line]})
    assert [r.line for r in result.rejected] == [line]


def test_an_army_reaches_mallorca_by_convoy(gmap):
    state = state_from_dict(
        {"phase": "S1081M", "units": {"ZARAGOZA": ["A VAL", "F GOV"]}, "centers": {}}, gmap
    )
    orders = {"ZARAGOZA": ["A VAL - MLL", "F GOV C A VAL - MLL"]}
    result = adjudicate(state, IberiaRules(), orders)
    assert result.rejected == []
    assert result.results == {"A VAL": "succeeds", "F GOV": "succeeds"}
    assert {str(u) for u in result.after.units.values()} == {"A MLL", "F GOV"}
