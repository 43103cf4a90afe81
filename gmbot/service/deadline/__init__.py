"""The deadline flow: what happens when a phase is due.

Steps, in order:
    1. wakeups.py    when each open phase next needs a look (phases.wake_at)
    2. due.py        the games whose open phase is due now, and why
    3. process.py    each due phase adjudicated in its own transaction, the next phase
                     opened, the result stored; then the missed-orders policy
                     (service/seats) and the standing votes (ballot.py)
    4. results.py    the results rendered per recipient and queued
    5. reminders.py  reminders before a deadline, the late notices after it
    6. gameover.py   the end of a game: the final summary to everyone

context.py holds what the steps need of a phase (rules, policy, players, position,
orders), built once per phase and passed along; parking.py parks a game the flow cannot
go on with.
"""
