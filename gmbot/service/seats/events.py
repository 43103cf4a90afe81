"""The events a game's seats are read from: who opened a seat and why, who took it
over, where the judge's bot plays and what it chose (heir.py, opening.py, bot_seats.py,
bot_orders.py, the GM's REPLACE and TAKEOVER). A full export carries them, so that an
imported game's seats are the original's (service/archive)."""

from __future__ import annotations

from gmbot.service.seats.bot_orders import BOT_ORDERS
from gmbot.service.seats.bot_seats import BOT_REMOVED, BOT_SEATED, TAKEN
from gmbot.service.seats.heir import SEAT_OPENED

SEAT_EVENTS = (SEAT_OPENED, *TAKEN, BOT_SEATED, BOT_REMOVED, BOT_ORDERS)
# Which of an event's fields name a seat, a phase or an address (an import checks them).
SEAT_FIELDS, PHASE_FIELDS = ("power", "who", "offered_to"), ("phase",)
ADDRESS_FIELDS = ("address", "old", "new", "called")
