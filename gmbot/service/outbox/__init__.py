"""The outbound flow: every mail gmbot writes goes through here.

Steps, in order:
    1. render.py     Jinja templates (templates/) rendered from plain view data
    2. queue.py      queued inside the caller's transaction, once per key
    3. tokens.py     each recipient's reply token in the Message-ID
    4. delivery.py   the outbox drained in order through Maildir or SMTP; failures back off
    5. retention.py  the raw text of old mail forgotten after its time
"""
