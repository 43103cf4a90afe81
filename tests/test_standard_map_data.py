"""Data checks for gmbot/maps/standard.yaml, using pyyaml only (not the map loader)."""

import re
from pathlib import Path

import pytest
import yaml

MAP_PATH = Path(__file__).resolve().parent.parent / "gmbot" / "maps" / "standard.yaml"


def _codes(text):
    return set(text.split())


def _pairs(text):
    """Parse whitespace-separated ``A-B`` items into (A, B) tuples."""
    return [tuple(item.split("-")) for item in text.split()]


SEAS = _codes("ADR AEG BAL BAR BLA BOT EAS ENG HEL ION IRI LYO MAO NAO NTH NWG SKA TYS WES")
INLAND = _codes("BOH BUD BUR GAL MOS MUN PAR RUH SER SIL TYR UKR VIE WAR")
COASTAL = _codes(
    "ALB ANK APU ARM BEL BER BRE BUL CLY CON DEN EDI FIN GAS GRE HOL KIE LON LVN LVP "
    "MAR NAF NAP NWY PIC PIE POR PRU ROM RUM SEV SMY SPA STP SWE SYR TRI TUN TUS VEN "
    "WAL YOR"
)
SPLIT = {"BUL": {"EC", "SC"}, "SPA": {"NC", "SC"}, "STP": {"NC", "SC"}}
CENTRES = _codes(
    "ANK BEL BER BRE BUD BUL CON DEN EDI GRE HOL KIE LON LVP MAR MOS MUN NAP NWY PAR "
    "POR ROM RUM SER SEV SMY SPA STP SWE TRI TUN VEN VIE WAR"
)
START = {
    "AUSTRIA": ({"BUD", "TRI", "VIE"}, {"A BUD", "A VIE", "F TRI"}),
    "ENGLAND": ({"EDI", "LON", "LVP"}, {"F EDI", "F LON", "A LVP"}),
    "FRANCE": ({"BRE", "MAR", "PAR"}, {"F BRE", "A MAR", "A PAR"}),
    "GERMANY": ({"BER", "KIE", "MUN"}, {"A BER", "F KIE", "A MUN"}),
    "ITALY": ({"NAP", "ROM", "VEN"}, {"F NAP", "A ROM", "A VEN"}),
    "RUSSIA": ({"MOS", "SEV", "STP", "WAR"}, {"A MOS", "F SEV", "F STP/SC", "A WAR"}),
    "TURKEY": ({"ANK", "CON", "SMY"}, {"F ANK", "A CON", "A SMY"}),
}

# Undirected border counts, computed from the data after it was cross-checked edge by
# edge against diplomacy/diplomacy diplomacy/maps/standard.map and zond/godip
# variants/classical/start/map.go (both agree with this file exactly).
ARMY_BORDERS = 111
FLEET_BORDERS = 141


@pytest.fixture(scope="module")
def data():
    with MAP_PATH.open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@pytest.fixture(scope="module")
def provinces(data):
    return data["provinces"]


def _edges(section):
    """Undirected edge set of an adjacency section."""
    return {frozenset((a, b)) for a, ns in section.items() for b in ns}


def _closure(section):
    adj: dict[str, set[str]] = {}
    for a, ns in section.items():
        for b in ns:
            adj.setdefault(a, set()).add(b)
            adj.setdefault(b, set()).add(a)
    return adj


@pytest.fixture(scope="module")
def army(data):
    return _closure(data["army"])


@pytest.fixture(scope="module")
def fleet(data):
    return _closure(data["fleet"])


def _norm(text):
    return re.sub(r"[\s.\-]", "", str(text)).upper()


# --- header, powers --------------------------------------------------------------


def test_header(data):
    assert data["name"] == MAP_PATH.stem == "standard"
    assert isinstance(data["title"], str) and data["title"]
    assert data["solo"] == 18
    assert data["start"] == "S1901M"
    assert set(data) <= {"name", "title", "solo", "start", "powers", "provinces", "army", "fleet"}


def test_powers_homes_and_units(data, provinces):
    powers = data["powers"]
    assert set(powers) == set(START)
    all_units = []
    for key, power in powers.items():
        homes, units = START[key]
        assert key == key.upper()
        assert power["name"] and power["adjective"]
        assert set(power["homes"]) == homes and len(power["homes"]) == len(homes)
        assert set(power["units"]) == units and len(power["units"]) == len(units)
        for unit in power["units"]:
            kind, loc = unit.split()
            prov = loc.split("/")[0]
            assert prov in homes, unit
            assert provinces[prov].get("sc") is True
            if kind == "F":
                assert provinces[prov]["type"] == "coast"
                assert (prov in SPLIT) == ("/" in loc), unit
            else:
                assert kind == "A" and "/" not in loc
                assert provinces[prov]["type"] in ("land", "coast")
        all_units.extend(power["units"])
    assert len(all_units) == 22
    homes_all = [h for p in powers.values() for h in p["homes"]]
    assert len(homes_all) == len(set(homes_all)) == 22


