"""Mail the judge must not answer: bounces, delivery reports, auto-replies (out of office,
old Exchange), mailing lists, its own mail and loops."""

from __future__ import annotations

import re
from collections.abc import Iterable
from email.utils import parseaddr

from gmbot.mail.message.inbound import InboundMail

_BULK_PRECEDENCE = frozenset({"bulk", "junk", "list", "auto_reply", "auto-reply"})
_SUPPRESS_VALUES = re.compile(r"\b(all|autoreply|oof)\b", re.IGNORECASE)
_AUTO_SUBJECT = re.compile(
    r"^(auto:|auto(matic)?[ -]?(reply|response)|out of (the )?office|abwesenheit"
    r"|automatische antwort|réponse automatique|respuesta automática)",
    re.IGNORECASE,
)


def _token(value: str | None) -> str | None:
    return None if value is None else value.split(";")[0].strip().lower()


def automated_reason(
    mail: InboundMail, *, judge_addresses: Iterable[str], loop_header: str = "X-Gmbot-Loop"
) -> str | None:
    """Why the judge must not answer *mail* (bounce, auto-reply, list, loop), or None.

    X-Auto-Response-Suppress alone is not enough: Exchange and many notification systems
    put it on ordinary mail.  It counts only with an auto-reply subject or Exchange's
    inbox-rules loop marker, which together identify old Exchange out-of-office replies.
    """
    h = mail.headers
    if loop_header.lower() in h:
        return f"carries the {loop_header} header (mail loop)"
    own = {(parseaddr(a)[1] or a).strip().lower() for a in judge_addresses}
    if mail.sender and mail.sender in own:
        return "sent from the judge's own address"
    local = mail.sender.split("@")[0]
    if local in ("mailer-daemon", "postmaster"):
        return f"bounce from {local}"
    if mail.return_path == "":
        return "null Return-Path <> (bounce)"
    ctype = _token(h.get("content-type"))
    if ctype in ("multipart/report", "message/delivery-status"):
        return f"delivery report ({ctype})"
    auto = _token(h.get("auto-submitted"))
    if auto is not None and auto != "no":
        return f"Auto-Submitted: {auto or '(empty)'}"
    precedence = _token(h.get("precedence"))
    if precedence in _BULK_PRECEDENCE:
        return f"Precedence: {precedence}"
    for name, label in (("list-id", "List-Id"), ("list-unsubscribe", "List-Unsubscribe")):
        if name in h:
            return f"mailing list ({label})"
    for name, label in (("x-autoreply", "X-Autoreply"), ("x-autorespond", "X-Autorespond")):
        if name in h:
            return f"auto-reply ({label})"
    suppress = h.get("x-auto-response-suppress")
    exchange_oof = _AUTO_SUBJECT.match(mail.subject) or "x-ms-exchange-inbox-rules-loop" in h
    if suppress and _SUPPRESS_VALUES.search(suppress) and exchange_oof:
        return "auto-reply (X-Auto-Response-Suppress with auto-reply markers)"
    return None
