"""A From header of the plain shape is read without the email package (plain_from), by
the lenient reading (from_address) and the strict one (the author a mail may speak for):
each must read it exactly as the email package does, and leave every other header to it."""

from __future__ import annotations

from email import policy

from hypothesis import given, settings
from hypothesis import strategies as st

from gmbot.mail.auth.sender import _author_of
from gmbot.mail.message.headers import from_address, plain_from

# Letters, digits and every character that changes how a From header parses.
ALPHABET = "aZ09 \t.<>@_+-\"(),;:\\[]=?'"
PIECES = st.sampled_from(["Austria", "Player", "a.b", "x_y+z", "players.example", "a..b",
                          ".a", "a.", "-x", "=?utf-8?q?A?=", "\"Q\"", "(c)", "x@y.z"])
HEADERS = st.one_of(
    st.text(ALPHABET, max_size=40),
    st.lists(st.one_of(PIECES, st.sampled_from([" ", "<", ">", "@", ".", "\t", ","])),
             max_size=12).map("".join),
)


def email_package(raw: str) -> tuple[str, str] | None:
    """The strict parse's one address and display name, None if it finds any defect."""
    try:
        header = policy.strict.header_factory("from", raw)
        addresses = header.addresses
    except Exception:  # noqa: BLE001 - anything it cannot read is no plain header
        return None
    if header.defects or len(addresses) != 1:
        return None
    return addresses[0].addr_spec, " ".join(addresses[0].display_name.split())


@settings(max_examples=600, deadline=None)
@given(HEADERS)
def test_plain_from_reads_as_the_email_package_does(raw: str) -> None:
    plain = plain_from(raw)
    if plain is not None:
        assert email_package(raw) == plain
        assert _author_of(raw).address == plain[0].lower()
        assert from_address(raw) == (plain[0].lower(), plain[1])


def test_the_usual_shapes_are_plain_and_the_rest_is_not() -> None:
    assert plain_from("Austria Player <Austria.1@Players.example>") == (
        "Austria.1@Players.example", "Austria Player")
    assert plain_from(" austria.1@players.example ") == ("austria.1@players.example", "")
    assert plain_from("<a@b>") == ("a@b", "")
    for other in ('"Player, A" <a@b.c>', "A <a@b.c>, B <d@e.f>", "=?utf-8?q?A?= <a@b.c>",
                  "a..b@c.d", "A (note) <a@b.c>", "A <a@b.c", "a@b.c <d@e.f>", "a@[1.2.3.4]",
                  "A\r\n <a@b.c>"):
        assert plain_from(other) is None, other
    # What is left to the email package is read as before.
    assert _author_of("a@b.c <d@e.f>").address is None
    assert from_address('"Player, A" <A@B.c>') == ("a@b.c", "Player, A")
