"""`gmbot game load` reports every problem of a game file in one load: the file's own
(keys, addresses, deadlines), those against the variant and map (powers), and every error
of its position, not just the first."""

from __future__ import annotations

from pathlib import Path

from gmbot.variants import example_text
from tests.loop.conftest import Cli

BROKEN = """\
name: broken
variant: standard
gm: gm@example.test
judge: judge@example.test
players:
  - {address: france@example.test, power: FRANCE}
  - {address: not-an-address, power: GERMANY}
  - {address: x@example.test, power: PRUSSIA}
deadlines:
  movement: 3 fortnights
position:
  phase: F1905M
  units:
    FRANCE: [A BUR, A XYZ, F PAR]
    GERMANY: [A MUN, A MUN]
  centers:
    FRANCE: [PAR, BUR]
"""


def test_every_problem_is_reported_in_one_load(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    out = cli("game", "load", str(path), ok=False).output
    where = str(path)
    expected = [
        f"{where}:7: players[1].address: not an email address: 'not-an-address'",
        f"{where}:8: players[2].power: unknown power PRUSSIA",
        f"{where}:10: deadlines.movement:",
        f"{where}:14: position.units.FRANCE[1]: unknown province",
        f"{where}:14: position.units.FRANCE[2]: a fleet cannot stand in PAR",
        f"{where}:15: position.units.GERMANY[1]: two units in MUN",
        f"{where}:17: position.centers.FRANCE[1]: BUR is not a supply centre",
    ]
    for line in expected:
        assert line in out, line
    # In the file's order: a GM reads them top to bottom.
    assert [out.index(line) for line in expected] == sorted(out.index(x) for x in expected)


def test_a_file_without_problems_still_loads(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "fine.yaml"
    fixed = BROKEN.replace("not-an-address", "germany@example.test").replace(
        "  - {address: x@example.test, power: PRUSSIA}\n", "").replace(
        "3 fortnights", "48h").replace(", A XYZ, F PAR]", "]").replace(
        "[A MUN, A MUN]", "[A MUN]").replace("[PAR, BUR]", "[PAR]")
    path.write_text(fixed, encoding="utf-8")
    assert "game broken created at F1905M (2 players)" in cli("game", "load", str(path)).output


def test_capitalist_with_changing_home_centres_is_refused(cli: Cli, tmp_path: Path) -> None:
    # A ruling: the two do not combine; the refusal names the option's line and the reason.
    text = example_text("capitalist").replace(
        "options:\n", "options:\n  changing_home_centres: true\n", 1)
    path = tmp_path / "capitalist.yaml"
    path.write_text(text, encoding="utf-8")
    out = cli("game", "load", str(path), ok=False).output
    line = text.splitlines().index("  changing_home_centres: true") + 1
    refusals = [x for x in out.splitlines() if "changing_home_centres" in x]
    assert refusals == [f"{path}:{line}: options.changing_home_centres: Capitalist does not "
                        f"combine with changing home centres (its home centres are the "
                        f"capitals and the centres held at the end of Fall 1899)"], out
    assert "created" not in out
