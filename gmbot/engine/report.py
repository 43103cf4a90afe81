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
None is everyone; else only those powers see the mark (a secret cast's owner)."""

from __future__ import annotations

import msgspec

REPORT_VERSION = 2  # 1: the dict form stored before the marks (read as it is: defaults)

LOSS, RING, SWAP, TRADE, LABEL, TAG, STRIPES = (
    "loss", "ring", "swap", "trade", "label", "tag", "stripes")
KINDS = frozenset({LOSS, RING, SWAP, TRADE, LABEL, TAG, STRIPES})


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
        return self.seen_by is None or (viewer is not None and viewer in self.seen_by)


class Row(msgspec.Struct, frozen=True):
    """One line of a phase's results as every viewer reads it: the unit, its order as
    executed (labelled), its result code, and, where a variant made it execute other than
    its owner's order, the orders given and why. Every row has the same fields, so that a
    row (a Warlock ghost's, a real unit's) never tells its kind by its shape."""
    unit: str
    order: str
    result: str
    given: str = ""
    why: str = ""


def marks_from(data: object) -> list[Mark]:
    """The marks of a stored report (none in a version-1 row)."""
    if not data:
        return []
    return msgspec.convert(data, list[Mark])


def marks_seen(marks: list[Mark], viewer: str | None) -> list[Mark]:
    return [m for m in marks if m.seen(viewer)]


def encode_marks(marks: list[Mark]) -> list[dict[str, object]]:
    return msgspec.to_builtins(marks)  # type: ignore[no-any-return]


def row_of(unit: str, order: str, result: str, given: str = "", why: str = ""
           ) -> dict[str, str]:
    """A results row as the views and the export carry it: every field, always."""
    return {"unit": unit, "order": order, "result": result, "given": given, "why": why}
