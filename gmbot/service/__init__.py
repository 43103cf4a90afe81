"""Use cases: the only layer that opens a transaction, and the only one that talks to the
engine, the store, the mail code and the renderer alike. Grouped by flow, one sub-package
each; the modules at this level are the kernel every flow shares.

Flows:
    inbound/    one mail in: transport -> record -> gates -> commands -> reply
    deadline/   a deadline: due -> process -> results, reminders, game over
    seats/      open seats, civil disorder, the missed-orders policy, bot seats
    correspondent/  a seat held by an outside program (`gmbot bot-mail`, MILA's JSON lines)
    absence/    players' absences declared (ABSENCE, VACATION, BACK)
    archive/    whole games exported and imported
    gm/         the GM's side: load a game file, admin actions, announcements, credentials
    outbox/     mail out: queue, reply tokens, delivery, retention, rendering (templates)
    views/      what one recipient may see: results, pictures, standings, the press record

Shared kernel:
    app.py       the application context (configuration, database, clock)
    runtime.py   stored rows turned into engine objects; small common queries
    positions.py stored positions decoded once
    known.py     the seam to what a transaction read ahead (a batch's open phases, sets)
    locks.py     game row locks

(app.py imports deadline/wakeups.py for one reason: that module installs the flush hook
that keeps phases.wake_at current in every session.)

Dependencies point one way: site -> inbound -> correspondent -> joining | votes | absence |
archive -> gm -> deadline -> seats -> views -> outbox (a package may use those to its
right, never those to its left; pyproject.toml's layers contract names every one); the
runners that compose the flows (tick, the daemon, the spool worker) are in gmbot/daemon.
"""
