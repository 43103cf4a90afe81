"""Use case: read new mail from an IMAP folder. Nothing is fetched twice or skipped: the
highest UID handled is stored per folder with its UIDVALIDITY, advanced only after each
message's transaction committed; a changed UIDVALIDITY starts the folder over (the
Message-ID check makes that safe). A message leaves the folder only once committed."""

from __future__ import annotations

from sqlalchemy import select

from gmbot.mail.imap import ImapMailbox
from gmbot.service.app import App
from gmbot.service.inbound import Outcome, receive
from gmbot.store.models import MailboxState


def _state(app: App, account: str) -> tuple[int | None, int]:
    with app.db.transaction() as s:
        row = s.scalars(select(MailboxState).where(MailboxState.account == account)).first()
        return (row.uidvalidity, row.last_uid) if row else (None, 0)


def _save(app: App, account: str, uidvalidity: int, last_uid: int) -> None:
    with app.db.transaction() as s:
        row = s.scalars(select(MailboxState).where(MailboxState.account == account)).first()
        if row is None:
            row = MailboxState(account=account)
            s.add(row)
        row.uidvalidity, row.last_uid = uidvalidity, last_uid


def poll_imap(app: App, mailbox: ImapMailbox | None = None) -> list[Outcome]:
    box = mailbox or ImapMailbox(app.config.imap)
    own = mailbox is None
    try:
        folder = box.connect()
        known_validity, last_uid = _state(app, box.account)
        if known_validity != folder.uidvalidity:
            last_uid = 0  # a new folder generation: read it all again, duplicates are dropped
            _save(app, box.account, folder.uidvalidity, 0)
        outcomes = []
        for uid, raw in box.new_messages(last_uid):
            outcomes.append(receive(app, raw))
            _save(app, box.account, folder.uidvalidity, uid)
            box.done(uid)
        return outcomes
    finally:
        if own:
            box.close()
