"""Who wrote a mail, decided once, right after parsing and before any command runs.

`SenderCheck.examine(raw, mail)` reads everything the message itself can prove: its
strict From address, an aligned DKIM signature, a trusted Authentication-Results header,
and the secrets it carries (reply tokens in In-Reply-To/References; the PASSWORD line is
read by the command parser). `Evidence.proof_for` then says whether that proves the mail
is from a given registered player (or GM), and how. The router trusts nothing else.
See docs/security.md.

What the inbound flow calls, and what each call bounds:

- `budget = sender_check.budget()` once per batch of mails (a poll of the inbox, a tick),
  then `sender_check.examine(raw, mail, budget)` for each mail of it: DKIM key lookups
  of the whole batch wait on DNS at most `batch_dns_seconds` (10 s) in all, and of one
  mail at most `mail_dns_seconds` (3 s). Without a budget (`examine(raw, mail)`, one
  mail on its own) only the per-mail bound holds. Once spent, a lookup answers "no key"
  at once; cached keys are still used. Keys of unbounded cost are never used
  (auth/keyrecord.py), and at most five aligned signatures are tried (auth/signatures.py).
- `evidence.proof_for(address, game, secret_hash, password, mode,
  judge=(game.judge,), now=app.now())`: a signature or a trusted verdict ("dkim",
  "authres") then counts only for a mail addressed to the judge (To/Cc) and dated
  recently (auth/addressed.py): a signed mail the player sent elsewhere, replayed to the
  judge, proves nothing (a reply token or the password still may). Without `judge` and
  `now` these two checks are skipped. With `now` and `token_days`, a reply token
  issued more than `token_days` days before is no proof (auth/secrets.py).
- `examine(raw, mail, signatures=False)`: the same without DKIM (no DNS, no RSA), for
  the inbound flow's first look at every mail; it verifies signatures only for mail
  that could change something (gmbot/service/inbound/evidence.py)."""

from __future__ import annotations

import hmac
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime

from gmbot.mail.auth.addressed import Addressing, addressed_to_judge, addressing, recent
from gmbot.mail.auth.arc import forwarded_proof
from gmbot.mail.auth.budget import BATCH_DNS_SECONDS, MAIL_DNS_SECONDS, DnsBudget
from gmbot.mail.auth.headers import header_fields
from gmbot.mail.auth.keys import KeyCache, TxtLookup
from gmbot.mail.auth.results import trusted_verdict
from gmbot.mail.auth.secrets import (
    check_secret,
    day_number,
    reply_token,
    token_day,
    tokens_in,
)
from gmbot.mail.auth.sender import Author, author
from gmbot.mail.auth.signatures import aligned_signer
from gmbot.mail.message.inbound import InboundMail

__all__ = ["DnsBudget", "Evidence", "SenderCheck"]


@dataclass(frozen=True)
class Evidence:
    """What one mail proves about its author."""

    author: Author
    # "dkim" | "arc" | "authres" when the message itself proves its author
    proof: str | None = None
    tokens: tuple[str, ...] = ()
    sent: Addressing = Addressing()  # its To, Cc and Date
    signature: str = ""  # with "dkim" or "arc": the digest of the signature that proves it

    @property
    def address(self) -> str | None:
        return self.author.address

    def proof_for(self, address: str, game: str, secret_hash: str | None,
                  password: str | None, mode: str = "on", *, judge: Collection[str] = (),
                  now: datetime | None = None, token_days: float | None = None) -> str | None:
        """How this mail is proven to come from `address`, registered in `game` with
        `secret_hash`: "dkim", "authres", "token" or "password"; None if it is not.
        Mode "none" (a game among friends) takes the From address on trust, as the judge
        always did: "address", unless the seat has a password and the mail lacks it.
        With `judge` (the game's judge addresses) and `now`, "dkim" and "authres" count
        only if the mail was meant for the judge (see `meant_for`); with `now` and
        `token_days`, a reply token issued more than `token_days` days before `now` is
        no proof."""
        if mode == "none":
            if secret_hash and not (password and check_secret(password, secret_hash)):
                return None
            return "password" if secret_hash else "address"
        if self.author.address is None or self.author.address != address.lower():
            return None
        if self.proof and self.meant_for(judge, now):
            return self.proof
        if secret_hash:
            oldest = (day_number(now) - token_days
                      if now is not None and token_days is not None else None)
            for token in self.tokens:
                day = token_day(token)
                if day is None or (oldest is not None and day < oldest):
                    continue
                if hmac.compare_digest(token, reply_token(secret_hash, game, address, day)):
                    return "token"
            if password and check_secret(password, secret_hash):
                return "password"
        return None

    def meant_for(self, judge: Collection[str] = (), now: datetime | None = None) -> bool:
        """Whether the mail was addressed to one of `judge` (To/Cc) and is dated near
        `now`; either check is skipped when its argument is not given."""
        if judge and not addressed_to_judge(self.sent, judge):
            return False
        return now is None or recent(self.sent, now)


@dataclass
class SenderCheck:
    """The judge's way of examining mail: which Authentication-Results servers it trusts
    (`trusted_authserv_ids` in its configuration) and how it looks up DKIM keys."""

    trusted_ids: frozenset[str] = frozenset()
    # Forwarders whose ARC seal vouches for a mail whose own DKIM broke (auth/arc.py).
    arc_forwarders: frozenset[str] = frozenset()
    lookup: TxtLookup = field(default_factory=KeyCache)
    mail_dns_seconds: float = MAIL_DNS_SECONDS
    batch_dns_seconds: float = BATCH_DNS_SECONDS

    def budget(self) -> DnsBudget:
        """A fresh DNS time budget for one batch of mails (see the module's docstring)."""
        return DnsBudget(self.batch_dns_seconds)

    def examine(self, raw: bytes, mail: InboundMail, budget: DnsBudget | None = None,
                *, signatures: bool = True) -> Evidence:
        """`signatures` False: everything but DKIM, which alone may cost DNS and RSA (the
        inbound flow verifies it only for mail that could change something)."""
        who = author(raw)
        if who.address is None:
            return Evidence(who)
        tokens = replied_tokens(mail)
        fields = header_fields(raw)
        sent = addressing(fields)
        if trusted_verdict(fields, self.trusted_ids, who.domain):
            return Evidence(who, "authres", tokens, sent)
        if not signatures:
            return Evidence(who, None, tokens, sent)
        this_mail = (budget if budget is not None else DnsBudget()).share(
            self.mail_dns_seconds)
        signed = aligned_signer(raw, who.domain, self.lookup, this_mail)
        if signed:
            return Evidence(who, "dkim", tokens, sent, signature=signed[1])
        # The author's own signature broke on the way (or there was none): a listed
        # forwarder's ARC seal may still vouch for what it received (auth/arc.py).
        forwarded = forwarded_proof(raw, who.domain, self.arc_forwarders, self.lookup,
                                    this_mail)
        if forwarded:
            return Evidence(who, "arc", tokens, sent, signature=forwarded)
        return Evidence(who, None, tokens, sent)


def replied_tokens(mail: InboundMail) -> tuple[str, ...]:
    """The candidate reply tokens of the judge's mails this one answers."""
    return tokens_in(tuple(filter(None, (mail.in_reply_to, *mail.references))))
