"""The inbound side of joining by mail (service/joining): which mails are sign-up mail,
the bounds on answering them, and the answer. Called by the `joining` gate (gates.py),
before the stranger gate, since a stranger is exactly who signs up.

- A mail with LIST, JOIN (SIGN ON), OBSERVE or TAKEOVER, addressed (To/Cc) to a judge, is
  answered by the joining use case, whoever sent it. It proves nothing (no DKIM is asked
  for it: evidence.py routes it nowhere), so it counts against no one's hourly limit
  (its reason starts with UNVERIFIED), and it is answered only within the caps of
  _silenced: past one it is recorded and not answered. The answer quotes none of its
  words (a line is named by its number and verb), and its text is the judge's own, of
  bounded size; once sent, the outbox keeps no body of it (outbox/delivery.py). A JOIN,
  OBSERVE or TAKEOVER is recorded unconfirmed; the answer carries its reply token.
- A reply to such an answer (its token in In-Reply-To/References) from the address that
  asked confirms the request: it is proven, and weighed against the sender's hourly limit
  like any proven mail."""

from __future__ import annotations

from collections.abc import Callable, Collection

from gmbot.config import max_message_bytes
from gmbot.mail.auth.addressed import addressed_to_judge
from gmbot.mail.oversize import head_of
from gmbot.service.inbound.bounds import cap_reply
from gmbot.service.inbound.handling import Handling, Outcome
from gmbot.service.inbound.lookups import (
    PROVEN_SIGNUP_KIND,
    RATE_WINDOW,
    SIGNUP_KIND,
    UNVERIFIED,
)
from gmbot.service.joining.words import Ask, read_asks
from gmbot.service.outbox.queue import new_message_id, queue_mail
from gmbot.service.outbox.render import render, text_html

SUBJECT_KEPT = 80  # as record.py keeps a refused mail's
KEY_KEPT = 200  # the outbox key, from the mail's Message-ID: bounded like the rest
MESSAGE_ID_KEPT = 200  # a longer Message-ID is not repeated in the answer's In-Reply-To
ASKED = f"{UNVERIFIED}: a sign-up request (proven only by the reply to its answer)"


def signup_mail(h: Handling, limit: Callable[[Handling], Outcome | None]) -> Outcome | None:
    """Handle the mail if it is sign-up mail (see above); None to pass it on. `limit`: the
    hourly limit gate, for a proven confirmation."""
    if h.mail.size > max_message_bytes(h.app.config):
        return None  # read from its header section only: the stranger gate refuses it
    confirming = _confirmation(h, limit)  # first: a reply may quote or repeat its JOIN
    if confirming is not None:
        return confirming
    asks = _meant(h, read_asks(h.mail.lines))
    if not asks:
        return None
    judges = h.lookups.judges()
    if not addressed_to_judge(h.evidence.sent, judges):
        return None  # sign-up mail goes to the judge, not to a Bcc or a list
    silenced = _silenced(h)
    if silenced:
        return Outcome("refused", f"{ASKED} ({silenced})")
    leaving = next((a for a in asks if a.verb in ("UNOBSERVE", "QUIET")), None)
    if leaving is not None:
        return _unobserve(h, leaving, judges)
    from gmbot.service.joining.requests import answer_asks, token_of  # see _confirmation

    now = h.app.now()
    answer = answer_asks(h.s, h.mail.sender, asks, now,
                         h.app.config.limit("reply_token_days"))
    game, signup = answer.game, answer.signup
    # From the judge address the mail was sent to (the game's, when it names one).
    judge = game.judge if game else sorted(h.evidence.sent.recipients & set(judges))[0]
    title = ("Please confirm" if signup is not None
             else "Not accepted" if answer.errors else "Games on this judge")
    text = cap_reply("\n\n".join(answer.sections).rstrip() + "\n")
    subject, body = render("joining_note.txt.j2", game=game, title=title, text=text) \
        if game else (title, text)
    token = token_of(game, signup, now) if game and signup else None
    if game is not None:
        h.record.game_id = game.id
    # Kept like a refused mail's record: unproven mail from anyone stores no text.
    h.record.subject = h.record.subject[:SUBJECT_KEPT]
    if h.record.raw is not None:
        h.record.raw = head_of(h.record.raw)
    queue_mail(h.s, key=f"reply:{h.record.message_id}"[:KEY_KEPT],
               kind=PROVEN_SIGNUP_KIND if _proven(h) else SIGNUP_KIND, sender=judge,
               recipient=h.mail.sender, subject=subject, body=body, now=now, game=game,
               # An HTML part only for a proven sender: an answer to a forged From stays
               # as small as it can be (docs/mails.md).
               html=text_html(subject, body) if _proven(h) else None,
               in_reply_to=_reply_to(h.mail.message_id),
               message_id=new_message_id(judge, token))
    return Outcome("handled", ASKED, game=game.name if game else None, replies=[subject])


