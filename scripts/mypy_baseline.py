"""mypy over gmbot, tests and benchmarks, against a baseline of known errors that only shrinks.

gmbot itself must be clean (`mypy` alone checks it: pyproject's `files`). The tests and the
benchmarks were written before mypy read them; their known errors are listed in
tests/mypy_baseline.txt, one a line as `path: [code] message` (no line numbers: they move
when a file is edited). This script fails when mypy finds an error the baseline does not
list (a new one: fix it), and when the baseline lists one mypy no longer finds (fixed:
take it out, `--shrink` does that). It never adds to the baseline.

    .venv/bin/python scripts/mypy_baseline.py            check
    .venv/bin/python scripts/mypy_baseline.py --shrink   drop the fixed errors from the baseline
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BASELINE = REPO / "tests" / "mypy_baseline.txt"
PATHS = ("gmbot", "tests", "benchmarks")
ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+(?::\d+)?: error: "
                   r"(?P<message>.*?)\s+\[(?P<code>[a-z-]+)\]$")
HEADER = ("# mypy's known errors in tests/ and benchmarks/ (scripts/mypy_baseline.py): fix them,\n"
          "# then run it with --shrink. Never add a line: a new error is fixed where it is.\n")


def current_errors() -> Counter[str]:
    """mypy's errors now, as baseline lines (a line may occur several times)."""
    paths = [p for p in PATHS if (REPO / p).exists()]
    run = subprocess.run([sys.executable, "-m", "mypy", *paths], cwd=REPO, text=True,
                         capture_output=True, check=False)
    if run.returncode not in (0, 1):  # 2: mypy could not run (bad config, syntax error...)
        sys.stdout.write(run.stdout)
        sys.stderr.write(run.stderr)
        raise SystemExit(f"scripts/mypy_baseline.py: mypy failed (exit {run.returncode})")
    errors: Counter[str] = Counter()
    for line in run.stdout.splitlines():
        m = ERROR.match(line)
        if m:
            errors[f"{m['path']}: [{m['code']}] {m['message']}"] += 1
        elif ": error: " in line:  # an error without a code: never baselined
            errors[line] += 1
    return errors


def read_baseline() -> Counter[str]:
    if not BASELINE.exists():
        return Counter()
    lines = BASELINE.read_text(encoding="utf-8").splitlines()
    return Counter(line for line in lines if line and not line.startswith("#"))


def write_baseline(errors: Counter[str]) -> None:
    body = "".join(f"{line}\n" for line in sorted(errors.elements()))
    BASELINE.write_text(HEADER + body, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shrink", action="store_true",
                        help="take the errors mypy no longer finds out of the baseline")
    args = parser.parse_args(argv)
    now, known = current_errors(), read_baseline()
    new = now - known
    gone = known - now
    for line in sorted(new.elements()):
        print(f"new mypy error (fix it; the baseline never grows): {line}")
    if gone and args.shrink:
        write_baseline(known - gone)
        print(f"scripts/mypy_baseline.py: {gone.total()} fixed errors taken out of "
              f"{BASELINE.relative_to(REPO)}")
        gone = Counter()
    for line in sorted(gone.elements()):
        print(f"fixed, take it out of {BASELINE.relative_to(REPO)} (--shrink): {line}")
    known = read_baseline()
    files = len({line.split(":", 1)[0] for line in known})
    print(f"scripts/mypy_baseline.py: {new.total()} new errors, {gone.total()} fixed but "
          f"still listed; {known.total()} known errors in {files} files of tests/ and "
          "benchmarks/")
    return 1 if new or gone else 0


if __name__ == "__main__":
    raise SystemExit(main())
