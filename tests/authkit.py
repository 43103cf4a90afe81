"""How honest test mail authenticates, as in a real deployment: the judge's own mail
server (authserv-id TRUSTED_MX, named in the test home's configuration) checks each
incoming mail and writes its verdict on top as an Authentication-Results header."""

from __future__ import annotations

from email.parser import BytesHeaderParser
from email.policy import default
from pathlib import Path

TRUSTED_MX = "mx.example.test"
CONFIG = f"trusted_authserv_ids: [{TRUSTED_MX}]\n"


def trust_the_mx(home: Path) -> None:
    """Name TRUSTED_MX in the home's gmbot.yaml (created or extended)."""
    home.mkdir(parents=True, exist_ok=True)
    config = home / "gmbot.yaml"
    text = config.read_text(encoding="utf-8") if config.exists() else ""
    if "trusted_authserv_ids" not in text:
        config.write_text(text + ("\n" if text and not text.endswith("\n") else "") + CONFIG,
                          encoding="utf-8")


def stamp(raw: bytes, dmarc: str = "pass") -> bytes:
    """`raw` as the trusted MX hands it on: its DMARC verdict for the From domain on top."""
    try:
        sender = BytesHeaderParser(policy=default).parsebytes(raw)["From"]
        domain = sender.addresses[0].domain if sender and sender.addresses else ""
    except Exception:  # noqa: BLE001 - a From no parser reads: the MX finds no domain
        domain = ""
    if not domain:
        return raw
    crlf = b"\r\n" in raw.split(b"\n", 1)[0] + b"\n"
    line = (f"Authentication-Results: {TRUSTED_MX}; dmarc={dmarc} header.from={domain}"
            .encode("ascii") + (b"\r\n" if crlf else b"\n"))
    return line + raw
