"""The output of `gmbot adjudicate` is byte-identical whatever Python's hash seed: every
step of every variant's and option's cases, run in two processes with different
PYTHONHASHSEED values (a set iterated where order matters shows up as different bytes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.variants.case_inputs import case_inputs

INPUTS = case_inputs()


def _run(batch: bytes, seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-m", "gmbot", "adjudicate", "--jsonl"],
                          input=batch, capture_output=True, env=env, check=False)
    assert done.stderr == b"", done.stderr.decode()
    return done.stdout


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_same_bytes_whatever_the_hash_seed(name: str) -> None:
    batch = "".join(json.dumps(case) + "\n" for case in INPUTS[name]).encode()
    first = _run(batch, "1")
    assert first.count(b"\n") == len(INPUTS[name])
    assert b'"error"' not in first
    # Seeds 3 and 4 ordered the Al-Andalus powers differently from seed 1 before the fix.
    for seed in ("3", "4"):
        assert _run(batch, seed) == first, f"{name}: output differs with PYTHONHASHSEED={seed}"
