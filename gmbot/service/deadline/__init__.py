"""The deadline flow: what happens when a phase is due.

Steps, in order:
    1. wakeups.py    when each open phase next needs a look (phases.wake_at)
    2. process.py    due games found, each phase adjudicated in its own transaction,
                     results rendered per recipient and queued; reminders and the GM's
                     late notice at their times
    3. gameover.py   the end of a game: the final summary to everyone
"""
