"""The loop benchmark (benchmarks/ingest.py) on a revision and on the working tree, side by side.

    .venv/bin/python benchmarks/compare.py REV [--games N] [--mails M] [--ticks T]
        [--repeat R] [--site]

REV (a commit, branch or tag) is checked out into a temporary git worktree, so the working
tree is left alone; its own benchmarks/ingest.py runs with REV's gmbot first on the path
(PYTHONPATH, ahead of this checkout's editable install; the worktree borrows this
checkout's .venv, so REV must not need other packages). Each repeat runs both, one after
the other, the order swapped every repeat (REV, tree, tree, REV, ...) so that a change of
the machine's load falls on both alike. Then each stage's median over the repeats is
printed for both with the ratio tree/REV: every figure is a cost (CPU per mail or per game,
or seconds), so below 1.00 the working tree is faster. The in-process stages are read per
CPU second, as ingest.py prints them, which a busy machine moves least; the start-up stages
(`tick`, the pipe) both in wall-clock and in CPU seconds. Beside each median, the lowest and
highest run of that side: where the two sides' ranges overlap the line ends in `~`, a
difference the runs do not show (repeat more, e.g. `--repeat 4 --ticks 20`, before reading
it as one). The host's speed can move 10-20% between runs minutes apart.

Figures are printed, never asserted. Without --profile: cProfile would time itself.
Run it before a change to the game loop lands (CONTRIBUTING.md), e.g. against main:
    .venv/bin/python benchmarks/compare.py main --games 50 --mails 500 --ticks 5
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _per_game(m: re.Match[str]) -> float:
    return float(m[2]) / int(m[1]) * 1000


def _first(m: re.Match[str]) -> float:
    return float(m[1])


# (stage, unit, pattern over ingest.py's output, the figure from its match)
STAGES = [
    ("0. host speed", "ms CPU", r"0\. host speed\s+([\d.]+) ms", _first),
    ("1. load_game", "ms CPU a game",
     r"1\. load_game\s+(\d+) games in .*?CPU ([\d.]+) s", _per_game),
    ("2. ingest", "ms CPU a mail", r"2\. ingest .*\n\s+CPU [\d.]+ s = ([\d.]+) ms/mail", _first),
    ("3. deadlines", "ms CPU a game",
     r"3\. deadlines\s+(\d+) games processed .*?CPU ([\d.]+) s", _per_game),
    ("3b. site pages", "ms CPU a game", r"3b\. site pages .*?CPU ([\d.]+) ms a game", _first),
    ("3b. site, the kernel", "ms CPU a game",
     r"3b\. site pages .*\n\s+of which in the kernel ([\d.]+) ms a game", _first),
    ("3b. site, the process", "ms CPU a game",
     r"3b\. site pages .*\n.*in gmbot's process ([\d.]+) ms a game", _first),
    ("4. outbox flush", "ms CPU a mail",
     r"4\. outbox flush.*\n\s+CPU [\d.]+ s = ([\d.]+) ms/mail", _first),
    ("4. outbox, the kernel", "ms CPU a mail", r"of which in the kernel ([\d.]+) ms/mail", _first),
    ("4. outbox, the process", "ms CPU a mail", r"in gmbot's process ([\d.]+) ms/mail", _first),
    ("5. tick, games", "s (median)", r"5\. gmbot tick -q\s+\d+ games: median ([\d.]+) s", _first),
    ("5. tick, games CPU", "s CPU",
     r"5\. gmbot tick -q\s+\d+ games: .*?CPU median ([\d.]+) s", _first),
    ("5. tick, empty home", "s (median)", r"tick -q\s+empty home: median ([\d.]+) s", _first),
    ("5. tick, empty CPU", "s CPU", r"tick -q\s+empty home: .*?CPU median ([\d.]+) s", _first),
    ("6a. pipe, daemon", "s (median)", r"6a\. gmbot ingest .*?median ([\d.]+) s", _first),
    ("6a. pipe, daemon CPU", "s CPU", r"6a\. gmbot ingest .*?CPU median ([\d.]+) s", _first),
    ("6a. pipe, no daemon", "s (median)", r"the pipe, no daemon:\s+median ([\d.]+) s", _first),
    ("6a. pipe, no d. CPU", "s CPU", r"the pipe, no daemon:\s+.*?CPU median ([\d.]+) s",
     _first),
    ("6b. reply, daemon", "s (median)", r"6b\. reply in outbox .*?median ([\d.]+) s", _first),
    ("6c. reply, no daemon", "s (median)", r"6c\. reply in outbox .*?median ([\d.]+) s", _first),
]


def figures(output: str) -> dict[str, float]:
    """Each stage's figure in one run's output (stages an old ingest.py lacks are left out)."""
    found = {}
    for stage, _unit, pattern, figure in STAGES:
        m = re.search(pattern, output)
        if m:
            found[stage] = figure(m)
    return found


def run_once(root: Path, size: list[str]) -> dict[str, float]:
    """ingest.py of the checkout at `root`, with that checkout's gmbot."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    run = subprocess.run([sys.executable, str(root / "benchmarks" / "ingest.py"), *size],
                         cwd=root, env=env, text=True, capture_output=True, check=False)
    if run.returncode != 0:
        sys.stderr.write(run.stdout + run.stderr)
        raise SystemExit(f"benchmarks/compare.py: ingest.py failed in {root}")
    return figures(run.stdout)


