"""What a picture shows, read from a recipient's view (gmbot/service/views/results.py): the
centres and their owners, the units, and the phase's orders as strokes. Plain data, so
that tests can say what a picture must show without looking at pixels."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

_NOTE = re.compile(r"\s*\(([^)]*)\)")
# A unit lost outside the board's battles, as a results line tells it: "A BUD (Austria)
# is vaporized", "F NTH (England) is still at sea at the end of its year and drowns".
_LOSS = re.compile(r"\b([AF]) ([A-Z]{3}(?:/[A-Z]{2})?)\b[^.;]*?"
                   r"\b(vaporized|destroyed|drowns|beached)\b")
LOST = {"drowns": "drowned"}  # the word the map writes
_EXCHANGE = re.compile(r"^[AF] (\S+) and [AF] (\S+) exchange colours:")
_STRUCK = re.compile(r"\b(?:A catastrophe strikes|The bottle spun by .* points at) "
                     r"([A-Z]{3})\b")
_UNIT = r"([AF]) ([A-Z]{3}(?:/[A-Z]{2})?)"
# Warlock casts as the text tells them ("Germany: CAST ILLUSION BUR - RUH"; the owner of a
# secret cast reads "You cast: ..."), and an illusion that fails.
_ILLUSION = re.compile(r"^[^:]+: CAST ILLUSION ([A-Z]{3}) - ([A-Z]{3})\b")
_FAILED_ILLUSION = re.compile(r"^Two illusions name ([A-Z]{3})\b")
_IMPERVIOUS = re.compile(rf"^[^:]+: CAST POWER IMPERVIOUS {_UNIT}\b")
# Al-Andalus: a Wazir-General's unit disbanded, and each Wazir's court.
_GENERAL_LOST = re.compile(rf"\bhis unit {_UNIT} is disbanded")
_COURT = re.compile(r"^\s*Wazir (\S+): at the court of (.+?), \d+ dinars?")
# Capitalist: a bribed unit, as the public list of bribes writes it
# ("F LON-NTH(3):YOR(4), ENG(4) = YOR"): bribed when it executed other than its own order.
_BRIBE = re.compile(rf"^{_UNIT}[- ](.+?)\((\d+)\):.* = (.+)$")


@dataclass(frozen=True)
class Piece:
    power: str
    type: str  # A or F
    loc: str
    note: str = ""  # a variant's attribute as the text shows it: "red", "Wazir-General X"
    mark: str = ""  # how it is drawn: "aloft" (over its province), "invisible" (own map)


@dataclass(frozen=True)
class Stroke:
    kind: str  # move support hold convoy retreat disband build remove
    power: str
    src: str  # the ordered unit's location (for build and remove: where)
    dst: str | None = None  # where it moves, or the supported or convoyed unit's target
    via: str | None = None  # the supported or convoyed unit's location
    ok: bool = True
    type: str = "A"


@dataclass(frozen=True)
class Loss:
    """A unit vaporized, destroyed, drowned or beached: marked where it was."""
    type: str
    loc: str
    how: str  # vaporized destroyed drowned beached


@dataclass(frozen=True)
class Standing:
    """A power's line in the legend: what the viewer's text says it holds."""
    power: str
    name: str
    centres: int
    units: int  # the units the viewer may see


@dataclass
class Scene:
    phase: str
    centres: dict[str, str | None] = field(default_factory=dict)  # centre -> owner
    homes: dict[str, str] = field(default_factory=dict)  # home centre -> power
    marks: dict[str, list[str]] = field(default_factory=dict)  # province -> marks
    pieces: list[Piece] = field(default_factory=list)
    strokes: list[Stroke] = field(default_factory=list)
    dislodged: list[tuple[Piece, list[str]]] = field(default_factory=list)  # retreats
    standings: list[Standing] = field(default_factory=list)  # the legend, board order
    losses: list[Loss] = field(default_factory=list)
    why: dict[str, str] = field(default_factory=dict)  # unit's location -> why it held
    exchanges: list[tuple[str, str]] = field(default_factory=list)  # Arpiesse colours
    swaps: list[tuple[str, str]] = field(default_factory=list)  # Warlock illusions
    impervious: list[str] = field(default_factory=list)  # units' locations
    courts: dict[str, list[str]] = field(default_factory=dict)  # power -> its Wazirs


def scene_of(public: dict[str, Any], centres: Iterable[str],
             own_lines: Iterable[str] = ()) -> Scene:
    """The scene of a view's public part; `centres` are the map's supply centres,
    `own_lines` the lines of the viewer's private part the picture reads (see
    `picture_lines`)."""
    scene = Scene(phase=public.get("next_phase") or public.get("phase", ""))
    scene.centres = {c: None for c in centres}
    for row in public.get("board", []):
        power = row["power"]
        for c in row["centres"]:
            scene.centres[c] = power
        for h in row.get("homes") or ():
            scene.homes[h] = power
        pieces = row.get("pieces", [])
        for p in pieces:
            scene.pieces.append(Piece(power, p["type"], p["loc"], p.get("note", ""),
                                      p.get("mark", "")))
        # Counted from the same rows the units are drawn from: a unit the viewer may not
        # see is neither drawn nor counted.
        scene.standings.append(Standing(power, row.get("name") or power.title(),
                                        len(row["centres"]), len(pieces)))
    scene.marks = {k: list(v) for k, v in (public.get("marks") or {}).items()}
    for power, rows in public.get("orders", {}).items():
        for row in rows:
            lost = _LOSS.search(f"{row.get('unit', '')} {row.get('result', '')}")
            if lost:  # it never carried its order out: no arrow, a mark where it was
                _lose(scene, lost)
                continue
            scene.strokes.extend(strokes_of(row["order"], row.get("result", ""), power))
            held = why_word(row.get("why") or "")
            if held:
                scene.why[row["unit"].partition(" ")[2]] = held
    # The viewer's own text lines: what he may read is what his map shows.
    lines = [*(public.get("notes") or ()), *own_lines]
    for line in lines:
        for lost in _LOSS.finditer(line):
            _lose(scene, lost)
        swap = _EXCHANGE.match(line)
        if swap:
            scene.exchanges.append((swap.group(1), swap.group(2)))
        struck = _STRUCK.search(line)
        if struck:  # the Warlock catastrophe's and the bottle's province, this phase
            mark = "catastrophe" if line.startswith("A catastrophe") else "bottle"
            marks = scene.marks.setdefault(struck.group(1), [])
            if mark not in marks:
                marks.append(mark)
    variant_events(scene, public, lines)
    for unit, d in (public.get("dislodged") or {}).items():
        kind, _, loc = unit.partition(" ")
        note = _NOTE.search(d.get("label") or "")
        scene.dislodged.append((Piece(d["power"], kind, loc, note.group(1) if note else ""),
                                list(d.get("retreats") or ())))
    return scene


def picture_lines(lines: Iterable[str]) -> list[str]:
    """Of a viewer's private lines, those his picture shows: his own secret casts (a
    spell on his invisible unit); the others change nothing on it, so viewers whose
    public parts are the same still share a picture."""
    return [line for line in lines if _IMPERVIOUS.match(line)]


def variant_events(scene: Scene, public: dict[str, Any], lines: list[str]) -> None:
    """The variants' events the viewer's text tells, for the marks on his map."""
    names = {row.get("name") or row["power"]: row["power"] for row in public.get("board", [])}
    failed = {m.group(1) for m in map(_FAILED_ILLUSION.match, lines) if m}
    for line in lines:
        if m := _ILLUSION.match(line):
            if not {m.group(1), m.group(2)} & failed:
                scene.swaps.append((m.group(1), m.group(2)))
        elif m := _IMPERVIOUS.match(line):
            if m.group(2) not in scene.impervious:
                scene.impervious.append(m.group(2))
        elif m := _COURT.match(line):
            power = names.get(m.group(2))
            if power is not None:
                scene.courts.setdefault(power, []).append(m.group(1))
        elif (m := _BRIBE.match(line)) and m.group(3) != m.group(5):
            scene.why[m.group(2)] = "bribed"
        for lost in _GENERAL_LOST.finditer(line):
            loss = Loss(lost.group(1), lost.group(2), "disbanded")
            if all(x.loc != loss.loc for x in scene.losses):
                scene.losses.append(loss)


def why_word(why: str) -> str:
    """The word the map writes under a unit that executed other than its owner's order,
    from the reason the results give: an Al-Andalus auto-hold, ARREST or PLUNDER."""
    for key, word in (("auto-hold", "auto-hold"), ("plunder", "plundered"),
                      ("ARREST", "arrest")):
        if key in why:
            return word
    return ""


def _lose(scene: Scene, m: re.Match[str]) -> None:
    loss = Loss(m.group(1), m.group(2), LOST.get(m.group(3), m.group(3)))
    if all(x.loc != loss.loc for x in scene.losses):
        scene.losses.append(loss)


def strokes_of(order: str, result: str, power: str) -> list[Stroke]:
    """The strokes of one order as the results text writes it ("A PAR - BUR",
    "F NTH C A LON - BEL", "BUILD F BRE"...); orders of other shapes (a variant's
    spells, bribes, votes) draw nothing."""
    words = _NOTE.sub("", order).replace("->", "-").split()
    ok = result in ("", "succeeds", "holds")
    if not words:
        return []
    head = words[0].upper()
    if head in ("BUILD", "REMOVE") and len(words) >= 3 and words[-2] in ("A", "F"):
        return [Stroke(head.lower(), power, words[-1], ok=ok, type=words[-2])]
    if head not in ("A", "F") or len(words) < 2:
        return []
    kind, src, rest = head, words[1], words[2:]
    verb = rest[0].upper() if rest else "H"
    if verb == "H":
        return [Stroke("hold", power, src, ok=ok, type=kind)]
    if verb in ("-", "R") and len(rest) >= 2:
        return [Stroke("move" if verb == "-" else "retreat", power, src, rest[1], ok=ok,
                       type=kind)]
    if verb == "D":
        return [Stroke("disband", power, src, type=kind)]
    if verb in ("S", "C") and len(rest) >= 3:
        target = rest[2]
        dst = rest[4] if len(rest) >= 5 and rest[3] == "-" else None
        return [Stroke("support" if verb == "S" else "convoy", power, src, dst, target,
                       ok=ok, type=kind)]
    return []
