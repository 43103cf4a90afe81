"""The bounce gate: a delivery report that came back to the return path of a mail the
judge sent (gmbot/mail/outgoing/verp.py) is counted against that mail's recipient
(service/outbox/bounces.py), and never answered.

What a bounce says of the mail it returns is believed of nothing: the mail and its
recipient are those of the outbox row its return path names, and only if the path's
token is that row's (a key of the home signs it), the row was sent, and not longer ago
than `bounces.accept_days`. A bounce forged without a return path, with a made-up or
another mail's token, or for a mail never sent, changes nothing; a bounce of one mail
sent again counts once. Without `bounces:` in gmbot.yaml nothing here runs: bounces are
ignored with the other automated mail."""

from __future__ import annotations

from datetime import timedelta
from email import policy
from email.parser import BytesParser

from gmbot.mail.bounces import read_report
from gmbot.mail.outgoing.verp import TAG, return_paths_in
from gmbot.service.inbound.handling import Handling, Outcome
from gmbot.service.outbox.bounces import count_bounce
from gmbot.store.outbox import Outbound

# The headers a return path is found in: To (where a mail server addresses a bounce),
# and those the receiving server writes of the envelope.
_ADDRESSED = ("to", "delivered-to", "x-original-to", "envelope-to", "x-envelope-to",
              "x-delivered-to")
_MARK = f"{TAG}-".encode()


def bounce(h: Handling) -> Outcome | None:
    """A mail to one of the judge's return paths is a bounce, counted if it matches a
    mail the judge sent; any other mail passes on."""
    config, paths = h.app.config.bounces, h.app.heads.return_path
    raw = h.record.raw or b""
    if config is None or paths is None or _MARK not in _head(raw).lower():
        return None
    msg = BytesParser(policy=policy.compat32).parsebytes(raw)
    values = [str(v) for name in _ADDRESSED for v in msg.get_all(name, [])]
    found = return_paths_in(values)
    if not found:
        return None
    now = h.app.now()
    for path in found:
        row = h.s.get(Outbound, path.row_id)
        if row is None or row.status != "sent" or row.sent_at is None \
                or not paths.matches(path, row.sender, row.recipient, row.message_id):
            continue
        if now - row.sent_at > timedelta(days=config.accept_days):
            return Outcome("ignored", "a bounce of a mail sent too long ago to count")
        report = read_report(msg)
        if report is None:
            return Outcome("ignored", "a delivery report of no failure (a delay or success)")
        return Outcome("ignored", count_bounce(h.s, config, row, report, now))
    return Outcome("ignored", "a bounce that matches no mail the judge sent")


def _head(raw: bytes) -> bytes:
    end = raw.find(b"\r\n\r\n")
    end = raw.find(b"\n\n") if end < 0 else end
    return raw[:end] if end >= 0 else raw
