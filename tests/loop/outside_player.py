"""An outside program holding a seat through `gmbot bot-mail` (docs/bots.md), as a test
runs it in its own process: it reads the mails the judge sent its seat, and answers the
newest one that lists its units with a hold for each (or, with none, asks for
STATUS); or, with --mila, asks for its phase
in MILA's JSON lines and sends the first possible order of each unit. It knows nothing of
gmbot's insides: only the channel's commands and what a player's mail says."""

from __future__ import annotations

import json
import subprocess
import sys

HOME, GAME, POWER = sys.argv[1:4]
GMBOT = [sys.executable, "-m", "gmbot", "--home", HOME, "bot-mail"]


def by_mail() -> None:
    out = subprocess.run([*GMBOT, "read", GAME, POWER], capture_output=True, text=True,
                         check=True).stdout
    mails = [json.loads(line) for line in out.splitlines()]
    for mail in reversed(mails):
        units = my_units(mail["body"])
        if units:
            orders = "\n".join(f"{u} H" for u in units)
            subprocess.run([*GMBOT, "send", GAME, POWER, "--reply-to", str(mail["id"]),
                            "--no-worker"], input=orders, text=True, check=True)
            print(f"answered mail {mail['id']}: {orders!r}")
            return
    # Its welcome is not kept once sent (it held the password): it asks where it stands.
    subprocess.run([*GMBOT, "send", GAME, POWER, "--no-worker"], input="STATUS\n",
                   text=True, check=True)
    print("asked for STATUS")


def my_units(text: str) -> list[str]:
    """Its units as a mail lists them: "Your units: A PAR, ..." (results), or the board's
    "  units: ..." line under its power (STATUS)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Your units:"):
            return [u.strip() for u in line.split(":", 1)[1].split(",")]
        if line.startswith(f"{POWER}: "):
            below = [x for x in lines[i + 1:i + 3] if x.startswith("  units: ")]
            if below:
                return [u.strip() for u in below[0].split(":", 1)[1].split(",")]
    return []


def by_mila() -> None:
    talk = subprocess.Popen([*GMBOT, "mila", GAME, POWER, "--no-worker"], text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert talk.stdin is not None and talk.stdout is not None
    talk.stdin.write(json.dumps({"get": "phase"}) + "\n")
    talk.stdin.flush()
    phase = json.loads(talk.stdout.readline())
    orders = [choices[0] for choices in phase["possible_orders"].values()]
    talk.stdin.write(json.dumps({"orders": orders}) + "\n")
    talk.stdin.close()
    print(talk.stdout.readline().strip())
    talk.wait()


if __name__ == "__main__":
    by_mila() if "--mila" in sys.argv else by_mail()
