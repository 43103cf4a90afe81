"""A player's (or the GM's) secret: generated, hashed for storage, checked; and the reply
token derived from the stored hash that every judge mail to him carries in its
Message-ID, so that any reply authenticates him without his typing anything."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from datetime import UTC, date, datetime
from functools import lru_cache

# scrypt's cost (RFC 7914): ~50 ms and 16 MiB per check on a small server, for passwords
# people choose (a GM's file). A generated secret is random (~69 bits): guessing it from a
# stolen hash takes 2**68 tries on average whatever each costs, so it gets scrypt's
# lightest sound setting (16 KiB, ~0.07 ms; docs/security.md says why), which keeps a
# game's load from waiting on its players' hashes. The parameters are stored with each
# hash, so older hashes (n=2**10) stay valid.
_N, _R, _P = 2**14, 8, 1
_N_GENERATED = 2**4
_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud or retyped
SECRET_LENGTH = 14  # ~69 bits: far past guessing, by mail or from a stolen hash
TOKEN_LENGTH = 20  # base32 characters: the issue day (4) and 80 bits of HMAC
DAY_CHARS = 4  # the day a token was issued: 32**4 days from 1970
_B32 = "abcdefghijklmnopqrstuvwxyz234567"  # base32's alphabet, lower-cased
_EPOCH = date(1970, 1, 1)


def new_secret() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(SECRET_LENGTH))


def hash_secret(secret: str, generated: bool = False) -> str:
    """The form a secret is stored in; `generated`: made by new_secret, not chosen."""
    n = _N_GENERATED if generated else _N
    salt = secrets.token_bytes(16)
    digest = _scrypt(secret, salt, n, _R, _P)
    return "$".join(("scrypt", str(n), str(_R), str(_P), salt.hex(), digest.hex()))


def check_secret(secret: str, stored: str | None) -> bool:
    """Whether `secret` is the one hashed as `stored` (False for a malformed hash)."""
    if not stored or not secret:
        return False
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        found = _scrypt(secret, bytes.fromhex(salt), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(found, bytes.fromhex(digest))


def _scrypt(secret: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(secret.strip().encode("utf-8"), salt=salt, n=n, r=r, p=p,
                          maxmem=64 * 1024 * 1024, dklen=32)


def reply_token(stored: str, game: str, address: str, day: int | None = None) -> str:
    """The token of one player in one game at one address, issued on `day` (days since
    1970-01-01, UTC; today by the wall clock if None). Keyed with the stored hash, so a
    new secret (a replaced player, a changed password, NEWPASSWORD) makes every older
    token worthless, and bound to the address, so it authenticates no one else. Its
    first DAY_CHARS characters say the day it was issued (signed with the rest), so a
    token can expire (`token_day`)."""
    return _token(stored, game, address.lower(),
                  day_number(datetime.now(UTC)) if day is None else day)


@lru_cache(maxsize=4096)  # every reply to a player carries his: computed once per seat a day
def _token(stored: str, game: str, address: str, day: int) -> str:
    stamp = _day_text(day)
    mac = hmac.new(stored.encode("ascii"), f"{game}\0{address}\0{day}".encode(),
                   hashlib.sha256).digest()
    return stamp + base64.b32encode(mac).decode("ascii").lower()[:TOKEN_LENGTH - DAY_CHARS]


def day_number(moment: datetime) -> int:
    """The day of `moment` (timezone-aware), counted from 1970-01-01 UTC."""
    return (moment.astimezone(UTC).date() - _EPOCH).days


def token_day(token: str) -> int | None:
    """The day a token says it was issued (see reply_token), or None if it says none."""
    day = 0
    for char in token[:DAY_CHARS]:
        value = _B32.find(char)
        if value < 0:
            return None
        day = day * 32 + value
    return day


def _day_text(day: int) -> str:
    chars = []
    for _ in range(DAY_CHARS):
        day, value = divmod(day, 32)
        chars.append(_B32[value])
    return "".join(reversed(chars))


def token_message_id(unique: str, token: str | None, domain: str) -> str:
    """A Message-ID (without brackets) that carries `token`: `unique.token@domain`."""
    return f"{unique}.{token}@{domain}" if token else f"{unique}@{domain}"


def tokens_in(message_ids: tuple[str, ...]) -> tuple[str, ...]:
    """The candidate tokens in the Message-IDs a reply names (In-Reply-To, References)."""
    found = []
    for mid in message_ids[:50]:  # a reply names its thread; more is no reply of ours
        local = mid.rsplit("@", 1)[0]
        if "." in local:
            candidate = local.rsplit(".", 1)[1]
            if len(candidate) == TOKEN_LENGTH:
                found.append(candidate.lower())
    return tuple(found)
