"""Structural check of the standard map's adjudication cases: the standard variant's and
civil_disorder_2023's (the DATC, gmbot/variants/standard/cases/README.md has the format).

It does not adjudicate anything; it only checks that the data is well formed (see that
README.md): unique ids, known keys, known powers and province codes, units named in
expectations actually on the board, and no two units in one province.

Usage: python tests/variants/check_case_data.py [FILE ...]   (default: those cases)
Exit status 0 when clean, 1 when any error was found. Warnings do not fail the run.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

POWERS = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}


def _codes(text: str) -> frozenset[str]:
    return frozenset(text.split())


SEAS = _codes("MAO LYO NAO NWG BOT ENG TYS HEL SKA EAS WES ION AEG ADR BLA BAL BAR NTH IRI")
LAND = _codes(
    """ALB ANK APU ARM BEL BER BOH BRE BUD BUL BUR CLY CON DEN EDI FIN GAL GAS GRE HOL KIE
    LON LVN LVP MAR MOS MUN NAF NAP NWY PAR PIC PIE POR PRU ROM RUH RUM SER SEV SIL SMY SPA
    STP SWE SYR TRI TUN TUS TYR UKR VEN VIE WAL WAR YOR"""
)
PROVINCES = SEAS | LAND
COASTS = {"STP": {"NC", "SC"}, "SPA": {"NC", "SC"}, "BUL": {"EC", "SC"}}
INLAND = _codes("BOH BUD BUR GAL MOS MUN PAR RUH SER SIL TYR UKR VIE WAR")

RESULT_WORDS = {"succeeds", "fails", "bounced", "cut", "void", "no_convoy"}
CASE_KEYS = {
    "id",
    "title",
    "source",
    "note",
    "variant",
    "phase",
    "units",
    "centers",
    "homes",
    "dislodged",
    "standoffs",
    "orders",
    "expect",
    "steps",
}
REQUIRED_KEYS = {"id", "title", "source", "units"}
EXPECT_KEYS = {
    "phase",
    "results",
    "dislodged",
    "units_after",
    "retreats",
    "errors",
    "centers_after",
}
STEP_KEYS = {"orders", "expect"}
# Words allowed in order lines besides unit types and province codes.
ORDER_WORDS = {
    "-",
    "S",
    "C",
    "H",
    "R",
    "D",
    "VIA",
    "CONVOY",
    "BUILD",
    "REMOVE",
    "WAIVE",
    "DISBAND",
    "HOLD",
    "HOLDS",
}
PHASE_RE = re.compile(r"^[SFW]\d{4}[MRA]$")
LOCATION_RE = re.compile(r"^[A-Z]{3}(/[A-Z]{2})?$")


class Checker:
    def __init__(self) -> None:
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.where = ""

    def error(self, msg: str) -> None:
        self.errors.append(f"{self.where}: {msg}")

    def warn(self, msg: str) -> None:
        self.warnings.append(f"{self.where}: {msg}")

    # --- atoms -------------------------------------------------------------------------

    def location(self, text: str, what: str) -> str | None:
        """Check a province code, optionally with a coast; return the province."""
        if not isinstance(text, str) or not LOCATION_RE.match(text):
            self.error(f"{what}: {text!r} is not a province code")
            return None
        prov, _, coast = text.partition("/")
        if prov not in PROVINCES:
            self.error(f"{what}: unknown province {prov!r}")
            return None
        if coast and coast not in COASTS.get(prov, set()):
            self.error(f"{what}: {prov} has no coast {coast!r}")
        return prov

    def unit(self, text: object, what: str) -> tuple[str, str, str] | None:
        """Parse 'A PAR' / 'F STP/NC'; return (type, province, coast)."""
        if not isinstance(text, str):
            self.error(f"{what}: unit {text!r} is not a string")
            return None
        parts = text.split()
        if len(parts) != 2 or parts[0] not in ("A", "F"):
            self.error(f"{what}: {text!r} is not a unit like 'A PAR' or 'F STP/NC'")
            return None
        prov = self.location(parts[1], what)
        if prov is None:
            return None
        coast = parts[1].partition("/")[2]
        if parts[0] == "A" and coast:
            self.error(f"{what}: army {text!r} with a coast")
        if parts[0] == "A" and prov in SEAS:
            self.error(f"{what}: army {text!r} at sea")
        if parts[0] == "F" and prov in INLAND:
            self.error(f"{what}: fleet {text!r} inland")
        return parts[0], prov, coast

    def power(self, name: object, what: str) -> bool:
        if name not in POWERS:
            self.error(f"{what}: unknown power {name!r}")
            return False
        return True

    # --- positions ---------------------------------------------------------------------

    def position(self, units: object, what: str, strict_coasts: bool) -> dict | None:
        """Check a {power: [units]} mapping; return {province: (power, type, coast)}."""
        if units is None:
            units = {}
        if not isinstance(units, dict):
            self.error(f"{what}: must be a mapping power -> list of units")
            return None
        board: dict[str, tuple[str, str, str]] = {}
        for pw, lst in units.items():
            self.power(pw, what)
            if lst is None:
                lst = []
            if not isinstance(lst, list):
                self.error(f"{what}: units of {pw} must be a list")
                continue
            for text in lst:
                u = self.unit(text, f"{what} {pw}")
                if u is None:
                    continue
                kind, prov, coast = u
                if strict_coasts and kind == "F" and prov in COASTS and not coast:
                    self.error(f"{what}: fleet {text!r} on a split-coast province needs a coast")
                if prov in board:
                    self.error(f"{what}: two units in {prov}")
                board[prov] = (pw, kind, coast)
        return board

    def on_board(self, text: object, board: dict | None, what: str) -> None:
        u = self.unit(text, what)
        if u is None or board is None:
            return
        kind, prov, coast = u
        found = [t for t in standing(board, prov) if t[1] == kind]
        if not found:
            self.error(f"{what}: {text!r} is not on the board")
        elif coast and all(t[2] and t[2] != coast for t in found):
            self.error(f"{what}: {text!r} is on the board with coast {found[0][2]}")

    # --- orders ------------------------------------------------------------------------

    def orders(self, orders: object, board: dict | None, what: str) -> None:
        if orders is None:
            return
        if not isinstance(orders, dict):
            self.error(f"{what}: must be a mapping power -> list of orders")
            return
        for pw, lst in orders.items():
            self.power(pw, what)
            if lst is None:
                continue
            if not isinstance(lst, list):
                self.error(f"{what}: orders of {pw} must be a list")
                continue
            for line in lst:
                if not isinstance(line, str):
                    self.error(f"{what} {pw}: order {line!r} is not a string")
                    continue
                self.order_line(line, board, f"{what} {pw}")

    def order_line(self, line: str, board: dict | None, what: str) -> None:
        tokens = line.split()
        for tok in tokens:
            if tok in ORDER_WORDS or tok in ("A", "F"):
                continue
            if LOCATION_RE.match(tok):
                self.location(tok, f"{what} {line!r}")
            else:
                self.error(f"{what}: unknown word {tok!r} in {line!r}")
        # The ordered unit should normally exist (DATC sometimes orders another power's
        # unit or the wrong coast on purpose, so only the province and type are compared).
        if board is not None and len(tokens) >= 2 and tokens[0] in ("A", "F"):
            prov = tokens[1].partition("/")[0]
            if not any(t[1] == tokens[0] for t in standing(board, prov)):
                self.warn(f"{what}: ordered unit in {line!r} is not on the board")

    # --- expectations ------------------------------------------------------------------

    def expect(self, exp: object, board: dict | None, what: str, in_step: bool) -> tuple:  # noqa: C901 - the DATC data's checks, one per expectation
        """Check an expect block; return (units_after board or None, dislodged list)."""
        if exp is None:
            return None, []
        if not isinstance(exp, dict):
            self.error(f"{what}: must be a mapping")
            return None, []
        for key in exp:
            if key not in EXPECT_KEYS:
                self.error(f"{what}: unknown key {key!r}")
        if "phase" in exp:
            if not in_step:
                self.warn(f"{what}: 'phase' is meant for steps")
            if not PHASE_RE.match(str(exp["phase"])):
                self.error(f"{what}: bad phase {exp['phase']!r}")
        results = exp.get("results") or {}
        if not isinstance(results, dict):
            self.error(f"{what}.results: must be a mapping unit -> result")
            results = {}
        for unit, res in results.items():
            self.on_board(unit, board, f"{what}.results")
            if res not in RESULT_WORDS:
                self.error(f"{what}.results: {unit}: unknown result {res!r}")
        dislodged = exp.get("dislodged") or []
        if not isinstance(dislodged, list):
            self.error(f"{what}.dislodged: must be a list")
            dislodged = []
        seen = set()
        for unit in dislodged:
            self.on_board(unit, board, f"{what}.dislodged")
            if unit in seen:
                self.error(f"{what}.dislodged: {unit!r} twice")
            seen.add(unit)
        after = None
        if "units_after" in exp:
            after = self.position(exp["units_after"], f"{what}.units_after", strict_coasts=True)
            if after is not None and board is not None:
                for unit in dislodged:
                    prov = str(unit).split()[-1].partition("/")[0]
                    before, now = board.get(prov), after.get(prov)
                    if before and now and before[0] == now[0]:
                        self.error(f"{what}: dislodged {unit!r} still in units_after")
        retreats = exp.get("retreats") or {}
        if not isinstance(retreats, dict):
            self.error(f"{what}.retreats: must be a mapping unit -> list of provinces")
            retreats = {}
        for unit, places in retreats.items():
            self.unit(unit, f"{what}.retreats")
            if dislodged and unit not in dislodged:
                self.warn(f"{what}.retreats: {unit!r} not among the dislodged")
            for place in places or []:
                self.location(place, f"{what}.retreats {unit}")
        if "errors" in exp:
            errs = exp["errors"]
            if not isinstance(errs, list) or not all(isinstance(e, str) for e in errs):
                self.error(f"{what}.errors: must be a list of order lines")
        if "centers_after" in exp:
            self.centers(exp["centers_after"], f"{what}.centers_after")
        return after, list(dislodged)

    def centers(self, centers: object, what: str) -> None:
        if not isinstance(centers, dict):
            self.error(f"{what}: must be a mapping power -> list of provinces")
            return
        owned: set[str] = set()
        for pw, lst in centers.items():
            self.power(pw, what)
            for prov in lst or []:
                p = self.location(prov, f"{what} {pw}")
                if p in owned:
                    self.error(f"{what}: {p} owned twice")
                owned.add(p)

    # --- cases -------------------------------------------------------------------------

    def case(self, case: object, ids: dict, fname: str, index: int) -> None:  # noqa: C901 - the DATC data's checks, one per case field
        self.where = f"{fname}[{index}]"
        if not isinstance(case, dict):
            self.error("case is not a mapping")
            return
        cid = case.get("id")
        if cid is not None:
            self.where = f"{fname} {cid}"
            if not isinstance(cid, str):
                self.error(f"id {cid!r} should be a string")
            elif cid in ids:
                self.error(f"duplicate id (also in {ids[cid]})")
            else:
                ids[cid] = fname
        for key in sorted(REQUIRED_KEYS - case.keys()):
            self.error(f"missing key {key!r}")
        for key in case:
            if key not in CASE_KEYS:
                self.error(f"unknown key {key!r}")
        for key in ("title", "source", "note"):
            if key in case and not (isinstance(case[key], str) and case[key].strip()):
                self.error(f"{key} must be a non-empty string")
        if "phase" in case and not PHASE_RE.match(str(case["phase"])):
            self.error(f"bad phase {case['phase']!r}")
        board = self.position(case.get("units"), "units", strict_coasts=True)
        if "centers" in case:
            self.centers(case["centers"], "centers")
        if "homes" in case:
            self.homes(case["homes"])
        if "dislodged" in case:
            self.start_dislodged(case["dislodged"], board)
        for prov in case.get("standoffs") or []:
            self.location(prov, "standoffs")

        has_steps = "steps" in case
        if has_steps and ("orders" in case or "expect" in case):
            self.error("a case has either steps or orders/expect, not both")
        if not has_steps and "expect" not in case:
            self.error("missing 'expect' (or 'steps')")
        if has_steps:
            steps = case["steps"]
            if not isinstance(steps, list) or not steps:
                self.error("steps must be a non-empty list")
                return
            for n, step in enumerate(steps, 1):
                what = f"steps[{n}]"
                if not isinstance(step, dict):
                    self.error(f"{what}: must be a mapping")
                    board = None
                    continue
                for key in step:
                    if key not in STEP_KEYS:
                        self.error(f"{what}: unknown key {key!r}")
                if "expect" not in step:
                    self.error(f"{what}: missing 'expect'")
                self.orders(step.get("orders"), board, f"{what}.orders")
                after, dislodged = self.expect(
                    step.get("expect"), board, f"{what}.expect", in_step=True
                )
                board = self.next_board(after, dislodged, board)
        else:
            self.orders(case.get("orders"), board, "orders")
            self.expect(case.get("expect"), board, "expect", in_step=False)

    def homes(self, homes: object) -> None:
        if not isinstance(homes, dict):
            self.error("homes: must be a mapping power -> list of provinces")
            return
        for pw, lst in homes.items():
            self.power(pw, "homes")
            for prov in lst or []:
                self.location(prov, f"homes {pw}")

    def start_dislodged(self, dislodged: object, board: dict | None) -> None:
        if not isinstance(dislodged, dict):
            self.error("dislodged: must be a mapping unit -> {power, attacker_from}")
            return
        for unit, info in dislodged.items():
            u = self.unit(unit, "dislodged")
            if not isinstance(info, dict):
                self.error(f"dislodged {unit}: must be a mapping")
                continue
            self.power(info.get("power"), f"dislodged {unit}")
            if info.get("attacker_from") is not None:
                self.location(info["attacker_from"], f"dislodged {unit}")
            if u and board is not None:
                if u[1] in board and board[u[1]][0] == info.get("power"):
                    self.warn(f"dislodged {unit}: its own power also has a unit in {u[1]}")
                # A dislodged unit stands (off the board proper) in its province too; let
                # results and retreat orders refer to it.
                board.setdefault(f"{u[1]}#dislodged", (info.get("power"), u[0], u[2]))

    @staticmethod
    def next_board(after: dict | None, dislodged: list, board: dict | None) -> dict | None:
        """The board the next step starts from: units_after plus this step's dislodged."""
        if after is None:
            return None
        nxt = dict(after)
        for unit in dislodged:
            parts = unit.split()
            if len(parts) == 2 and board is not None:
                prov = parts[1].partition("/")[0]
                if prov in board:
                    nxt[f"{prov}#dislodged"] = board[prov]
        return nxt


