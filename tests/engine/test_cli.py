"""`gmbot adjudicate` run as a real command, as docs/adjudicate.md describes it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gmbot.variants import VARIANTS


def _command() -> list[str]:
    """The installed `gmbot` script next to this interpreter, else on PATH, else the entry
    point called through the interpreter (the package has no __main__)."""
    beside = Path(sys.executable).with_name("gmbot")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("gmbot")
    if found:
        return [found]
    return [sys.executable, "-c", "from gmbot.cli import main; main()"]


def gmbot(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*_command(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


# Italy dislodges the Austrian fleet in Trieste (it may retreat to the Adriatic or Albania,
# not to Venice where the attack came from); France dislodges the German army in Munich,
# which has nowhere to go. One French line is refused.
MOVEMENT_CASE: dict[str, Any] = {
    "phase": "S1901M",
    "units": {
        "AUSTRIA": ["F TRI"],
        "ITALY": ["A VEN", "A TYR"],
        "FRANCE": ["A BUR", "A RUH"],
        "GERMANY": ["A MUN", "F KIE", "A BER"],
        "RUSSIA": ["A SIL", "A BOH"],
    },
    "centers": {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN", "KIE", "BER"], "AUSTRIA": ["TRI"]},
    "orders": {
        "ITALY": ["A VEN - TRI", "A TYR S A VEN - TRI"],
        "FRANCE": ["a bur -> munich", "A RUH S A BUR - MUN", "A XYZ - BEL"],
        "GERMANY": ["A MUN H"],
    },
}

DOCUMENTED_KEYS = {
    "phase", "next_phase", "units_after", "dislodged", "moves", "order_results", "orders",
    "errors", "centers_after", "position",
}


def check_movement_result(out: dict[str, Any]) -> None:
    assert set(out) >= DOCUMENTED_KEYS
    assert out["phase"] == "S1901M"
    assert out["next_phase"] == "S1901R"
    assert out["units_after"] == {
        "FRANCE": ["A MUN", "A RUH"],
        "GERMANY": ["A BER", "F KIE"],
        "ITALY": ["A TRI", "A TYR"],
        "RUSSIA": ["A BOH", "A SIL"],
    }
    assert out["dislodged"] == {
        "A MUN": {"power": "GERMANY", "attacker_from": "BUR", "retreats": []},
        "F TRI": {"power": "AUSTRIA", "attacker_from": "VEN", "retreats": ["ADR", "ALB"]},
    }
    assert out["moves"] == {"A BUR": "MUN", "A VEN": "TRI"}
    assert out["order_results"] == {
        "A BER": "succeeds",
        "A BOH": "succeeds",
        "A BUR": "succeeds",
        "A MUN": "dislodged",
        "A RUH": "succeeds",
        "A SIL": "succeeds",
        "A TYR": "succeeds",
        "A VEN": "succeeds",
        "F KIE": "succeeds",
        "F TRI": "dislodged",
    }
    assert out["orders"]["A BUR"] == "A BUR - MUN"
    assert out["errors"] == [
        {"power": "FRANCE", "order": "A XYZ - BEL", "reason": "unknown province 'XYZ'",
         "province": None}
    ]
    # Spring: no centre changes hands.
    assert out["centers_after"] == {
        "AUSTRIA": ["TRI"], "FRANCE": ["MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"],
    }
    assert out["position"]["phase"] == "S1901R"
    # A MUN has nowhere to go: disbanded with the movement; only F TRI retreats.
    assert set(out["position"]["dislodged"]) == {"F TRI"}
    assert out["removed"] == ["A MUN"] and out["dislodged"]["A MUN"]["retreats"] == []


def test_single_case_from_file(tmp_path: Path) -> None:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(MOVEMENT_CASE), encoding="utf-8")
    proc = gmbot("adjudicate", str(path))
    assert proc.returncode == 0, proc.stderr
    check_movement_result(json.loads(proc.stdout))


@pytest.mark.parametrize("args", [("adjudicate", "-"), ("adjudicate",)])
def test_single_case_from_stdin(args: tuple[str, ...]) -> None:
    proc = gmbot(*args, stdin=json.dumps(MOVEMENT_CASE))
    assert proc.returncode == 0, proc.stderr
    check_movement_result(json.loads(proc.stdout))


def test_file_and_stdin_agree(tmp_path: Path) -> None:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(MOVEMENT_CASE), encoding="utf-8")
    assert gmbot("adjudicate", str(path)).stdout == gmbot(
        "adjudicate", stdin=json.dumps(MOVEMENT_CASE)
    ).stdout


def test_retreat_phase_with_dislodged_and_standoffs() -> None:
    case = {
        "phase": "S1901R",
        "units": {
            "ITALY": ["A TRI", "A TYR"],
            "FRANCE": ["A MUN", "A RUH"],
            "GERMANY": ["F KIE", "A BER"],
            "RUSSIA": ["A SIL", "A BOH"],
        },
        "dislodged": {
            "F TRI": {"power": "AUSTRIA", "attacker_from": "VEN"},
            "A MUN": {"power": "GERMANY", "attacker_from": "BUR"},
        },
        "standoffs": ["ALB"],
        "centers": {"AUSTRIA": ["TRI"]},
        "orders": {
            "AUSTRIA": ["F TRI R ALB", "F TRI R ADR"],
            "GERMANY": ["A MUN R BUR"],
        },
    }
    proc = gmbot("adjudicate", "-", stdin=json.dumps(case))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["phase"] == "S1901R"
    assert out["next_phase"] == "F1901M"
    assert out["units_after"]["AUSTRIA"] == ["F ADR"]
    assert "GERMANY" in out["units_after"]
    assert "A MUN" not in out["units_after"]["GERMANY"]
    assert out["moves"] == {"F TRI": "ADR"}
    assert out["order_results"] == {"F TRI": "succeeds", "A MUN": "void"}
    assert out["dislodged"] == {}
    assert [(e["order"], e["reason"]) for e in out["errors"]] == [
        ("F TRI R ALB", "F TRI cannot retreat to ALB: it was left empty by a standoff (it "
         "may retreat to ADR, or disband)"),
        ("A MUN R BUR", "A MUN cannot retreat to BUR: the attacker came from there (it "
         "has nowhere to go: A MUN D disbands it)"),
    ]
    assert out["removed"] == ["A MUN"]
    assert "standoffs" not in out["position"] and "dislodged" not in out["position"]


def test_jsonl_bad_line_gets_an_error_and_the_others_run() -> None:
    good = json.dumps(MOVEMENT_CASE)
    other = json.dumps({"phase": "F1901M", "units": {"FRANCE": ["A PAR"]},
                        "centers": {"FRANCE": ["PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}})
    lines = [good, "{not json", json.dumps({"variant": "nope"}), "", other]
    proc = gmbot("adjudicate", "--jsonl", "-", stdin="\n".join(lines) + "\n")
    assert proc.returncode != 0
    results = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(results) == 4  # the blank line is skipped
    check_movement_result(results[0])
    assert set(results[1]) == {"error"}
    assert results[1]["error"].startswith("line 2: invalid JSON")
    known = ", ".join(sorted(VARIANTS))  # every registered variant, whichever they are
    assert results[2] == {"error": f"unknown variant 'nope' (known: {known})"}
    assert results[3]["moves"] == {"A PAR": "BUR"}
    assert results[3]["next_phase"] == "S1902M"


def test_jsonl_all_good_exits_zero(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps(MOVEMENT_CASE) + "\n" + json.dumps(MOVEMENT_CASE) + "\n",
                    encoding="utf-8")
    proc = gmbot("adjudicate", "--jsonl", str(path))
    assert proc.returncode == 0, proc.stderr
    for line in proc.stdout.splitlines():
        check_movement_result(json.loads(line))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "invalid JSON"),
        ("", "invalid JSON"),
        (json.dumps({"variant": "xyz"}), "unknown variant 'xyz' (known: "),
        (json.dumps({"options": {"no_such_option": True}}), "unknown option 'no_such_option'"),
        (json.dumps({"units": {"NARNIA": ["A PAR"]}}), "unknown power 'NARNIA'"),
        (json.dumps({"units": {"FRANCE": ["A XYZ"]}}), "unknown province 'XYZ'"),
        (json.dumps({"phase": "X1901M"}), "bad phase"),
        (json.dumps([1, 2]), "a case is a JSON object"),
    ],
)
def test_invalid_input_exits_non_zero_with_a_clear_message(text: str, message: str) -> None:
    proc = gmbot("adjudicate", "-", stdin=text)
    assert proc.returncode != 0
    assert proc.stdout == ""
    assert "Error:" in proc.stderr
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_missing_file_exits_non_zero(tmp_path: Path) -> None:
    proc = gmbot("adjudicate", str(tmp_path / "nope.json"))
    assert proc.returncode != 0
    assert "nope.json" in proc.stderr


def test_bytes_that_are_not_utf8_are_refused_by_line(tmp_path: Path) -> None:
    """JSON is UTF-8: a line of other bytes gets an error naming it, and the lines around
    it are still adjudicated; a single case of such bytes is refused, without a trace."""
    path = tmp_path / "cases.jsonl"
    good = json.dumps(MOVEMENT_CASE).encode()
    path.write_bytes(good + b"\n" + b'{"phase": "S1901M\xff"}\n' + good + b"\n")
    proc = gmbot("adjudicate", "--jsonl", str(path))
    assert proc.returncode != 0
    results = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(results) == 3
    check_movement_result(results[0])
    check_movement_result(results[2])
    assert results[1]["error"].startswith("line 2: invalid JSON")
    assert "Traceback" not in proc.stderr

    single = tmp_path / "case.json"
    single.write_bytes(b'{"phase": "S1901M\xff"}')
    proc = gmbot("adjudicate", str(single))
    assert proc.returncode != 0
    assert "Error: invalid JSON" in proc.stderr
    assert "Traceback" not in proc.stderr
