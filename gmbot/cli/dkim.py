"""`gmbot dkim keygen`: a key for signing the judge's mail, and the DNS record to publish
(docs/operations.md)."""

from __future__ import annotations

from pathlib import Path

import click


@click.group("dkim")
def dkim() -> None:
    """The judge's DKIM key (its mail signed with it: docs/operations.md)."""


@dkim.command("keygen")
@click.option("--domain", required=True, help="The judge's mail domain (d=).")
@click.option("--selector", required=True, help="The key's name in DNS (s=), e.g. gmbot2026.")
@click.option("-o", "--out", "out", type=click.Path(dir_okay=False), required=True,
              help="The private key file to write (never overwritten).")
@click.option("--bits", type=click.IntRange(1024, 4096), default=2048, show_default=True)
def keygen(domain: str, selector: str, out: str, bits: int) -> None:
    """Write a new private key to OUT and print the TXT record to publish."""
    from gmbot.mail.outgoing.dkim import dns_record, new_key, write_private_key

    pem, record = new_key(bits)
    try:
        write_private_key(Path(out), pem)
    except FileExistsError:
        raise click.ClickException(f"{out} exists: a key in use is never overwritten") \
            from None
    click.echo(f"# Private key written to {out} (readable by its owner only). Publish:")
    click.echo(dns_record(domain.lower(), selector, record))
    click.echo("# then in gmbot.yaml:")
    click.echo(f"dkim: {{domain: {domain.lower()}, selector: {selector}, key_file: {out}}}")
