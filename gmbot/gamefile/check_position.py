"""The game file's `position:`: only its shape is checked here (a phase, per-power lists
and mappings with power keys upper-cased); its contents are checked against the variant's
map when the game is loaded."""

from __future__ import annotations

from typing import Any

from gmbot.gamefile.check_fields import FieldChecks
from gmbot.gamefile.paths import child
from gmbot.gamefile.schema import PHASE_RE, POSITION_KEYS, POWER_RE


class PositionChecks(FieldChecks):
    def position(self, value: Any) -> dict[str, Any] | None:
        if value is None:
            return None
        pos = self.mapping(value, "position", POSITION_KEYS)
        if pos is None:
            return None
        pos = dict(pos)
        if "phase" in pos:
            phase = self.text(pos, "phase", "position", required=True)
            if phase is not None:
                phase = phase.upper()
                if not PHASE_RE.fullmatch(phase):
                    self.problem("position.phase", f"not a phase: {phase!r} (e.g. S1901M)")
                pos["phase"] = phase
        for key in ("units", "centers", "homes", "powers", "extra_centres"):
            if key in pos:
                pos[key] = self.per_power(pos[key], f"position.{key}", key == "powers")
        if "extra" in pos and not isinstance(pos["extra"], dict):
            self.problem("position.extra", "expected a mapping of game-wide variant state")
        if "dislodged" in pos and not isinstance(pos["dislodged"], dict):
            self.problem("position.dislodged", "expected a mapping of unit -> details")
        if "extra" in pos and not isinstance(pos["extra"], dict):
            self.problem("position.extra", "expected a mapping of game-wide variant state")
        if "standoffs" in pos:
            items = pos["standoffs"]
            if not isinstance(items, list) or not all(isinstance(s, str) for s in items):
                self.problem("position.standoffs", "expected a list of provinces, e.g. [BUR]")
        return pos

    def per_power(self, value: Any, path: str, attrs: bool) -> Any:
        """power -> list (or, for `powers`, power -> mapping), with power keys upper-cased."""
        if not isinstance(value, dict):
            self.problem(path, "expected a mapping of power -> " + ("mapping" if attrs else "list"))
            return value
        result: dict[str, Any] = {}
        for key, items in value.items():
            sub = child(path, key)
            power = key.strip().upper()
            if not POWER_RE.fullmatch(power):
                self.problem(sub, f"not a power key: {key!r}")
            elif power in result:
                self.problem(sub, f"power {power} given twice")
            # Report and look up under the upper-cased key, as later map checks will.
            self.tree.alias_paths(sub, child(path, power))
            result[power] = items
            if attrs:
                self.attrs(items, child(path, power))
            else:
                self.items(items, child(path, power), units=path.endswith(".units"))
        return result

    def attrs(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            self.problem(path, "expected a mapping of attributes, e.g. {dinars: 3}")

    def items(self, value: Any, path: str, units: bool) -> None:
        if not isinstance(value, list):
            example = "[A PAR, F BRE]" if units else "[PAR, BRE]"
            self.problem(path, f"expected a list, e.g. {example}")
            return
        for i, item in enumerate(value):
            if isinstance(item, str):
                continue
            if units and isinstance(item, dict) and isinstance(item.get("unit"), str):
                continue
            wanted = 'a unit such as "A PAR" or {unit: F BRE, ...}' if units else "a province"
            self.problem(f"{path}[{i}]", f"expected {wanted}")
