"""Use case: forget the text of old mail, and bound what refused mail keeps (and the
outbox's pictures no mail names: outbox/pictures.py).

The raw text of a handled mail is kept for limits.keep_raw_mail_days (to look into a
dispute), then dropped; the mail's record stays (Message-ID, sender, subject, size,
status, reason), so a copy delivered again is still recognised as a duplicate. Mail set
aside as failed keeps its text: it waits for someone to look into the failure. Run by
`gmbot tick` and hourly by the daemon.

Refused and ignored mail (strangers, forgeries, bounces...) keeps only its header
section, and only while it is among the newest limits.refused_mail_kept such mails and
their header sections add up to at most limits.refused_mail_bytes: past either cap the
oldest lose theirs first. Enforced as each mail is refused (record.py) and by the same
runs, so a flood of forged mail leaves no more than the caps, and a record of a few
hundred bytes each (record.py clips what such a record keeps forever)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, bindparam, func, or_, select, update
from sqlalchemy.orm import Session

from gmbot.config import Config
from gmbot.service.app import App
from gmbot.service.outbox.pictures import drop_forgotten
from gmbot.store.models import Inbound

_IN = Inbound.__table__.c
# Core, and on the partial index ix_inbound_raw_kept: only rows still holding text.
_PRUNE = (update(Inbound.__table__)
          .where(_IN.raw.is_not(None), _IN.received_at < bindparam("before"),
                 _IN.status != "failed")
          .values(raw=None))
_NEWEST_FIRST = (_IN.received_at.desc(), _IN.id.desc())
_RANKED = (
    select(_IN.id,
           func.row_number().over(order_by=_NEWEST_FIRST).label("n"),
           func.sum(func.length(_IN.raw)).over(order_by=_NEWEST_FIRST).label("total"))
    .where(_IN.raw.is_not(None), _IN.status.in_(("refused", "ignored")))
    .subquery()
)
_CAP = (update(Inbound.__table__)
        .where(_IN.id.in_(select(_RANKED.c.id).where(or_(
            _RANKED.c.n > bindparam("count"), _RANKED.c.total > bindparam("bytes")))))
        .values(raw=None)
        .execution_options(synchronize_session=False))


def prune_raw_mail(app: App) -> int:
    """Drop the text of mail older than the retention, and of refused mail past its
    caps; how many mails lost it."""
    days = app.config.limit("keep_raw_mail_days")
    before = app.now() - timedelta(days=days)
    with app.db.transaction() as s:
        # An UPDATE's result is a CursorResult; Session.execute is typed for any statement.
        done = cast("CursorResult[Any]", s.execute(_PRUNE, {"before": before}))
        drop_forgotten(s)  # the outbox's pictures no mail names (pictures.py)
        return int(done.rowcount or 0) + cap_refused_mail(s, app.config)


def cap_refused_mail(s: Session, config: Config) -> int:
    """Drop the header text of the oldest refused and ignored mails past the caps
    (limits.refused_mail_kept, limits.refused_mail_bytes); how many lost it."""
    done = cast("CursorResult[Any]", s.execute(_CAP, {
        "count": int(config.limit("refused_mail_kept")),
        "bytes": int(config.limit("refused_mail_bytes"))}))
    return int(done.rowcount or 0)
