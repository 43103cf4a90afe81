"""The inbound flow: one mail, whatever transport brought it, handled in one transaction.

Steps, in order:
    1. imap.py / gmbot.daemon.loop   transport: IMAP folder, Maildir inbox, the pipe's spool
    2. receive.py                    record the mail (once, by Message-ID) in its transaction
    3. batch.py                      the look-ups every gate asks, read once per batch
    4. receive.py (_handle)          gates: automated mail, size, route to a game and seat,
                                     sender authentication, rate limits
    5. commands/                     the mail's commands and orders, run in that transaction
       submit.py, relay.py           storing orders; relaying press
    6. receive.py (_reply), bounds.py  the reply, bounded in size, queued in the outbox
"""