def test_power_aliases_do_not_collide(data, provinces):
    taken = {}
    for code, prov in provinces.items():
        for word in [code, prov["name"], *prov.get("aliases", [])]:
            taken[_norm(word)] = code
    seen: dict[str, str] = {}
    for key, power in data["powers"].items():
        for word in [key, power["name"], *power.get("aliases", [])]:
            n = _norm(word)
            assert n not in taken, f"power word {word!r} collides with province {taken[n]}"
            assert seen.setdefault(n, key) == key, f"{word!r} names two powers"
    assert "ENG" not in seen


# --- provinces ------------------------------------------------------------------


def test_province_set_and_types(provinces):
    assert len(provinces) == 76
    assert set(provinces) == SEAS | INLAND | COASTAL | {"SWI"}
    assert len(SEAS) == 19 and len(INLAND) + len(COASTAL) == 56
    for code, prov in provinces.items():
        assert re.fullmatch(r"[A-Z]{3}", code)
        assert isinstance(prov["name"], str) and prov["name"]
        assert set(prov) <= {"name", "type", "sc", "coasts", "aliases"}, code
    by_type: dict[str, set[str]] = {}
    for code, prov in provinces.items():
        by_type.setdefault(prov["type"], set()).add(code)
    assert by_type == {"sea": SEAS, "land": INLAND, "coast": COASTAL, "impassable": {"SWI"}}


def test_supply_centres(provinces):
    centres = {c for c, p in provinces.items() if p.get("sc")}
    assert centres == CENTRES and len(centres) == 34
    for prov in provinces.values():
        assert prov.get("sc", False) in (True, False)


def test_split_coasts(provinces):
    coasts = {c: set(p["coasts"]) for c, p in provinces.items() if "coasts" in p}
    assert coasts == SPLIT


def test_aliases_unique(provinces):
    owner: dict[str, str] = {}
    for code, prov in provinces.items():
        own = set()
        for alias in prov.get("aliases", []):
            n = _norm(alias)
            assert n not in own, f"duplicate alias {alias!r} in {code}"
            own.add(n)
            assert n not in provinces, f"alias {alias!r} of {code} equals a province code"
        for word in [code, prov["name"], *own]:
            n = _norm(word)
            assert owner.setdefault(n, code) == code, (
                f"{word!r} resolves to both {owner[n]} and {code}"
            )


@pytest.mark.parametrize(
    ("alias", "code"),
    [
        ("LYO", "LYO"),
        ("GOL", "LYO"),
        ("Gulf of Lions", "LYO"),
        ("gulf of lyon", "LYO"),
        ("MID", "MAO"),
        ("MAT", "MAO"),
        ("Mid-Atlantic Ocean", "MAO"),
        ("NAT", "NAO"),
        ("North Atlantic", "NAO"),
        ("NRG", "NWG"),
        ("GOB", "BOT"),
        ("ECH", "ENG"),
        ("TYN", "TYS"),
        ("HGB", "HEL"),
        ("Helgoland Bight", "HEL"),
        ("EMS", "EAS"),
        ("WMS", "WES"),
        ("IOS", "ION"),
        ("NTS", "NTH"),
        ("Skagerrak", "SKA"),
        ("LIV", "LVN"),
        ("NOR", "NWY"),
        ("TRL", "TYR"),
        ("TYL", "TYR"),
        ("Tyrol", "TYR"),
        ("Rumania", "RUM"),
        ("Romania", "RUM"),
        ("RMA", "RUM"),
        ("Rome", "ROM"),
        ("St. Petersburg", "STP"),
        ("Saint Petersburg", "STP"),
        ("Petersburg", "STP"),
        ("Istanbul", "CON"),
        ("Constantinople", "CON"),
        ("North Africa", "NAF"),
        ("Smyrna", "SMY"),
        ("Galicia", "GAL"),
    ],
)
def test_alias_resolves(provinces, alias, code):
    table = {}
    for c, prov in provinces.items():
        for word in [c, prov["name"], *prov.get("aliases", [])]:
            table[_norm(word)] = c
    assert table[_norm(alias)] == code


# --- adjacency structure -----------------------------------------------------------


def _check_location(loc, provinces):
    prov, _, coast = loc.partition("/")
    assert prov in provinces, loc
    if coast:
        assert coast in SPLIT.get(prov, set()), f"{loc}: coast on a non-split province"
    return prov


