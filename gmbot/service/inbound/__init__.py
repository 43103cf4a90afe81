"""The inbound flow: one mail, whatever transport brought it, handled in one transaction.

Steps, in order:
    1. transport   imap.py, gmbot.daemon.loop: an IMAP folder, the Maildir inbox, the
                   pipe's spool
    2. record      record.py: parse the mail, examine who wrote it (evidence.py: every
                   mail without DKIM; DKIM, outside the write lock and within one DNS
                   budget a batch, only for mail a pre-routing pass finds could change
                   something), record it once (by Message-ID) in its transaction; a
                   batch's look-ups read once (batch.py)
    3. gates       gates.py: the policy, in the order of its GATES tuple (the one place
                   that order is written), the cheap checks first: automated mail, route
                   to a game and seat, strangers, the hourly limit (only proven mail
                   counts), authentication (proof.py: a mail that proves nothing gets one
                   bare notice an hour), the size, an ended or unknown game, lock the
                   game. Each gate asks the store through lookups.py (per mail, or read
                   ahead for a batch) and ends the mail with an Outcome (handling.py) or
                   passes it on
    4. commands    commands/: the mail read into a Request (parse.py) and run as the command
                   table says (commands/table.py: one row per mail command, from which the
                   parser, the dispatch, the usage lines, "did you mean" and HELP are
                   made); submit.py and relay.py store orders and relay press
    5. reply       reply.py, bounds.py: the answer or the refusal, bounded in size, queued
                   in the outbox
"""