def add_worktree(rev: str, where: Path) -> None:
    subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(where), rev],
                   cwd=REPO, check=True)
    # ingest.py starts `.venv/bin/gmbot` of its own checkout: this one's, which imports
    # gmbot from PYTHONPATH first, i.e. REV's.
    (where / ".venv").symlink_to(REPO / ".venv")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rev", help="the revision to compare the working tree with")
    ap.add_argument("--games", type=int, default=100, help="running games (100)")
    ap.add_argument("--mails", type=int, default=2000, help="order mails to ingest (2000)")
    ap.add_argument("--ticks", type=int, default=5, help="`gmbot tick` and pipe runs (5)")
    ap.add_argument("--repeat", type=int, default=2, help="runs of each side (2)")
    ap.add_argument("--site", action="store_true",
                    help="both sides keep the web pages (stage 3b; REV's ingest.py must "
                         "know --site)")
    args = ap.parse_args(argv)
    size = ["--games", str(args.games), "--mails", str(args.mails), "--ticks", str(args.ticks)]
    size += ["--site"] if args.site else []
    label = subprocess.run(["git", "rev-parse", "--short", args.rev], cwd=REPO, text=True,
                           capture_output=True, check=True).stdout.strip()
    runs: dict[str, list[dict[str, float]]] = {"rev": [], "tree": []}
    with tempfile.TemporaryDirectory(prefix="gmbot-compare-") as tmp:
        worktree = Path(tmp) / "rev"
        add_worktree(args.rev, worktree)
        try:
            roots = {"rev": worktree, "tree": REPO}
            for n in range(args.repeat):
                order = ["rev", "tree"] if n % 2 == 0 else ["tree", "rev"]
                for side in order:
                    print(f"run {n + 1}/{args.repeat}: {label if side == 'rev' else 'tree'} "
                          f"(load average {os.getloadavg()[0]:.1f})", flush=True)
                    runs[side].append(run_once(roots[side], size))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=REPO,
                           check=False)
    print(f"\nbenchmarks/ingest.py {' '.join(size)}, median of {args.repeat} runs each, "
          f"[lowest-highest] (ratio tree/{label}: below 1.00 the working tree is faster; "
          f"'~' where the two sides' ranges overlap, a difference the runs do not show)")
    print(f"{'stage':22} {'unit':14} {label:>24} {'tree':>24} {'ratio':>7}")
    for stage, unit, _pattern, _figure in STAGES:
        old = [r[stage] for r in runs["rev"] if stage in r]
        new = [r[stage] for r in runs["tree"] if stage in r]
        a = statistics.median(old) if old else None
        b = statistics.median(new) if new else None
        ratio = f"{b / a:7.2f}" if a and b else f"{'-':>7}"
        print(f"{stage:22} {unit:14} {_shown(a, old):>24} {_shown(b, new):>24} {ratio}"
              f"{_verdict(old, new)}")

def _shown(value: float | None, values: list[float]) -> str:
    if value is None:
        return "-"
    if len(values) < 2:
        return f"{value:.3f}"
    return f"{value:.3f} [{min(values):.3f}-{max(values):.3f}]"


def _verdict(old: list[float], new: list[float]) -> str:
    """' ~' when the two sides' runs overlap: the repeats do not tell them apart."""
    if len(old) < 2 or len(new) < 2:
        return ""
    return " ~" if min(new) <= max(old) and min(old) <= max(new) else ""

if __name__ == "__main__":
    main()
