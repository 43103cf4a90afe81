"""What a picture shows, read from a recipient's view (gmbot/service/views/results.py): the
centres and their owners, the units, and the phase's orders as strokes. Plain data, so
that tests can say what a picture must show without looking at pixels."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from gmbot.engine.report import LABEL, LOSS, RING, STRIPES, SWAP, TAG, TRADE, Mark, Row, Shown


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
    tags: dict[str, list[str]] = field(default_factory=dict)  # centre -> its tags' words
    striped: set[str] = field(default_factory=set)  # the words of the stripes marks


class ShownPiece(Protocol):
    """A unit of a view's board, as the picture reads it (service/views/shown.py)."""
    @property
    def type(self) -> str: ...
    @property
    def loc(self) -> str: ...
    @property
    def note(self) -> str: ...
    @property
    def mark(self) -> str: ...


class BoardLine(Protocol):
    """One owner's line of a view's board."""
    @property
    def power(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def centres(self) -> Sequence[str]: ...
    @property
    def homes(self) -> Sequence[str] | None: ...
    @property
    def pieces(self) -> Sequence[ShownPiece]: ...


class PublicPart(Protocol):
    """What the picture reads of a view's public part: the phases, the board, the rules'
    board marks, the variants' events and the results' rows and dislodged units."""
    @property
    def phase(self) -> str: ...
    @property
    def next_phase(self) -> str: ...
    @property
    def board(self) -> Sequence[BoardLine]: ...
    @property
    def marks(self) -> Mapping[str, Sequence[str]]: ...
    @property
    def events(self) -> Sequence[Mark]: ...
    @property
    def orders(self) -> Mapping[str, Sequence[Row]]: ...
    @property
    def dislodged(self) -> Mapping[str, Shown]: ...


def scene_of(public: PublicPart, centres: Iterable[str]) -> Scene:
    """The scene of a view's public part; `centres` are the map's supply centres. The
    variants' events come as the marks the view gives (engine/report.py), those the
    viewer may see."""
    scene = Scene(phase=public.next_phase or public.phase)
    scene.centres = {c: None for c in centres}
    for line in public.board:
        power = line.power
        for c in line.centres:
            scene.centres[c] = power
        for h in line.homes or ():
            scene.homes[h] = power
        pieces = line.pieces
        for p in pieces:
            scene.pieces.append(Piece(power, p.type, p.loc, p.note, p.mark))
        # Counted from the same rows the units are drawn from: a unit the viewer may not
        # see is neither drawn nor counted.
        scene.standings.append(Standing(power, line.name or power.title(),
                                        len(line.centres), len(pieces)))
    scene.marks = {k: list(v) for k, v in public.marks.items()}
    events = public.events
    # Units lost before they carried out their orders: no arrow, a mark where they were.
    stopped = {f"{m.unit} {m.at}" for m in events if m.kind == LOSS and m.stops}
    for power, rows in public.orders.items():
        for row in rows:
            if row.unit in stopped:
                continue
            scene.strokes.extend(strokes_of(row, power))
    for mark in events:
        add_mark(scene, mark)
    for unit, d in public.dislodged.items():
        kind, _, loc = unit.partition(" ")
        scene.dislodged.append((Piece(d.power, kind, loc, d.note),
                                list(d.retreats or ())))
    return scene


def add_mark(scene: Scene, mark: Mark) -> None:
    """One event on the scene, by its generic kind; a kind the picture does not know is
    left to the text."""
    if mark.kind == LOSS:
        loss = Loss(mark.unit, mark.at, mark.words)
        if all(x.loc != loss.loc for x in scene.losses):
            scene.losses.append(loss)
    elif mark.kind == SWAP:
        scene.swaps.append((mark.at, mark.to))
    elif mark.kind == TRADE:
        scene.exchanges.append((mark.at, mark.to))
    elif mark.kind == RING:
        if mark.at not in scene.impervious:
            scene.impervious.append(mark.at)
    elif mark.kind == LABEL:
        scene.why[mark.at] = mark.words
    elif mark.kind == TAG:
        scene.tags.setdefault(mark.at, []).append(mark.words)
    elif mark.kind == STRIPES:
        scene.striped.add(mark.words)
        marks = scene.marks.setdefault(mark.at, [])
        if mark.words not in marks:
            marks.append(mark.words)


def strokes_of(row: Row, power: str) -> list[Stroke]:
    """The strokes of one row, from its typed steps (engine/steps.py); a row of another
    shape (a variant's spell, bribe, vote) has none and draws nothing."""
    ok = row.result in ("", "succeeds", "holds")
    return [Stroke(s.kind, power, s.at, s.to or None, s.via or None,
                   ok=ok or s.kind == "disband", type=s.type) for s in row.steps]
