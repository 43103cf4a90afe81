"""A judge home that signs its mail: a key made by `gmbot dkim keygen`, its record as the
command prints it published by the tests' stub name server."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from gmbot.cli import main
from tests.auth.signing import StubDns

DOMAIN, SELECTOR = "example.test", "gmbot1"


def keygen(home: Path, dns: StubDns, selector: str = SELECTOR) -> str:
    """Make a key in `home` with the CLI, publish what it prints in `dns`, and name the
    key in the home's gmbot.yaml; returns that `dkim:` line."""
    home.mkdir(parents=True, exist_ok=True)
    key = home / f"{selector}.pem"
    result = CliRunner().invoke(main, ["dkim", "keygen", "--domain", DOMAIN,
                                       "--selector", selector, "-o", str(key)])
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if " IN TXT " in x)
    name = line.split()[0].rstrip(".")
    dns.records[name.encode()] = "".join(re.findall(r'"([^"]*)"', line)).encode()
    config = home / "gmbot.yaml"
    text = config.read_text(encoding="utf-8") if config.exists() else ""
    line = f"dkim: {{domain: {DOMAIN}, selector: {selector}, key_file: {key}}}\n"
    config.write_text(text + line, encoding="utf-8")
    return line
