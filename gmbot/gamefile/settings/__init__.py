"""A game's settings and the policies they hold: the record the judge keeps of them
(record.py), and each policy, read from the game file and kept in the record by its own
module: deadlines (deadlines.py, deadline_section.py), nmr (missed orders and
replacements), votes, absences, press, bots and signup; the takeover approval is one
flag of the record. The game file's sections are checked by gamefile/checker.py and
check_joining.py. The service and the game file use them; the engine and the variants
never do."""

from gmbot.gamefile.settings.record import NMR_KINDS, GameSettings

__all__ = ["NMR_KINDS", "GameSettings"]
