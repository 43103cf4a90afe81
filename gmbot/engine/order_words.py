"""The words of the judge's order grammar (docs/orders.md): the unit words, each order
kind's words, the coasts, the noise a player writes between them, and the reason a line
beginning with another phase's order word gets."""

from __future__ import annotations

UNIT_WORDS = {"A": "A", "ARMY": "A", "F": "F", "FLEET": "F"}
UNIT_PLACE_WORDS = {"IN", "AT"}  # between a unit word and its province: "fleet in Brest"
# Before a unit word: "The army at Marseilles supports the army in Paris" (the trial of 3
# December, fourth, had it taken for prose); a line beginning "The Channel" stays prose.
UNIT_ARTICLES = {"THE", "MY", "OUR"}
MOVE_WORDS = {"-", "TO", "M", "MOVE", "MOVES", "MOVETO", "MOVESTO", "ATTACK", "ATTACKS"}
# "F TRI stays" is how a newcomer writes a hold too (the trial of 3 December, fourth).
HOLD_WORDS = {"H", "HOLD", "HOLDS", "STAND", "STANDS", "STAY", "STAYS"}
SUPPORT_WORDS = {"S", "SUP", "SUPP", "SUPPORT", "SUPPORTS"}
CONVOY_WORDS = {"C", "CONVOY", "CONVOYS", "TRANSPORT", "TRANSPORTS"}
RETREAT_WORDS = {"R", "RETREAT", "RETREATS"}
DISBAND_WORDS = {"D", "DISBAND", "DISBANDS", "REMOVE", "REMOVES", "DESTROY"}
BUILD_WORDS = {"B", "BUILD", "BUILDS", "+"}
WAIVE_WORDS = {"WAIVE", "WAIVES", "WAIVED"}
# The order words a line may begin with (docs/orders.md): in a phase that has no such
# order, a line beginning with one gets the phase's reason rather than "unknown province".
LEADING_RETREAT = frozenset({"RETREAT", "RETREATS", "DISBAND", "DISBANDS", "DESTROY"})
LEADING_ADJUST = frozenset({"BUILD", "BUILDS", "REMOVE", "REMOVES"}) | WAIVE_WORDS
NOT_NOW_RETREAT = "retreats and disbands are given in a retreat phase, not now"
NOT_NOW_ADJUST = ("builds, removals and waives are given in the winter (adjustment) phase, "
                  "not now")
# The end of the reason a movement line gets for a word where its order word belongs: a
# province there gets "did you mean" the move (move_meant.py).
NO_ORDER_WORD = "expected -, H, S or C after the unit"
NOISE = {"THE", "IN", "AT", "OF", "AND", "WILL"}
COAST_WORDS = {
    "NC": "NC", "NORTH": "NC", "N": "NC", "NORTHCOAST": "NC",
    "SC": "SC", "SOUTH": "SC", "S": "SC", "SOUTHCOAST": "SC",
    "EC": "EC", "EAST": "EC", "E": "EC", "EASTCOAST": "EC",
    "WC": "WC", "WEST": "WC", "W": "WC", "WESTCOAST": "WC",
}  # fmt: skip
COAST_CODES = frozenset(COAST_WORDS.values())
