"""A secret's stored hash: a chosen password at scrypt's full cost, a generated secret at
a light one (docs/security.md says why), and hashes stored with older parameters still
checked by the parameters they carry."""

from __future__ import annotations

import hashlib

from gmbot.mail.auth.secrets import check_secret, hash_secret, new_secret


def _cost(stored: str) -> tuple[int, int, int]:
    _kind, n, r, p, _salt, _digest = stored.split("$")
    return int(n), int(r), int(p)


def test_a_chosen_password_is_hashed_dearer_than_a_generated_secret() -> None:
    chosen, generated = hash_secret("baguette"), hash_secret(new_secret(), generated=True)
    assert _cost(chosen) == (2**14, 8, 1)
    n, r, p = _cost(generated)
    assert n < 2**14 and r == 8 and p == 1


def test_each_kind_checks_its_own_secret_only() -> None:
    secret = new_secret()
    for stored in (hash_secret(secret, generated=True), hash_secret(secret)):
        assert check_secret(secret, stored) and check_secret(f" {secret}\n", stored)
        assert not check_secret(secret[:-1] + ("a" if secret[-1] != "a" else "b"), stored)


def test_a_secret_hashed_by_an_older_version_still_proves_its_seat() -> None:
    secret, salt = new_secret(), bytes(range(16))
    digest = hashlib.scrypt(secret.encode(), salt=salt, n=2**10, r=8, p=1, dklen=32)
    stored = f"scrypt$1024$8$1${salt.hex()}${digest.hex()}"  # as stored before 2**4
    assert check_secret(secret, stored)
    assert not check_secret(new_secret(), stored)
    assert not check_secret(secret, stored.replace("$1024$", "$16$"))
