"""Who wrote a mail, decided once, right after parsing and before any command runs.

`SenderCheck.examine(raw, mail)` reads everything the message itself can prove: its
strict From address, an aligned DKIM signature, a trusted Authentication-Results header,
and the secrets it carries (reply tokens in In-Reply-To/References; the PASSWORD line is
read by the command parser). `Evidence.proof_for` then says whether that proves the mail
is from a given registered player (or GM), and how. The router trusts nothing else.
See docs/security.md."""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field

from gmbot.mail.auth.headers import header_fields
from gmbot.mail.auth.keys import KeyCache, TxtLookup
from gmbot.mail.auth.results import trusted_verdict
from gmbot.mail.auth.secrets import check_secret, reply_token, tokens_in
from gmbot.mail.auth.sender import Author, author
from gmbot.mail.auth.signatures import aligned_signer
from gmbot.mail.message.inbound import InboundMail

__all__ = ["Evidence", "SenderCheck"]


@dataclass(frozen=True)
class Evidence:
    """What one mail proves about its author."""

    author: Author
    proof: str | None = None  # "dkim" | "authres" when the message itself proves its author
    tokens: tuple[str, ...] = ()

    @property
    def address(self) -> str | None:
        return self.author.address

    def proof_for(self, address: str, game: str, secret_hash: str | None,
                  password: str | None, mode: str = "on") -> str | None:
        """How this mail is proven to come from `address`, registered in `game` with
        `secret_hash`: "dkim", "authres", "token" or "password"; None if it is not.
        Mode "none" (a game among friends) takes the From address on trust, as the judge
        always did: "address", unless the seat has a password and the mail lacks it."""
        if mode == "none":
            if secret_hash and not (password and check_secret(password, secret_hash)):
                return None
            return "password" if secret_hash else "address"
        if self.author.address is None or self.author.address != address.lower():
            return None
        if self.proof:
            return self.proof
        if secret_hash:
            expected = reply_token(secret_hash, game, address)
            if any(hmac.compare_digest(t, expected) for t in self.tokens):
                return "token"
            if password and check_secret(password, secret_hash):
                return "password"
        return None


@dataclass
class SenderCheck:
    """The judge's way of examining mail: which Authentication-Results servers it trusts
    (`trusted_authserv_ids` in its configuration) and how it looks up DKIM keys."""

    trusted_ids: frozenset[str] = frozenset()
    lookup: TxtLookup = field(default_factory=KeyCache)

    def examine(self, raw: bytes, mail: InboundMail) -> Evidence:
        who = author(raw)
        if who.address is None:
            return Evidence(who)
        tokens = tokens_in(tuple(filter(None, (mail.in_reply_to, *mail.references))))
        verdict = trusted_verdict(header_fields(raw),
                                  self.trusted_ids, who.domain)
        if verdict:
            return Evidence(who, "authres", tokens)
        if aligned_signer(raw, who.domain, self.lookup):
            return Evidence(who, "dkim", tokens)
        return Evidence(who, None, tokens)

