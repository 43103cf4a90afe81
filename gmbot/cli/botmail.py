"""`gmbot bot-mail`: the local channel through which an outside program holds a seat as a
mail correspondent (docs/bots.md): it reads the mails the judge sent the seat and answers
them, each answer spooled as the seat's mail (as `gmbot ingest` spools a piped one), and
for standard games speaks MILA's order strings as JSON lines. The seat's token (its
password) opens it: `--token` or, kept out of the process list, GMBOT_SEAT_TOKEN."""

from __future__ import annotations

import json
import sys

import click

from gmbot.cli.root import app_from

TOKEN = click.option("--token", envvar="GMBOT_SEAT_TOKEN", required=True,
                     help="The seat's password (or the environment's GMBOT_SEAT_TOKEN).")
NO_WORKER = click.option("--no-worker", is_flag=True,
                         help="Only spool the answer: the daemon or the next `gmbot tick` "
                              "handles it.")


@click.group("bot-mail")
def bot_mail() -> None:
    """A seat held by an outside program: read its mail, answer it."""


@bot_mail.command("read")
@click.argument("game")
@click.argument("power")
@TOKEN
@click.option("--after", type=int, default=0, help="Only mails after this one (its id).")
@click.pass_context
def read(ctx: click.Context, game: str, power: str, token: str, after: int) -> None:
    """The mails the judge sent POWER's seat in GAME, one JSON object a line (id,
    subject, body, message_id, queued_at), oldest first."""
    import msgspec

    from gmbot.service.correspondent.channel import ChannelError, read_mails

    try:
        mails = read_mails(app_from(ctx), game, power, token, after)
    except ChannelError as e:
        raise click.ClickException(str(e)) from None
    for mail in mails:
        click.echo(msgspec.json.encode(mail).decode())


@bot_mail.command("send")
@click.argument("game")
@click.argument("power")
@TOKEN
@click.option("--reply-to", type=int, default=None, help="The id of the judge's mail answered.")
@NO_WORKER
@click.pass_context
def send(ctx: click.Context, game: str, power: str, token: str, reply_to: int | None,
         no_worker: bool) -> None:
    """Send the text on standard input as POWER's mail to the judge of GAME."""
    from gmbot.cli.mail import spool_mail
    from gmbot.service.correspondent.channel import ChannelError, answer

    app = app_from(ctx)
    text = sys.stdin.read()
    if not text.strip():
        raise click.ClickException("nothing to send on standard input")
    try:
        raw = answer(app, game, power, token, text, reply_to)
    except ChannelError as e:
        raise click.ClickException(str(e)) from None
    spool_mail(ctx, app.config, raw, no_worker, "program")
    click.echo("sent")


@bot_mail.command("mila")
@click.argument("game")
@click.argument("power")
@TOKEN
@NO_WORKER
@click.pass_context
def mila(ctx: click.Context, game: str, power: str, token: str, no_worker: bool) -> None:
    """MILA's order strings as JSON lines on standard input and output (standard games):
    {"get": "phase"} or {"orders": [...]}; each answer one line, {"error": ...} for a
    request refused."""
    from gmbot.cli.mail import spool_mail
    from gmbot.service.correspondent.channel import ChannelError, answer
    from gmbot.service.correspondent.mila import check_orders, phase_view

    app = app_from(ctx)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ChannelError("a request is a JSON object")
            if request.get("get") == "phase":
                reply = phase_view(app, game, power, token)
            elif isinstance(request.get("orders"), list) and all(
                    isinstance(o, str) and "\n" not in o for o in request["orders"]):
                reply = check_orders(app, game, power, token, request["orders"])
                spool_mail(ctx, app.config, answer(app, game, power, token,
                                                   "\n".join(request["orders"])),
                           no_worker, "program")
                reply["sent"] = True
            else:
                raise ChannelError('expected {"get": "phase"} or {"orders": ["A PAR - BUR"]}')
        except (ChannelError, json.JSONDecodeError) as e:
            reply = {"error": str(e)}
        click.echo(json.dumps(reply), nl=True)
        sys.stdout.flush()
