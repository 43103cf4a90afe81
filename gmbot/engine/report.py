"""The phase report's typed parts: the marks of the variants' events and one row of the
results. Stored with the phase (encoded msgspec) and read by the views and the picture;
the variants make them in their hooks, nothing else parses the results' English.

A mark says what happened where in a small generic vocabulary, so that the picture draws
a sixth variant's events without knowing it (docs/variants/ADDING.md):

  loss     a unit lost at `at` (`unit` its type A/F, `words` how: "vaporized")
  ring     a ring around the unit at `at` (`words`: "impervious")
  swap     a two-headed arrow between `at` and `to` (two places swapped)
  trade    an arrow each way between the units at `at` and `to` (something exchanged)
  label    a caption under the unit at `at` (`words`: "auto-hold", "bribed")
  tag      a tag above the centre at `at` (`words`: "Wazir NANOOK")
  stripes  the province `at` struck for a while (`words`: "catastrophe", "bottle")

`event` is the variant's own name for what happened ("vaporized", "illusion", "colours
exchanged", "bribe beat a pay", "court"): for the explanations, never drawn. `seen_by`
None is everyone; else only those powers see the mark (a secret cast's owner), and the
game master, whose copy of the results is the full one (viewer `GM`).

A fact is one thing the adjudicator weighed for one unit's order, in a player's words:
what `EXPLAIN <unit>` answers with, and, marked `surprise`, the short reason the results
print beside an order whose outcome a player of standard Diplomacy would not expect. The
resolver writes the standard facts (strengths, supports counted and cut, convoy routes);
a variant's hooks add theirs (kind RULE, the words from the variant's folder).

`PhaseReport` is the whole record of one adjudicated phase, stored as it is (its
builtins, with `version`) and read back once with `read_report`. Rows stored by earlier
versions were rewritten once into the current one (migration 0023); an old export's are
by `current_form` when it is imported."""

from __future__ import annotations

from typing import Any

import msgspec

# 1: the dict form stored before the marks; 2: the marks ("events"); 3: the facts. Each
# version only added fields with defaults; a row of 1 or 2 becomes 3 with `reasoned` false.
REPORT_VERSION = 3

LOSS, RING, SWAP, TRADE, LABEL, TAG, STRIPES = (
    "loss", "ring", "swap", "trade", "label", "tag", "stripes")
KINDS = frozenset({LOSS, RING, SWAP, TRADE, LABEL, TAG, STRIPES})

# The viewer key of the game master's copy of the results: he runs the game and checks
# the judge, so he sees everything, each thing the players may not see marked as hidden.
# No power or role key can be it (theirs are a map's or a variant's upper-case words).
GM = "#GM"


class Mark(msgspec.Struct, frozen=True, omit_defaults=True):
    kind: str  # one of KINDS
    at: str  # a location (province, or province/coast)
    event: str = ""  # the variant's word for the event
    to: str = ""  # swap, trade: the other end
    unit: str = ""  # the unit concerned: its name ("A BUD"), or for a loss its type
    words: str = ""  # what the picture writes (loss, label, tag, stripes)
    power: str = ""  # whose event it is (the caster, the Prince of a court)
    # A loss before the unit carried out its order (it draws no arrow then).
    stops: bool = False
    seen_by: tuple[str, ...] | None = None

    def seen(self, viewer: str | None) -> bool:
        return self.seen_by is None or viewer == GM or (
            viewer is not None and viewer in self.seen_by)


# The kinds of facts: a unit's strength against what it met, the supports it was given,
# a support cut (or void), a convoy's route, a rule a variant's hook applied.
STRENGTH, SUPPORT, CUT, CONVOY, RULE = "strength", "support", "cut", "convoy", "rule"


