"""Reading bounces: what a delivery report says of the mail it returns (report.py: DSNs
as RFC 3464 writes them, and the plain-text reports of servers that write none)."""

from gmbot.mail.bounces.report import BounceReport, read_report

__all__ = ["BounceReport", "read_report"]