def test_army_endpoints(data, provinces):
    for a, ns in data["army"].items():
        assert isinstance(ns, list) and ns
        for loc in [a, *ns]:
            assert "/" not in loc, f"army border names a coast: {loc}"
            prov = _check_location(loc, provinces)
            assert provinces[prov]["type"] in ("land", "coast"), f"army border touches {loc}"
        assert a not in ns
        assert len(ns) == len(set(ns))


def test_fleet_endpoints(data, provinces):
    for a, ns in data["fleet"].items():
        assert isinstance(ns, list) and ns
        for loc in [a, *ns]:
            prov = _check_location(loc, provinces)
            assert provinces[prov]["type"] in ("sea", "coast"), f"fleet border touches {loc}"
            assert loc not in SPLIT, f"fleet border uses bare split-coast province {loc}"
        assert a not in ns
        assert a.split("/")[0] not in {n.split("/")[0] for n in ns}
        assert len(ns) == len(set(ns))


def test_symmetric_closure(data):
    # The file writes every border from both sides: it already equals its closure.
    for section in ("army", "fleet"):
        written = {a: set(ns) for a, ns in data[section].items()}
        closure = _closure(data[section])
        assert closure == written, section


def test_every_location_is_reachable(provinces, army, fleet):
    for code, prov in provinces.items():
        if prov["type"] in ("land", "coast"):
            assert army.get(code), code
        if prov["type"] == "sea" or (prov["type"] == "coast" and code not in SPLIT):
            assert fleet.get(code), code
        for coast in SPLIT.get(code, ()):
            assert fleet.get(f"{code}/{coast}"), f"{code}/{coast}"
    assert "SWI" not in army and "SWI" not in fleet


def test_coast_type_consistent_with_fleet_data(provinces, fleet):
    # A coastal province touches at least one sea; an inland one appears in no fleet border.
    for code, prov in provinces.items():
        if prov["type"] == "sea":
            continue
        locs = [f"{code}/{c}" for c in SPLIT[code]] if code in SPLIT else [code]
        touches_sea = any(n in SEAS for loc in locs for n in fleet.get(loc, ()))
        assert touches_sea == (prov["type"] == "coast"), code


def test_border_counts(data):
    assert len(_edges(data["army"])) == ARMY_BORDERS
    assert len(_edges(data["fleet"])) == FLEET_BORDERS


# --- known borders ----------------------------------------------------------------

