"""Whether a mail proves its author, as the `authenticate` gate (gates.py) weighs it, and
what a mail that proves nothing gets (docs/security.md).

- A mail routed to a seat (a player's or the GM's in a running game) is weighed for that
  seat: a trusted header or a DKIM signature, meant for the game's judge (DKIM is
  verified, before the transaction, only for mail that could change something:
  evidence.py), a reply token issued at most limits.reply_token_days ago, or the
  PASSWORD line. The PASSWORD line is checked (scrypt) only while its seat has had
  fewer than limits.password_guesses_per_hour wrong ones in the last hour: past that,
  guessing gets no answer, and the real player's other proofs still work.
- A mail in a registered address's name routed to no seat (an unknown or missing game
  tag, a finished game) is weighed for every seat of that address, by what costs
  nothing (a trusted header, a reply token) or was verified before (a signature, for
  mail to a finished game's seat). The PASSWORD line proves only the seat a mail is
  routed to.
- A mail that proves nothing changes nothing and never counts against the address's
  hourly limit; the registered address gets one short notice an hour, which repeats
  nothing of the mail, not even its subject."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from gmbot.service.inbound.handling import Handling, Outcome
from gmbot.service.inbound.lookups import RATE_WINDOW, UNVERIFIED, WRONG_PASSWORD
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.service.runtime import log_event
from gmbot.store.models import Game, Player

NOTICE_WINDOW = timedelta(hours=1)  # one "could not be verified" notice per address
GUESS_WINDOW = RATE_WINDOW  # the hour of limits.password_guesses_per_hour
NO_PROOF = "no signature, trusted header, reply key or password"
UNCHECKED = "a PASSWORD line not checked: too many wrong ones for this seat in the last hour"

Seat = tuple[Game, Player | None]  # a game and the sender's seat in it (None: its GM)


def seat_proof(h: Handling, game: Game, player: Player | None) -> str | None:
    """How the mail proves it is from the seat's holder, or None (and why, in h). The
    PASSWORD line last, and only while the seat is not guessed out: scrypt costs."""
    secret = game.gm_secret_hash if player is None else player.secret_hash
    address = game.gm if player is None else player.address

    def proof(password: str | None) -> str | None:
        return h.evidence.proof_for(address, game.name, secret, password, game.settings.auth,
                                    judge=(game.judge,), now=h.app.now(),
                                    token_days=h.app.config.limit("reply_token_days"))

    found = proof(None)
    password = h.request.password
    if found is not None or not (password and secret):
        return found
    if _guessed_out(h, game, address):
        h.password_unchecked = True
        return None
    found = proof(password)
    checked = game.settings.auth == "none" or h.evidence.address == address.lower()
    h.wrong_password = found is None and checked
    return found


def any_seat_proof(h: Handling) -> str | None:
    """How a mail routed to no seat proves it is from its sender, by any seat he holds
    (without the PASSWORD line); None if it does not."""
    now = h.app.now()
    for game, player in seats(h):
        secret = game.gm_secret_hash if player is None else player.secret_hash
        proof = h.evidence.proof_for(h.mail.sender, game.name, secret, None, game.settings.auth,
                                     judge=(game.judge,), now=now,
                                     token_days=h.app.config.limit("reply_token_days"))
        if proof is not None:
            return proof
    return None


def seats(h: Handling) -> list[Seat]:
    """Every seat the sender holds: in running games, as a GM, and in finished games."""
    if h.seats is not None:
        return h.seats
    known = h.known if h.known is not None else h.lookups.route(h.mail.sender)
    found: list[Seat] = [(p.game, p) for p in known.players]
    found += [(game, None) for game in known.gm_games]
    with h.s.no_autoflush:
        for game in h.lookups.finished_games(h.mail.sender):
            player = next((p for p in game.players
                           if p.active and p.address == h.mail.sender), None)
            if player is not None:
                found.append((game, player))
    h.seats = found
    return found


def unverified(h: Handling, game: Game | None, address: str) -> Outcome:
    """A mail in a registered name that proves nothing changes nothing. The registered
    address (never the mail's other headers) gets one short notice an hour, naming no
    more than the game's tag (no tag for mail routed to no game), and none of the mail's
    text; the mail does not count against the address's limit (its reason starts with
    UNVERIFIED: lookups.counts_for_limit)."""
    if h.password_unchecked:
        why = UNCHECKED
    elif h.wrong_password:
        why = WRONG_PASSWORD
    else:
        why = h.evidence.author.problem or NO_PROOF
    reason = f"{UNVERIFIED}: {why}"
    now = h.app.now()
    noticed = h.lookups.auth_noticed(address, now - NOTICE_WINDOW)
    if not noticed:
        subject, body = render("unverified.txt.j2", game=game.name if game else None)
        queue_mail(h.s, key=f"auth-notice:{h.record.message_id}", kind="auth-notice",
                   sender=game.judge if game else _any_judge(h), recipient=address,
                   subject=subject, body=body, now=now, game=game)
    if game is not None:
        h.record.game_id = game.id  # the seat its wrong passwords are counted for
        log_event(h.s, game, "mail_unverified", now, sender=h.mail.sender,
                  message_id=h.mail.message_id, reason=why)
    return Outcome("refused", reason + ("" if not noticed else " (notice already sent)"),
                   game=game.name if game else None)


def _guessed_out(h: Handling, game: Game, address: str) -> bool:
    """Whether the seat had limits.password_guesses_per_hour wrong PASSWORD lines in the
    last hour: then no more are checked until the oldest leaves the hour."""
    limit = int(h.app.config.limit("password_guesses_per_hour"))
    since = h.app.now() - GUESS_WINDOW
    return h.lookups.wrong_passwords(address, game.id, since, limit) >= limit


def _any_judge(h: Handling) -> str:
    with h.s.no_autoflush:
        return h.s.scalars(select(Game.judge).order_by(Game.id)).first() or "gmbot@localhost"
