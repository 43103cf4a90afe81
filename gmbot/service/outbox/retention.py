"""Use case: forget the text of old mail. The raw text of a handled mail is kept for
limits.keep_raw_mail_days (to look into a dispute), then dropped; the mail's record
stays (Message-ID, sender, subject, size, status, reason), so a copy delivered again
is still recognised as a duplicate. Mail set aside as failed keeps its text: it waits
for someone to look into the failure. Run by `gmbot tick` and hourly by the daemon."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, bindparam, update

from gmbot.service.app import App
from gmbot.store.models import Inbound

_IN = Inbound.__table__.c
# Core, and on the partial index ix_inbound_raw_kept: only rows still holding text.
_PRUNE = (update(Inbound.__table__)
          .where(_IN.raw.is_not(None), _IN.received_at < bindparam("before"),
                 _IN.status != "failed")
          .values(raw=None))


def prune_raw_mail(app: App) -> int:
    """Drop the text of mail older than the retention; how many mails lost it."""
    days = app.config.limit("keep_raw_mail_days")
    before = app.now() - timedelta(days=days)
    with app.db.transaction() as s:
        # An UPDATE's result is a CursorResult; Session.execute is typed for any statement.
        done = cast("CursorResult[Any]", s.execute(_PRUNE, {"before": before}))
        return int(done.rowcount or 0)
