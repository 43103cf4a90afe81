"""The map pictures of mails not sent yet, each kept once for all the mails that show it
(store/outbox.py, MailPicture), named by its SHA-256 from the mails' rows: the players of
a phase who see one board got a copy each, which the outbox read, wrote and freed again
for each of them (benchmarks/ingest.py, stages 3 and 4). A picture goes with the last
mail showing it that is sent; a parked mail keeps its own.

PostgreSQL (hosts sharing the database): a mail queued with a picture that another
transaction is deleting must not name it. A queuer holds a shared advisory lock on the
key from before its INSERT to its commit; the deleter tries the exclusive one per key,
leaves a key it cannot have (someone is queueing a mail that shows it), and deletes in a
statement of its own, whose snapshot sees every queuer that held the lock before. SQLite
has one writer at a time."""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from functools import lru_cache

import msgspec
from sqlalchemy import bindparam, delete, exists, select, text
from sqlalchemy.orm import Session, SessionTransaction

from gmbot.service.batch_rows import kept_rows
from gmbot.service.outbox.insert_new import insert_new
from gmbot.store.outbox import MailPicture, Outbound

_KEPT = "gmbot.mail_pictures"  # Session.info: (transaction, keys it wrote)
_PIC = MailPicture.__table__.c
_OUT = Outbound.__table__.c
_BY_KEYS = select(_PIC.key, _PIC.png).where(_PIC.key.in_(bindparam("keys", expanding=True)))
_UNWANTED = delete(MailPicture.__table__).where(
    _PIC.key.in_(bindparam("keys", expanding=True)),
    ~exists().where(_OUT.picture_key == _PIC.key))


_FORGOTTEN = select(_PIC.key).where(~exists().where(_OUT.picture_key == _PIC.key))
# The advisory locks, on the first 60 bits of the key (PostgreSQL's are bigints).
_SHARE = text("SELECT pg_advisory_xact_lock_shared(:lock)")
_TRY = text("SELECT pg_try_advisory_xact_lock(:lock)")


def _lock(key: str) -> int:
    return int(key[:15], 16)


class PictureRow(msgspec.Struct):
    key: str
    png: bytes


@lru_cache(maxsize=16)  # the mails of a phase share one bytes object: hashed once
def picture_key(png: bytes) -> str:
    return hashlib.sha256(png).hexdigest()


def keep_picture(session: Session, png: bytes) -> str:
    """Keep `png` for a mail queued in this transaction; its key, for the mail's row."""
    key = picture_key(png)
    transaction = session.get_transaction()
    done: tuple[SessionTransaction | None, set[str]] | None = session.info.get(_KEPT)
    if done is None or done[0] is not transaction:
        done = (transaction, set())
        session.info[_KEPT] = done
    if key in done[1]:
        return key
    with session.no_autoflush:
        dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        session.execute(_SHARE, {"lock": _lock(key)})
    insert = insert_new(dialect, MailPicture.__table__, "key")
    kept = kept_rows(session)
    if kept is not None:
        kept.keep(insert, PictureRow(key=key, png=png))
    else:
        session.execute(insert, {"key": key, "png": png})
    # Inside a savepoint the row may yet be rolled back: the next mail writes it again
    # (a key already there is left alone).
    if not session.in_nested_transaction():
        done[1].add(key)
    return key


def pictures(session: Session, keys: Collection[str]) -> dict[str, bytes]:
    """The pictures of these keys, each read once (the same bytes for all its mails)."""
    if not keys:
        return {}
    return {k: png for k, png in session.execute(_BY_KEYS, {"keys": sorted(keys)})}


def drop_forgotten(session: Session) -> None:
    """Delete the pictures no mail names: a picture kept for a mail whose key was queued
    before (the INSERT then queues nothing), or left by a sender while a queuer that then
    rolled back held its lock. Run with the retention (retention.py)."""
    drop_unwanted(session, session.scalars(_FORGOTTEN).all())


def drop_unwanted(session: Session, keys: Collection[str]) -> None:
    """Delete the pictures of these keys that no mail names any more (all were sent)."""
    wanted = sorted(keys)
    if wanted and session.get_bind().dialect.name == "postgresql":
        wanted = [k for k in wanted if session.scalar(_TRY, {"lock": _lock(k)})]
    if wanted:
        session.execute(_UNWANTED, {"keys": wanted})
