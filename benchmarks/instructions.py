"""The start-up stages of the loop benchmark counted in instructions, on a revision and on
the working tree: a figure the machine's load does not move.

    .venv/bin/python benchmarks/instructions.py REV [--games N]

`gmbot tick -q` and a mail piped to `gmbot ingest` cost about a tenth of a second, most of
it Python starting and importing; timed, they move 10-20% between runs minutes apart on a
shared host (benchmarks/README.md), more than any change to them. Here each side builds
its homes with its own benchmarks/ingest.py (`--home`, N games, few mails), then each
command runs under Valgrind's callgrind with a fixed hash seed, which counts the
instructions the process executed (to a few in a million between runs): `tick` on the home
with games and on the empty home, the pipe (its worker, a child process, not counted), and
the worker alone (`gmbot drain` of one mail piped with `--no-worker`: what a mail piped with
no daemon running costs after the pipe, start-up included). Printed in millions with the
ratio tree/REV. Valgrind runs them ~50x slower: about a
minute a side. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.compare import REPO, add_worktree  # noqa: E402

COLLECTED = re.compile(rb"Collected : (\d+)")


def instructions(root: Path, args: list[str], stdin: bytes | None = None) -> int:
    """Instructions one run of `gmbot ARGS` executes, with the gmbot of the checkout at
    `root` (its .venv/bin/gmbot, REV's gmbot first on the path as compare.py does)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GMBOT_")}
    env.update(PYTHONPATH=str(root), PYTHONHASHSEED="0")
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          str(root / ".venv" / "bin" / "gmbot"), *args],
                         env=env, input=stdin, capture_output=True, check=False)
    found = COLLECTED.search(run.stderr)
    if run.returncode != 0 or not found:
        sys.stderr.write(run.stderr.decode(errors="replace"))
        raise SystemExit(f"benchmarks/instructions.py: gmbot {' '.join(args)} failed in {root}")
    return int(found[1])


def build_homes(root: Path, where: Path, games: int) -> Path:
    """A home with `games` running games (and ingest.py's empty home beside it)."""
    home = where / "home"
    env = {**os.environ, "PYTHONPATH": str(root)}
    subprocess.run([sys.executable, str(root / "benchmarks" / "ingest.py"), "--home", str(home),
                    "--games", str(games), "--mails", str(games), "--ticks", "1"],
                   cwd=root, env=env, check=True, stdout=subprocess.DEVNULL)
    return home


def piped_mail(n: int) -> bytes:
    """An orders mail of France in the fourth game, as the loop benchmark writes them (both
    sides' ingest.py name the games and players alike): the worker acknowledges it."""
    from benchmarks.ingest import order_mail

    return order_mail(random.Random(n), 10**6 + n, "b0003", 3, "FRANCE", datetime.now(UTC))


def spool(root: Path, home: Path, raw: bytes) -> None:
    """`gmbot ingest --no-worker`: the mail spooled, no worker started, not counted."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GMBOT_")}
    env["PYTHONPATH"] = str(root)
    subprocess.run([str(root / ".venv" / "bin" / "gmbot"), "--home", str(home), "ingest",
                    "--no-worker"], env=env, input=raw, check=True)


def measure(root: Path, where: Path, games: int) -> dict[str, int]:
    home = build_homes(root, where, games)
    empty = home.parent / "empty-home"
    # One untimed run each first: the phases stage 3 opened are looked at once, and
    # bytecode is compiled.
    for h in (home, empty):
        instructions(root, ["--home", str(h), "tick", "-q"])
    spool(root, home, piped_mail(0))  # the worker's first run, not counted either
    instructions(root, ["--home", str(home), "drain"])
    counts = {
        f"tick, {games} games": instructions(root, ["--home", str(home), "tick", "-q"]),
        "tick, empty home": instructions(root, ["--home", str(empty), "tick", "-q"]),
        "pipe (no daemon)": instructions(root, ["--home", str(home), "ingest", "--no-worker"],
                                         piped_mail(1)),
    }
    counts["worker, one mail"] = instructions(root, ["--home", str(home), "drain"])
    return counts


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rev", help="the revision to compare the working tree with")
    ap.add_argument("--games", type=int, default=100, help="running games (100)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("benchmarks/instructions.py: needs valgrind (apt-get install valgrind)")
    label = subprocess.run(["git", "rev-parse", "--short", args.rev], cwd=REPO, text=True,
                           capture_output=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="gmbot-instructions-") as tmp:
        worktree = Path(tmp) / "rev"
        add_worktree(args.rev, worktree)
        try:
            old = measure(worktree, Path(tmp) / "rev-homes", args.games)
            new = measure(REPO, Path(tmp) / "tree-homes", args.games)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=REPO,
                           check=False)
    print(f"instructions executed, millions (ratio tree/{label}: below 1.00 the working "
          f"tree does less)")
    print(f"{'command':22} {label:>10} {'tree':>10} {'ratio':>7}")
    for what, before in old.items():
        print(f"{what:22} {before / 1e6:10.1f} {new[what] / 1e6:10.1f} "
              f"{new[what] / before:7.3f}")


if __name__ == "__main__":
    main()
