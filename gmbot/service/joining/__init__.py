"""Joining a game by mail (issue 24, item 1, and TAKEOVER of item 3): LIST, JOIN (SIGN ON),
OBSERVE and TAKEOVER from any address, proven by a reply to the judge's confirmation;
the GM's APPROVE and REJECT; the start of a game whose seats are full. docs/joining.md.

- words.py      the sign-up commands of a mail, read from its lines
- seats.py      which seats are open: open_seats (a running game), free_seats (sign-up)
- listing.py    LIST's answer
- requests.py   JOIN, OBSERVE and TAKEOVER asked, confirmed, approved or rejected
- draw.py       powers by preference, then a seeded draw (pure, replayable)
- start.py      a full sign-up game started, once
- closing.py    a game whose sign-up closed started with bots in the seats left
- takeover.py   a standby seated in an open seat

The inbound gate that hands a mail to these (service/inbound/gates.py, `joining`) keeps
the bounds on strangers' mail; everything here runs in the caller's transaction."""
