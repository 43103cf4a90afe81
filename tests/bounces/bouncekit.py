"""Bounces as real mail servers write them, for a mail the judge sent: Postfix's DSN
(multipart/report, as its bounce daemon writes it, text and all) and qmail's plain-text
failure notice (no DSN at all)."""

from __future__ import annotations

from email.message import EmailMessage

POSTFIX_NOTICE = """This is the mail system at host mx.example.test.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

<{rcpt}>: host mail.example.test[192.0.2.25] said: {diagnostic} (in reply to
    RCPT TO command)
"""


def return_path(msg: EmailMessage) -> str:
    """The envelope sender a delivered mail of the judge's carries (Return-Path)."""
    value = str(msg["Return-Path"] or "")
    return value.strip().strip("<>")


def original_headers(msg: EmailMessage) -> str:
    return "".join(f"{k}: {v}\n" for k, v in msg.items() if k.lower() != "return-path")


def postfix_dsn(to: str, rcpt: str, original: str, *, status: str = "5.1.1",
                diagnostic: str = "550 5.1.1 <{rcpt}>: Recipient address rejected: User "
                                  "unknown in virtual mailbox table",
                action: str = "failed", queue_id: str = "3F2A1C0123",
                delivered_to: str | None = None) -> bytes:
    """The bounce Postfix sends to `to` (the return path) when `rcpt` refused the mail
    whose header section is `original`."""
    diag = diagnostic.format(rcpt=rcpt)
    boundary = f"{queue_id}.1772442301/mx.example.test"
    wrapped = "\n    ".join(_wrap(diag))
    text = f"""Return-Path: <>
Delivered-To: {delivered_to or to}
Received: by mx.example.test (Postfix)
	id {queue_id}; Mon,  2 Mar 2026 09:05:01 +0000 (UTC)
Date: Mon,  2 Mar 2026 09:05:01 +0000 (UTC)
From: MAILER-DAEMON@mx.example.test (Mail Delivery System)
Subject: {"Delayed Mail (still being retried)" if action == "delayed"
          else "Undelivered Mail Returned to Sender"}
To: {to}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="{boundary}"
Content-Transfer-Encoding: 8bit
Message-Id: <20260302090501.{queue_id}@mx.example.test>

This is a MIME-encapsulated message.

--{boundary}
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

{POSTFIX_NOTICE.format(rcpt=rcpt, diagnostic=diag)}
--{boundary}
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.test
X-Postfix-Queue-ID: {queue_id}
X-Postfix-Sender: rfc822; {to}
Arrival-Date: Mon,  2 Mar 2026 09:05:00 +0000 (UTC)

Final-Recipient: rfc822; {rcpt}
Original-Recipient: rfc822;{rcpt}
Action: {action}
Status: {status}
Remote-MTA: dns; mail.example.test
Diagnostic-Code: smtp; {wrapped}

--{boundary}
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

{original}
--{boundary}--
"""
    return text.replace("\n", "\r\n").encode("utf-8")


def qmail_bounce(to: str, rcpt: str, original: str) -> bytes:
    """qmail-send's failure notice: plain text, no DSN, the reason in words."""
    text = f"""Return-Path: <>
Delivered-To: {to}
Date: 2 Mar 2026 09:06:12 -0000
From: MAILER-DAEMON@mail.example.test
To: {to}
Subject: failure notice
Message-ID: <20260302090612.4711.qmail@mail.example.test>

Hi. This is the qmail-send program at mail.example.test.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<{rcpt}>:
Sorry, no mailbox here by that name. (#5.1.1)

--- Below this line is a copy of the message.

{original}
"""
    return text.replace("\n", "\r\n").encode("utf-8")


def _wrap(text: str, width: int = 70) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]
