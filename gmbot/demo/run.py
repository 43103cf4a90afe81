"""Set up a demo game under a home directory, mail in a turn of orders, process it."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

import yaml

from gmbot.daemon.loop import TickReport, tick
from gmbot.mail.maildir import MaildirInbox
from gmbot.service.app import App, open_app
from gmbot.service.gm.load import load_game
from gmbot.variants import example_text

HERE = Path(__file__).resolve().parent
# The demo's stand-in for the mail server in front of a real judge, which checks each
# player's mail (DKIM, DMARC) and writes its verdict on top (docs/security.md).
DEMO_MX = "mx.demo.invalid"


def demo_game_file(home: Path) -> Path:
    """The standard example game (shipped in the package: the demo runs from an installed
    wheel too), renamed `demo`."""
    text = example_text("standard")
    text = text.replace("name: standard-example", "name: demo")
    text = text.replace("title: Standard Diplomacy by mail", "title: gmbot demo game")
    path = home / "demo.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def drop_orders(app: App) -> int:
    inbox = MaildirInbox(app.config.inbox)
    mails = yaml.safe_load((HERE / "orders.yaml").read_text(encoding="utf-8"))
    for n, spec in enumerate(mails):
        msg = EmailMessage()
        msg["From"] = spec["from"]
        msg["To"] = "judge@example.test"
        msg["Subject"] = spec["subject"]
        msg["Date"] = format_datetime(app.now())
        msg["Message-ID"] = make_msgid(domain="example.test")
        msg.set_content(spec["body"])
        domain = msg["From"].addresses[0].domain
        verdict = f"Authentication-Results: {DEMO_MX}; dmarc=pass header.from={domain}\r\n"
        inbox.deliver(verdict.encode("ascii") + msg.as_bytes(), f"demo-{n:02d}.eml")
    return len(mails)


def run_demo(home: Path) -> tuple[App, list[str], TickReport]:
    home.mkdir(parents=True, exist_ok=True)
    config = home / "gmbot.yaml"
    if not config.exists():
        config.write_text(f"trusted_authserv_ids: [{DEMO_MX}]\n", encoding="utf-8")
    app = open_app(home)
    loaded = load_game(app, demo_game_file(home))
    count = drop_orders(app)
    report = tick(app)
    return app, [loaded, f"{count} order mails dropped into {app.config.inbox / 'new'}"], report
