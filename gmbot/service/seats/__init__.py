"""Seats: who holds each power, and what opens a seat. A seat is open when its power is
still in the game and no active Player row holds it (Player.active). RESIGN, the GM's
DISORDER and the game's missed-orders policy (gmbot/gamefile/settings/nmr.py) open a seat the same
way (opening.py): the player's row is deactivated, a `seat_opened` event recorded, the GM,
the players, the observers and the former player told, and a call for a replacement sent
to the standby list. An open seat's power is adjudicated without orders (civil disorder)
until someone takes it over.

This package sits between the flows: the deadline flow (a phase's missed orders), the
GM's actions and the mail commands use it; it uses only views, outbox and the store."""
