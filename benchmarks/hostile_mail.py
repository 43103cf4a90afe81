"""What one mail's sender authentication costs the judge: an honest signed mail next to
the worst mails a stranger with his own domain and name server can send (issue 23).

    .venv/bin/python benchmarks/hostile_mail.py [--runs N] [--unbounded]

Each mail goes through `SenderCheck.examine` (gmbot/mail/auth), as the inbound flow
calls it, with real DKIM signatures and a stub name server that answers at once (or,
for the stalling case, never). Printed per mail: the median CPU time of the process
(all threads) and the median wall time over N runs, next to the goal: under 50 ms of
CPU for any mail, whatever its DNS says. The stalling case is one batch of mails sharing
one DNS budget (the default 3 s a mail, 10 s a batch): its wall time is the budget, its
CPU time next to nothing.

With --unbounded, one signature with an 8192-bit key and an 8191-bit exponent is also
verified by dkimpy alone, as the judge did before (one signature; a hostile mail had
five): the cost the bounds remove.

Prints figures only; nothing here is a pass/fail test."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gmbot.mail.auth import SenderCheck  # noqa: E402
from gmbot.mail.auth.budget import BATCH_DNS_SECONDS, MAIL_DNS_SECONDS  # noqa: E402
from gmbot.mail.message import parse_message  # noqa: E402
from tests.auth.signing import (  # noqa: E402
    Signer,
    StallingDns,
    StubDns,
    random_odd,
    rsa_record,
)

GOAL_MS = 50.0


def mail(sender: str, body: str = "A PAR - BUR\nF BRE - MAO\nA MAR - SPA\n") -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "judge@example.test"
    msg["Subject"] = "[g] orders"
    msg["Date"] = format_datetime(datetime.now(UTC))
    msg["Message-ID"] = f"<{time.monotonic_ns()}@{sender.rsplit('@', 1)[1].rstrip('>')}>"
    msg.set_content(body)
    return msg.as_bytes()


def five_signatures(signer: Signer, raw: bytes, case: str, record: bytes | None = None,
                    headers: tuple[bytes, ...] | None = None) -> bytes:
    """`raw` signed five times by `signer` under selectors `case`1..5, each publishing
    `record` (the signer's own key if None)."""
    for n in range(1, 6):
        selector = f"{case}{n}"
        signer.publish(record or signer.record, selector)
        raw = (signer.sign(raw, selector=selector) if headers is None
               else signer.sign(raw, headers=headers, selector=selector))
    return raw


def tampered(raw: bytes) -> bytes:
    """`raw` with a signed header changed: every signature's body hash still matches, so
    each costs its RSA step before it fails."""
    return raw.replace(b"Subject: [g] orders", b"Subject: [g] orderz")


def measure(run: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median CPU and wall milliseconds of `run`."""
    cpu, wall = [], []
    for _ in range(runs):
        c0, w0 = time.process_time(), time.perf_counter()
        run()
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
    return statistics.median(cpu), statistics.median(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--unbounded", action="store_true")
    args = parser.parse_args()

    dns = StubDns()
    check = SenderCheck(lookup=dns)  # no cache: every run looks every key up again
    eve = "Eve <eve@evil.test>"
    stranger = Signer("evil.test", dns, bits=4096)
    big_body = "A PAR - BUR\n" + ("x" * 76 + "\n") * 12_000  # ~0.93 MB: near the size cap
    many_fields = b"".join(b"X-N%d: v\r\n" % i for i in range(485))
    long_h = (b"from", b"subject", *(b"x-n%d" % i for i in range(62)))  # MAX_SIGNED_HEADERS names
    mails = {
        "honest mail, 2048-bit key": Signer("example.org", dns, bits=2048).sign(
            mail("Alice <alice@example.org>")),
        "honest mail, 4096-bit key": Signer("example.net", dns, bits=4096).sign(
            mail("Bob <bob@example.net>")),
        "5 signatures, key of 16384-bit modulus and 16383-bit exponent": five_signatures(
            stranger, mail(eve), "a", rsa_record(random_odd(16384), random_odd(16383))),
        "5 signatures, key of 4096-bit modulus and 4095-bit exponent": five_signatures(
            stranger, mail(eve), "b", rsa_record(random_odd(4096), random_odd(4095))),
        "5 signatures, key of 8192-bit modulus, exponent 65537": five_signatures(
            stranger, mail(eve), "c", rsa_record(random_odd(8192), 65537)),
        "5 signatures, 4096-bit keys, each failing after its RSA step": tampered(
            five_signatures(stranger, mail(eve), "d")),
        "the same with a 0.93 MB body": tampered(
            five_signatures(stranger, mail(eve, big_body), "e")),
        "the same, 500 header fields, 64 h= names a signature": tampered(
            five_signatures(stranger, many_fields + mail(eve), "f", headers=long_h)),
        "all of it: 500 fields, 64 h= names, 0.93 MB body": tampered(
            five_signatures(stranger, many_fields + mail(eve, big_body), "h", headers=long_h)),
    }
    examine(check, mails["honest mail, 2048-bit key"])()  # imports, warm caches
    print(f"sender authentication of one mail, median of {args.runs} runs "
          f"(goal: under {GOAL_MS:.0f} ms CPU for any mail)")
    print(f"{'mail':<66} {'CPU ms':>8} {'wall ms':>9}")
    for label, raw in mails.items():
        cpu, wall = measure(examine(check, raw), args.runs)
        proof = check.examine(raw, parse_message(raw)).proof
        print(f"{label:<66} {cpu:8.2f} {wall:9.1f}   proof: {proof}")

    stalling = StallingDns(stall=60.0)
    stalled = SenderCheck(lookup=stalling)
    batch = [five_signatures(stranger, mail(f"eve{n}@evil.test"), f"g{n}") for n in range(6)]
    parsed = [parse_message(raw) for raw in batch]
    budget = stalled.budget()
    c0, w0 = time.process_time(), time.perf_counter()
    for raw, one in zip(batch, parsed, strict=True):
        stalled.examine(raw, one, budget)
    cpu, wall = (time.process_time() - c0) * 1000, (time.perf_counter() - w0) * 1000
    stalling.release()
    print(f"{'a batch of 6 such mails, the name server never answers (all 6)':<66} "
          f"{cpu:8.2f} {wall:9.1f}   lookups asked: {stalling.lookups}")
    print(f"  DNS budget {MAIL_DNS_SECONDS:.0f} s a mail, {BATCH_DNS_SECONDS:.0f} s a batch"
          " (before: up to 5 lookups x 3 s a mail, mail after mail)")

    if args.unbounded:
        import dkim

        raw = five_signatures(stranger, mail(eve), "u",
                              rsa_record(random_odd(8192), random_odd(8191)))
        c0 = time.process_time()
        dkim.DKIM(raw, minkey=1024).verify(idx=0, dnsfunc=dns)
        print(f"{'dkimpy alone: ONE signature, 8192-bit modulus, 8191-bit exponent':<66} "
              f"{(time.process_time() - c0) * 1000:8.2f}   (as before the bounds)")


def examine(check: SenderCheck, raw: bytes) -> Callable[[], object]:
    parsed = parse_message(raw)
    return lambda: check.examine(raw, parsed)


if __name__ == "__main__":
    main()
