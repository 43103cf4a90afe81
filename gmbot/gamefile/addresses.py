"""An email address checked as one (by email-validator, made for it) rather than by a
pattern: what comes from outside the game file's own checks, such as an import, must hold
nothing that could not stand in a mail header (a CR LF, a second address)."""

from __future__ import annotations

from email_validator import EmailNotValidError, validate_email


def address_problem(text: object) -> str | None:
    """Why `text` is no address a mail can go to, or None. Reserved test domains such as
    example.test are allowed (test homes use them); nothing is looked up."""
    if not isinstance(text, str):
        return f"not an email address: {text!r}"
    try:
        validate_email(text, check_deliverability=False, test_environment=True,
                       allow_smtputf8=False)
    except EmailNotValidError as e:
        return f"not an email address: {text!r} ({e})"
    return None