def _unobserve(h: Handling, ask: Ask, judges: Collection[str]) -> Outcome:
    """UNOBSERVE game or QUIET game (the List-Unsubscribe of observers' mail and of
    standbys' calls mails it): proven by the trusted mail server's verdict on the From
    (evidence.proof), never by the From alone."""
    from gmbot.service.joining.unobserve import quiet, unobserve  # see _confirmation

    now = h.app.now()
    if not ask.args:
        game, text = None, f"write it as {ask.verb} game"
    else:
        proven = h.evidence.proof is not None and h.evidence.address == h.mail.sender
        game, text = (unobserve(h.s, ask.args[0], h.mail.sender, proven, now)
                      if ask.verb == "UNOBSERVE" else
                      quiet(h.s, ask.args[0], h.mail.sender, proven, now,
                            h.app.config.standby))
    judge = game.judge if game else sorted(h.evidence.sent.recipients & set(judges))[0]
    subject, body = render("joining_note.txt.j2", game=game, title=ask.verb,
                           text=f"{ask.line}\n  {text}\n") if game else (ask.verb, text)
    if game is not None:
        h.record.game_id = game.id
    queue_mail(h.s, key=f"reply:{h.record.message_id}", kind=SIGNUP_KIND, sender=judge,
               recipient=h.mail.sender, subject=subject, body=body, now=now, game=game,
               html=text_html(subject, body) if _proven(h) else None,
               in_reply_to=h.mail.message_id)
    return Outcome("handled", ask.verb, game=game.name if game else None,
                   replies=[subject])


def _confirmation(h: Handling, limit: Callable[[Handling], Outcome | None]) -> Outcome | None:
    """A reply confirming a pending request (only a mail carrying reply tokens at all
    asks the store)."""
    if not h.evidence.tokens:
        return None
    pending = list(h.lookups.pending_signups(h.mail.sender))
    if not pending:
        return None
    # The sign-up's use cases only for sign-up mail: every mail passes this gate, and the
    # pipe's worker should not import them for an orders mail (benchmarks/instructions.py).
    from gmbot.service.joining.requests import confirm, confirmed

    now = h.app.now()
    signup = confirmed(h.s, pending, h.evidence, now, h.app.config.limit("reply_token_days"))
    if signup is None:
        return None
    limited = limit(h)
    if limited is not None:
        return limited
    game, text = confirm(h.s, signup, now)
    h.lookups.seats_changed()  # a game may have started, a seat changed hands
    h.record.game_id = game.id
    # A request the game can no longer meet (its seat taken meanwhile) is not confirmed.
    title = "Not accepted" if signup.status == "rejected" else "Confirmed"
    subject, body = render("joining_note.txt.j2", game=game, title=title, text=text)
    queue_mail(h.s, key=f"reply:{h.record.message_id}", kind="ack", sender=game.judge,
               recipient=h.mail.sender, subject=subject, body=body, now=now, game=game,
               html=text_html(subject, body), in_reply_to=h.mail.message_id)
    return Outcome("handled", game=game.name, replies=[subject])


def _meant(h: Handling, asks: list[Ask]) -> list[Ask]:
    """The sign-up commands the mail surely means. A stranger writes to the judge for
    little else; but a player's mail is his game's first: it is sign-up mail only if it
    holds nothing else, and a line that merely starts with such a word ("List of my
    orders:", "Take over Munich...") does not count: from an address that holds a seat,
    only LIST alone on its line, or a command naming a game of this judge. A player's
    sign-up line in a mail to his game is answered there (commands/joining.py)."""
    known = h.lookups.route(h.mail.sender) if h.known is None else h.known
    if not (known.players or known.gm_games):
        return asks
    meant = [a for a in asks if (a.verb == "LIST" and not a.args)
             or (a.verb != "LIST" and a.args and h.lookups.game_named(a.args[0].lower()))]
    lines = [line for line in h.mail.lines if line.strip()]
    return meant if len(meant) == len(lines) else []


def _proven(h: Handling) -> bool:
    """Whether the mail proves its From: a trusted header's DMARC pass (no DKIM is run
    for sign-up mail). Forged mail cannot be proven, so it cannot fill a proven cap."""
    return h.evidence.proof is not None and h.evidence.address == h.mail.sender


def _reply_to(message_id: str | None) -> str | None:
    """The In-Reply-To of an answer: the mail's Message-ID, unless it is too long to be
    a real one (then it would carry the sender's words to the address answered)."""
    if message_id is None or len(message_id) > MESSAGE_ID_KEPT:
        return None
    return message_id


def _silenced(h: Handling) -> str | None:
    """Why a sign-up mail gets no answer, if it gets none (see the module's docstring):
    the caps per address; for unproven mail, the one notice an hour to a registered
    address, then the caps per sending domain and for all unproven mail; for proven mail,
    the cap for all proven mail, which forged mail never counts against."""
    since = h.app.now() - RATE_WINDOW
    sender = h.mail.sender
    per_address = int(h.app.config.limit("signup_replies_per_address"))
    if h.lookups.signup_replies(sender, since, per_address) >= per_address:
        return f"no reply: {per_address} sign-up answers to this address in the last hour"
    if _proven(h):
        cap = int(h.app.config.limit("signup_proven_replies_per_hour"))
        if h.lookups.signup_replies(None, since, cap, PROVEN_SIGNUP_KIND) >= cap:
            return f"no reply: {cap} answers to proven sign-up mail in the last hour"
        return None
    known = h.lookups.route(sender) if h.known is None else h.known
    if (known.players or known.gm_games) and h.lookups.auth_noticed(sender, since):
        return "no reply: one notice an hour to a registered address"
    domain = "@" + sender.rpartition("@")[2]
    per_domain = int(h.app.config.limit("signup_replies_per_domain"))
    if h.lookups.signup_replies(domain, since, per_domain, SIGNUP_KIND) >= per_domain:
        return f"no reply: {per_domain} sign-up answers to {domain} in the last hour"
    cap = int(h.app.config.limit("signup_replies_per_hour"))
    if h.lookups.signup_replies(None, since, cap, SIGNUP_KIND) >= cap:
        return f"no reply: {cap} answers to unproven sign-up mail in the last hour"
    return None
