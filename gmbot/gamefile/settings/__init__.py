"""A game's settings: the record the judge keeps of them (record.py) and the policies it
holds, each read from the game file and from the store by its own module: deadlines,
nmr (missed orders and replacements), votes, absences. The press rules are the press
package's (gmbot/press/policy.py); sign-up and takeover are read by check_joining.py.
The service and the game file use them; the engine and the variants never do."""

from gmbot.gamefile.settings.record import NMR_KINDS, GameSettings

__all__ = ["NMR_KINDS", "GameSettings"]
