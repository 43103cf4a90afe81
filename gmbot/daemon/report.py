"""What one run of the daemon's work did, as `gmbot tick` prints it. Apart from the loop,
so a tick that has nothing to do prints it without importing the loop."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmbot.service.inbound.handling import Outcome


@dataclass
class TickReport:
    mails: list[Outcome] = field(default_factory=list)
    reminders: int = 0
    processed: list[str] = field(default_factory=list)
    sent: int = 0
    pruned: int = 0  # mails whose raw text was dropped (limits.keep_raw_mail_days)
    pages: int = 0  # files of the web pages written (gmbot.yaml `site:`)
    errors: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"error: {e}" for e in self.errors]
        out.append(f"{len(self.mails)} mail(s) read")
        out += [f"  {m.status}: {m.game or '-'} {m.reason}".rstrip() for m in self.mails]
        out.append(f"{self.reminders} reminder(s) queued")
        out += self.processed
        out.append(f"{self.sent} mail(s) sent")
        if self.pages:
            out.append(f"{self.pages} web page file(s) written")
        if self.pruned:
            out.append(f"{self.pruned} old mail(s): raw text dropped, record kept")
        return out
