"""Reply tokens carry the day they were issued, signed with the rest: a token older than
`token_days` proves nothing, and changing its day breaks it."""

from __future__ import annotations

from datetime import UTC, datetime

from gmbot.mail.auth import Evidence
from gmbot.mail.auth.secrets import (
    TOKEN_LENGTH,
    day_number,
    hash_secret,
    reply_token,
    token_day,
)
from gmbot.mail.auth.sender import Author

ALICE = "alice@example.test"
ISSUED = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_a_token_says_its_day_and_expires_after_token_days() -> None:
    stored = hash_secret("secret", generated=True)
    token = reply_token(stored, "g", ALICE, day_number(ISSUED))
    assert len(token) == TOKEN_LENGTH and token_day(token) == day_number(ISSUED)
    evidence = Evidence(Author(ALICE), tokens=(token,))

    def proof(now: datetime) -> str | None:
        return evidence.proof_for(ALICE, "g", stored, None, now=now, token_days=30)

    assert proof(datetime(2026, 4, 1, 23, 0, tzinfo=UTC)) == "token"  # 30 days on
    assert proof(datetime(2026, 4, 2, 0, 1, tzinfo=UTC)) is None  # 31
    assert evidence.proof_for(ALICE, "g", stored, None) == "token"  # no clock: no expiry


def test_a_token_with_another_day_written_in_it_proves_nothing() -> None:
    stored = hash_secret("secret", generated=True)
    token = reply_token(stored, "g", ALICE, day_number(ISSUED))
    later = reply_token(stored, "g", ALICE, day_number(ISSUED) + 40)
    moved = later[:4] + token[4:]  # the old token, made to look 40 days younger
    now = datetime(2026, 4, 15, tzinfo=UTC)
    assert Evidence(Author(ALICE), tokens=(moved,)).proof_for(
        ALICE, "g", stored, None, now=now, token_days=30) is None
    assert Evidence(Author(ALICE), tokens=(later,)).proof_for(
        ALICE, "g", stored, None, now=now, token_days=30) == "token"