def standing(board: dict, prov: str) -> list[tuple[str, str, str]]:
    """Units in a province: the one on the board and a dislodged one, if any."""
    return [t for t in (board.get(prov), board.get(f"{prov}#dislodged")) if t is not None]


def load(path: Path, chk: Checker) -> list:
    chk.where = path.name
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        chk.error(f"YAML error: {exc}")
        return []
    if data is None:
        return []
    if not isinstance(data, list):
        chk.error("the file must hold a list of cases")
        return []
    return data


def main(argv: list[str]) -> int:
    variants = Path(__file__).resolve().parents[2] / "gmbot" / "variants"
    files = [Path(a) for a in argv] if argv else sorted(
        [*(variants / "standard" / "cases").glob("*.yaml"),
         *(variants / "options" / "civil_disorder_2023" / "cases").glob("*.yaml")])
    chk = Checker()
    ids: dict[str, str] = {}
    count = 0
    for path in files:
        cases = load(path, chk)
        for i, case in enumerate(cases):
            chk.case(case, ids, path.name, i)
            count += 1
    for w in chk.warnings:
        print(f"warning: {w}")
    for e in chk.errors:
        print(f"error: {e}")
    print(
        f"{count} cases in {len(files)} files: {len(chk.errors)} errors, "
        f"{len(chk.warnings)} warnings"
    )
    return 1 if chk.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