class Fact(msgspec.Struct, frozen=True, omit_defaults=True):
    unit: str  # the unit whose order it explains, named as at the start of the phase
    kind: str  # STRENGTH, SUPPORT, CUT, CONVOY or RULE
    # What the player reads: "attack 2 against hold 1 of A BUR"; of a unit the phase has
    # no row of, written to follow the unit's name: "faded into mist at the end of 1901".
    words: str
    event: str = ""  # a RULE's name for the rule applied ("colour decided", "illusion")
    surprise: bool = False  # the reason beside the result (a standard player expects other)
    seen_by: tuple[str, ...] | None = None  # as a mark's
    # The other units its words name: a viewer who may not see one of them is not shown
    # the fact (told by this list, never by reading the words).
    names: tuple[str, ...] = ()

    def seen(self, viewer: str | None) -> bool:
        return self.seen_by is None or viewer == GM or (
            viewer is not None and viewer in self.seen_by)


class Retreat(msgspec.Struct, frozen=True):
    """A dislodged unit: whose, where the attack came from, where it may retreat."""
    power: str
    attacker_from: str | None  # as engine/state.py's Dislodged
    retreats: list[str]


class Refusal(msgspec.Struct, frozen=True):
    power: str
    order: str  # the line as given
    reason: str
    province: str | None  # the unit it was about, when it can be told


class Step(msgspec.Struct, frozen=True, omit_defaults=True):
    """One stroke of an executed order, typed, for the picture: `kind` one of hold move
    retreat support convoy disband build remove; `at` the unit's place (a build's, a
    removal's), `to` where it goes (for a support or convoy: the other unit's target,
    empty when it holds), `via` the supported or convoyed unit's place."""
    kind: str
    at: str
    to: str = ""
    via: str = ""
    type: str = "A"


class Row(msgspec.Struct, frozen=True):
    """One line of a phase's results as every viewer reads it: the unit, its order as
    executed (labelled), its result code, and, where a variant made it execute other than
    its owner's order, the orders given and why; `steps` what the picture draws of it.
    Every row has the same fields, so that a row (a Warlock ghost's, a real unit's) never
    tells its kind by its shape."""
    unit: str
    order: str
    result: str
    given: str = ""
    why: str = ""
    steps: tuple[Step, ...] = ()
    # What its facts are keyed by where it is not `unit` (a Warlock ghost's row, named as
    # its real unit is): read for the reasons and EXPLAIN, cleared before any view.
    key: str = ""

    def fact_key(self) -> str:
        return self.key or self.unit


class Hidden(msgspec.Struct, frozen=True, omit_defaults=True):
    """What a rule set's `redact` keeps from other viewers (Warlock's secrecy): per owner,
    the units whose rows only he may read, rows everyone reads as a real unit's (a ghost's,
    a balloon's), and the dislodged units whose retreats are their owner's to read."""
    rows: dict[str, list[str]] = {}
    ghosts: dict[str, list[Row]] = {}
    air: dict[str, list[Row]] = {}
    dislodged: list[str] = []


class Shown(msgspec.Struct, frozen=True):
    """A dislodged unit as the results show it: `label` as the rules write the unit,
    `note` what its variant adds to the name ("red"), as the map draws it."""
    power: str
    attacker_from: str | None
    retreats: list[str]
    label: str
    note: str = ""


class Bulletin(msgspec.Struct, frozen=True):
    """What the results of a phase tell, before the rules' `redact` hook decides what one
    viewer may read of it: the rows per power, the dislodged units, what is hidden."""
    orders: dict[str, list[Row]]
    dislodged: dict[str, Shown]
    hidden: Hidden | None = None  # taken out by `redact`: never shown


