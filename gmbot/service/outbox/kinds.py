"""The kinds of mail the outbox queues (an Outbound row's `kind`): every queue_mail names
one of these, and mypy checks it. The kind says what the outbox does with the mail once
written (List-Unsubscribe, stop_links.py; what a sent mail keeps of its text,
delivery.py; the limits on answers, inbound/lookups.py), and
tests/browser/test_every_mail_kind_is_here.py that each is read on a phone."""

from __future__ import annotations

from typing import Literal, get_args

MailKind = Literal[
    "welcome",  # a seat's welcome and its password; a new password
    "announce",  # to the game's players, observers and GM: an action, a bot, a sign-up
    "seat",  # a seat opened: to the player who left, his Wazir, the others, the GM
    "seat-call",  # a call to the standby list
    "gm",  # a notice to the GM alone: late players, missed orders, a parked game...
    "gm-bounce",  # the GM told that mail to a player bounces
    "bounce-warning",  # the player told so at his other address
    "gm-parked",  # the GM told that a mail could not be sent
    "results",  # a phase's results, the game's end
    "press",  # one press message
    "press-digest",  # a day's press in one mail
    "ack",  # the answer to a player's or the GM's mail
    "signup",  # the answer to sign-up mail nobody vouches for
    "signup-proven",  # the answer to sign-up mail the trusted mail server vouches for
    "auth-notice",  # a mail in the player's name could not be verified
    "reminder",  # orders due soon
    "late",  # orders late, in the grace period
    "parked",  # the answer to a mail while its game is parked
    "over",  # the game-over text, answered to a mail after the end
    "refusal-stranger",  # a mail refused: from an address with no seat
    "refusal-rate",  # past the sender's hourly limit
    "refusal-too_big",  # over limits.max_message_bytes
    "refusal-unknown",  # naming no game of the sender's
    "failed",  # the judge failed on the mail (a bug of its own): nothing in it was done
]
MAIL_KINDS: tuple[MailKind, ...] = get_args(MailKind)
