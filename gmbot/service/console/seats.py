"""The GM's verbs for the players' seats on the command line, each one use case in one
transaction: absences, sign-ups and takeovers, the seats, civil disorder, votes and
draws, the judge's bot in a seat (docs/gm-actions.md). Each returns the lines to print;
a refusal is an AdminError (a BotSeatError for the bot's seats), and then nothing was
done."""

from __future__ import annotations

from gmbot.service.absence.declare import come_back, declare, seat_of
from gmbot.service.app import App
from gmbot.service.deadline.absences import all_absences, live, rules_of, span_text
from gmbot.service.gm import admin
from gmbot.service.gm.admin import find_game
from gmbot.service.gm.errors import AdminError
from gmbot.service.joining import requests
from gmbot.service.joining.seats import free_seats, open_seats, signup_of
from gmbot.service.locks import lock_game
from gmbot.service.runtime import StoredPositionError, current_phase, rules_for, state_of
from gmbot.service.seats import bot_seats
from gmbot.service.seats.roster import seats_lines
from gmbot.service.votes.show import vote_lines


def absence_list(app: App, name: str, everything: bool) -> list[str]:
    """The players' absences running or to come (`everything`: every one declared)."""
    now = app.now()
    with app.db.transaction() as s:
        g = find_game(s, name)
        rows = all_absences(s, g) if everything else live(s, g, now)
        lines = ([] if rules_of(g).allowed else
                 [f"{g.name}: absences are not allowed (absences: allowed: false)"])
        lines += [f"{a.power} {span_text(g, a, utc=True)}"
                  f"{' (declared by the GM)' if a.by == 'gm' else ''}" for a in rows]
        if not rows:
            lines.append(f"{g.name}: no absence "
                         f"{'declared' if everything else 'running or to come'}")
        return lines


def declare_absence(app: App, name: str, power: str, when: tuple[str, ...]) -> str:
    """The GM declares POWER absent, WHEN as by mail."""
    with app.db.transaction() as s:
        g = find_game(s, name)
        return declare(s, g, seat_of(g, power), when, app.now(), by="gm")


def end_absence(app: App, name: str, power: str) -> str:
    """POWER's absence ends now (one still to come is called off)."""
    with app.db.transaction() as s:
        g = find_game(s, name)
        return come_back(s, g, seat_of(g, power), app.now())


def signup_list(app: App, name: str) -> list[str]:
    """The requests to join, observe or take over a seat, and the free seats."""
    with app.db.transaction() as s:
        g = find_game(s, name)
        if g.status == "signup":
            seats = signup_of(g).open_powers
            lines = [f"{g.name}: open for sign-up, {free_seats(s, g)} of {len(seats)} "
                     f"seats free ({', '.join(seats)})"]
        else:
            lines = [f"{g.name} ({g.status}): open seats: "
                     f"{', '.join(open_seats(s, g)) or 'none'}"]
        for row in requests.pending_list(s, g):
            wish = f" {' '.join(row.powers)}" if row.powers else ""
            got = f" -> {row.power}" if row.power else ""
            lines.append(f"  {row.created_at:%Y-%m-%d %H:%M} {row.kind}{wish} {row.address}: "
                         f"{row.status}{got}")
        return lines


def decide_request(app: App, name: str, address: str, approve: bool) -> str:
    """The GM approves or rejects ADDRESS's confirmed request."""
    with app.db.transaction() as s:
        g = find_game(s, name)
        lock_game(s, g)  # as a mail's commands run: the game may start
        decide = requests.approve if approve else requests.reject
        return decide(s, g, address, app.now())


def seat_list(app: App, name: str) -> list[str]:
    """Each seat's player and his run of phases without orders, or why it is open; the
    missed-orders policy and the standby list (the game's, then gmbot.yaml's)."""
    with app.db.transaction() as s:
        return seats_lines(s, find_game(s, name), app.config.standby)


def disorder(app: App, name: str, power: str) -> str:
    """POWER in civil disorder, as DISORDER by mail."""
    with app.db.transaction() as s:
        game = find_game(s, name)
        lock_game(s, game)  # as a mail or a deadline takes it: one opening at a time
        return admin.put_in_disorder(s, game, power, app.now(), app.config.standby)


def draw(app: App, name: str, powers: tuple[str, ...]) -> str:
    """The game ends in a draw of all survivors, or of the surviving POWERS named."""
    with app.db.transaction() as s:
        return admin.declare_draw(s, find_game(s, name), app.now(), *powers)


def vote_list(app: App, name: str) -> list[str]:
    """The standing votes: who voted for what, who has not."""
    with app.db.transaction() as s:
        g = find_game(s, name)
        phase = current_phase(s, g)
        if phase is None or g.status == "finished":
            return [f"{g.name} ({g.status}): no votes are open"]
        rules = rules_for(g)
        try:
            state = state_of(g, phase, rules)
        except StoredPositionError as e:
            raise AdminError(str(e)) from None
        return vote_lines(s, g, state, rules, None, gm=True) or [f"{g.name}: no vote stands"]


def bot_seat(app: App, name: str, power: str, add: bool) -> str:
    """The GM's ADD BOT (`add`) or REMOVE BOT."""
    with app.db.transaction() as s:
        g = find_game(s, name)
        lock_game(s, g)
        act = bot_seats.add_bot if add else bot_seats.remove_bot
        return act(s, g, power, app.now())