class PhaseReport(msgspec.Struct, omit_defaults=True):
    """One adjudicated phase as it is stored (`gmbot adjudicate`'s output, the cases'):
    units by their names at the start of the phase."""
    phase: str
    next_phase: str
    units_after: dict[str, list[Any]]  # the position's unit entries, per power
    dislodged: dict[str, Retreat]
    moves: dict[str, str]  # unit -> where it went
    order_results: dict[str, str]  # unit -> result code
    orders: dict[str, str]  # unit -> its order as executed
    errors: list[Refusal]
    centers_after: dict[str, list[str]]
    position: dict[str, Any]  # the next phase's position (engine/position.py)
    given: dict[str, str] = {}  # unit -> the orders given, where it executed another
    # unit -> what the picture draws of its row, where a variant's row is not one order of
    # the judge's grammar (a double order's two legs); the others' are read from `orders`.
    steps: dict[str, list[Step]] = {}
    why: dict[str, str] = {}  # unit -> why it executed what it did
    unordered: list[str] = []  # units that held for want of an order
    built: list[str] = []
    removed: list[str] = []
    public_notes: list[str] = []
    private_notes: dict[str, list[str]] = {}  # viewer -> lines
    random_notes: list[Any] = []  # what the seeded draws gave, for the GM's log
    hidden_notes: Hidden | None = None  # what the rules' redact keeps from other viewers
    events: list[Mark] = []  # the variants' events
    facts: list[Fact] = []  # what the adjudicator weighed, per unit
    winner: str | None = None
    eliminated: list[str] = []
    # False: adjudicated before the judge kept its reasoning (a row of version 1 or 2), so
    # that the missing facts are told as unknown, not as "nothing opposed it".
    reasoned: bool = True
    # True: each fact lists the units its words name (Fact.names). A row stored before
    # they did lacks it (False): with anything hidden from a viewer, none of its facts is
    # shown him, since whom they name is not known.
    named: bool = False
    version: int = 1  # a row without one is of version 1

    def facts_of(self, unit: str, viewer: str | None) -> list[Fact]:
        return [f for f in self.facts if f.unit == unit and f.seen(viewer)]


def read_report(data: object) -> PhaseReport:
    """A stored report, of any version, decoded once (extra keys the store keeps beside it,
    the public text, who missed orders, are passed over)."""
    return msgspec.convert(data, PhaseReport)


def current_form(data: dict[str, Any]) -> dict[str, Any]:
    """A stored report of any version in the current one (what migration 0023 did to the
    stored rows): an old export's, as it is imported."""
    if int(data.get("version") or 1) >= REPORT_VERSION:
        return data
    return {**data, "version": REPORT_VERSION, "reasoned": False}


def encode_report(report: PhaseReport) -> dict[str, Any]:
    """The stored form: plain data, with the version it was written in."""
    out: dict[str, Any] = msgspec.to_builtins(report)
    out["version"] = REPORT_VERSION
    return out


def fact_words(fact: Fact, viewer: str | None) -> str:
    """The fact's words as `viewer` reads them: the game master's copy says of a fact only
    some powers read whom it is told."""
    if viewer == GM and fact.seen_by is not None:
        return f"{fact.words} [told only {', '.join(fact.seen_by) or 'nobody'}]"
    return fact.words


def surprises(facts: list[Fact], viewer: str | None) -> dict[str, str]:
    """Unit -> the reasons beside its result that `viewer` may read (the GM's with whom
    each is told, where not everyone)."""
    out: dict[str, str] = {}
    for f in facts:
        if f.surprise and f.seen(viewer):
            words = fact_words(f, viewer)
            out[f.unit] = f"{out[f.unit]}; {words}" if f.unit in out else words
    return out


def unhidden(facts: list[Fact], hidden: set[str], named: bool = True) -> list[Fact]:
    """The facts that name no unit of `hidden` (units a viewer may not see): neither as
    the unit they explain nor among the units their words name (`named` False: a report
    whose facts do not list them, so with anything hidden none is shown)."""
    if not hidden:
        return facts
    if not named:
        return []
    return [f for f in facts if f.unit not in hidden and hidden.isdisjoint(f.names)]


def marks_from(data: object) -> list[Mark]:
    """The marks of a stored report (none in a version-1 row)."""
    if not data:
        return []
    return msgspec.convert(data, list[Mark])


def marks_seen(marks: list[Mark], viewer: str | None) -> list[Mark]:
    return [m for m in marks if m.seen(viewer)]


def encode_marks(marks: list[Mark]) -> list[dict[str, object]]:
    return msgspec.to_builtins(marks)  # type: ignore[no-any-return]