ARMY_TRUE = _pairs(
    """
    KIE-DEN DEN-SWE CON-BUL CON-ANK CON-SMY ANK-ARM SMY-SYR ANK-SMY ARM-SYR ARM-SMY
    BUL-RUM BUL-GRE BUL-SER NAF-TUN ROM-TUS ROM-NAP ROM-APU ROM-VEN APU-VEN APU-NAP
    ALB-TRI ALB-GRE ALB-SER WAL-LON WAL-YOR WAL-LVP LON-YOR YOR-LVP YOR-EDI CLY-EDI
    CLY-LVP EDI-LVP PIC-BEL PIC-BRE PIC-PAR PIC-BUR BRE-PAR BRE-GAS GAS-SPA GAS-MAR
    MAR-SPA POR-SPA MAR-PIE PIE-TUS PIE-VEN TUS-VEN VEN-TRI STP-NWY STP-FIN STP-LVN
    STP-MOS FIN-NWY FIN-SWE NWY-SWE BER-KIE BER-PRU KIE-HOL HOL-BEL LVN-PRU ARM-SEV
    SEV-RUM BUD-RUM GAL-RUM UKR-RUM MUN-KIE BUR-MUN TYR-PIE BUR-MAR RUH-BEL
    """
)
ARMY_FALSE = _pairs(
    """
    ROM-TYS NAP-TUN ROM-PIE TUS-APU NAP-VEN LON-BEL LON-PIC LON-ENG EDI-NWY DEN-NWY
    DEN-HOL DEN-BER SWE-LVN FIN-LVN CON-GRE CON-RUM ANK-SEV SMY-GRE SPA-NAF POR-GAS
    GAS-PIC MAR-TUS MAR-SWI BUR-SWI MUN-SWI TYR-SWI PIE-SWI PAR-BEL BRE-BEL MOS-FIN
    SEV-BUL TRI-GRE ALB-BUL WAR-BER RUH-PAR TUN-ROM ARM-CON SYR-ANK BUL-BUD
    """
)
FLEET_TRUE = _pairs(
    """
    KIE-DEN DEN-SWE DEN-SKA DEN-HEL DEN-NTH DEN-BAL SWE-SKA SWE-BAL SWE-BOT SWE-FIN
    SWE-NWY CON-BUL/EC CON-BUL/SC CON-ANK CON-SMY ANK-ARM SMY-SYR BUL/EC-RUM BUL/SC-GRE
    BUL/EC-BLA BUL/SC-AEG CON-BLA CON-AEG ANK-BLA STP/NC-BAR STP/NC-NWY STP/SC-BOT
    STP/SC-FIN STP/SC-LVN SPA/NC-GAS SPA/NC-POR SPA/NC-MAO SPA/SC-MAR SPA/SC-POR
    SPA/SC-LYO SPA/SC-WES SPA/SC-MAO NAF-TUN NAF-MAO NAF-WES TUN-WES MAO-WES ROM-TUS
    ROM-NAP ROM-TYS NAP-TYS TUS-TYS APU-VEN APU-ADR APU-ION APU-NAP VEN-ADR ADR-ION
    NAP-ION ALB-ADR ALB-ION ALB-TRI ALB-GRE TRI-ADR GRE-ION WAL-LON LON-YOR WAL-LVP
    CLY-EDI CLY-LVP CLY-NAO CLY-NWG EDI-NWG LVP-NAO EDI-YOR PIC-BEL PIC-BRE PIC-ENG
    BEL-ENG BRE-ENG MAR-PIE PIE-TUS VEN-TRI BER-KIE BER-PRU KIE-HOL HOL-BEL LVN-PRU
    ARM-SEV FIN-BOT NWY-SKA SEV-RUM RUM-BLA GAS-BRE POR-MAO LYO-PIE SMY-EAS SYR-EAS
    HEL-KIE HEL-HOL BAL-KIE BAL-BER IRI-WAL IRI-LVP NTH-YOR NTH-EDI NTH-LON ENG-LON
    ENG-WAL
    """
)
FLEET_FALSE = _pairs(
    """
    ROM-VEN ROM-APU NAP-VEN TUS-VEN PIE-VEN YOR-LVP YOR-WAL EDI-LVP LON-LVP CLY-YOR
    PAR-BRE PAR-ENG BUR-MAR GAS-MAR GAS-SPA/SC MAR-SPA/NC MAO-LYO WES-SPA/NC LYO-SPA/NC
    POR-WES BUL/EC-GRE BUL/EC-AEG BUL/SC-RUM BUL/SC-BLA STP/NC-BOT STP/NC-FIN STP/NC-LVN
    STP/SC-BAR STP/SC-NWY NWY-FIN NWY-BOT BAR-FIN DEN-NWY DEN-BER DEN-HOL KIE-MUN
    KIE-NTH BER-HEL HOL-SKA SWE-NTH SWE-LVN FIN-LVN FIN-BAL ANK-SMY ANK-SEV ARM-SMY
    ARM-SYR CON-RUM CON-GRE SMY-BLA ANK-AEG SEV-BUL/EC TRI-ION TRI-SER ALB-SER GRE-ADR
    TUN-MAO NAF-TYS NAF-ION ION-LYO EAS-GRE AEG-ADR ENG-HOL ENG-NAO IRI-NWG NAO-NTH
    HEL-SKA HEL-BAL BLA-AEG APU-TYS ROM-ION
    """
)


@pytest.mark.parametrize(("a", "b"), ARMY_TRUE)
def test_army_border_exists(army, a, b):
    assert b in army[a] and a in army[b]


@pytest.mark.parametrize(("a", "b"), ARMY_FALSE)
def test_army_border_absent(army, a, b):
    assert b not in army.get(a, set()) and a not in army.get(b, set())


@pytest.mark.parametrize(("a", "b"), FLEET_TRUE)
def test_fleet_border_exists(fleet, a, b):
    assert b in fleet[a] and a in fleet[b]


@pytest.mark.parametrize(("a", "b"), FLEET_FALSE)
def test_fleet_border_absent(fleet, a, b):
    assert b not in fleet.get(a, set()) and a not in fleet.get(b, set())


def test_no_army_border_across_water(army, provinces):
    # Armies only cross land borders: every army edge joins two land/coast provinces,
    # and no sea or SWI appears as an army location at all.
    locations = set(army)
    assert locations == INLAND | COASTAL
    assert not locations & SEAS


def test_inland_and_swi_absent_from_fleet(fleet):
    provs = {loc.split("/")[0] for loc in fleet}
    assert not provs & (INLAND | {"SWI"})
    assert provs == SEAS | COASTAL
    assert not set(fleet) & set(SPLIT)


def test_known_border_lists_are_well_formed(provinces):
    for pairs in (ARMY_TRUE, ARMY_FALSE, FLEET_TRUE, FLEET_FALSE):
        for pair in pairs:
            assert len(pair) == 2, pair
            for loc in pair:
                _check_location(loc, provinces)
    norm = {frozenset(p) for p in ARMY_TRUE}
    assert not norm & {frozenset(p) for p in ARMY_FALSE}
    norm = {frozenset(p) for p in FLEET_TRUE}
    assert not norm & {frozenset(p) for p in FLEET_FALSE}
