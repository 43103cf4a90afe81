from datetime import time, timedelta
from pathlib import Path

import pytest

from gmbot.gamefile import (
    REDACTED,
    GameFileError,
    Player,
    load_game_file,
    parse_game_text,
    redact_secrets,
)
from gmbot.gamefile.settings.deadlines import AfterAt, DeadlinePolicy, Every, Weekly
from gmbot.gamefile.settings.durations import Duration
from gmbot.gamefile.settings.nmr import NmrPolicy

VALID = """\
name: demo
title: Demo game
variant: standard
options: {solo: 17, changing_homes: true}
gm: gm@example.org
judge: judge@example.org
players:
  - address: alice@example.org
    power: france
    name: Alice
    password: 0123
  - address: bob@example.org
    power: NO
  - address: carol@example.org
    role: wazir
    name: Carol
deadlines:
  timezone: Europe/London
  movement: 3d
  retreat: Mon 18:00
  adjustment: {after: 2d, at: 20:00}
  grace: 1h
  reminders: [24h, 4h]
  early: false
nmr: hold
position:
  phase: s1901m
  units:
    france: [A PAR, {unit: F BRE, colour: red}]
    NO: [A NWY]
  centers: {FRANCE: [PAR, BRE]}
  homes: {FRANCE: [PAR, BRE, MAR]}
  dislodged: {F TRI: {power: AUSTRIA, attacker_from: TYR}}
  standoffs: [BUR]
  powers: {FRANCE: {dinars: 3}}
"""

MINIMAL = """\
name: g1
variant: standard
gm: gm@example.org
judge: judge@example.org
players:
  - {address: a@example.org, power: ENGLAND}
"""


def errors(text: str, filename: str = "games/x.yaml") -> list[str]:
    with pytest.raises(GameFileError) as info:
        parse_game_text(text, filename)
    return [str(p) for p in info.value.problems]


def test_valid_file_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "demo.yaml"
    path.write_text(VALID)
    spec = load_game_file(path)
    assert spec.name == "demo" and spec.title == "Demo game" and spec.variant == "standard"
    assert spec.options == {"solo": 17, "changing_homes": True}
    assert (spec.gm, spec.judge) == ("gm@example.org", "judge@example.org")
    assert spec.players == (
        Player("alice@example.org", power="FRANCE", name="Alice", password="0123"),
        Player("bob@example.org", power="NO"),  # YAML 1.2 typing: NO is not False
        Player("carol@example.org", role="wazir", name="Carol"),
    )
    assert spec.deadlines == DeadlinePolicy(
        movement=Every(Duration(days=3)),
        retreat=Weekly(0, time(18, 0)),
        adjustment=AfterAt(Duration(days=2), time(20, 0)),  # 20:00 unquoted stays a time
        timezone="Europe/London",
        grace=Duration(exact=timedelta(hours=1)),
        early=False,
    )
    assert spec.nmr == "hold"
    assert spec.position == {
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", {"unit": "F BRE", "colour": "red"}], "NO": ["A NWY"]},
        "centers": {"FRANCE": ["PAR", "BRE"]},
        "homes": {"FRANCE": ["PAR", "BRE", "MAR"]},
        "dislodged": {"F TRI": {"power": "AUSTRIA", "attacker_from": "TYR"}},
        "standoffs": ["BUR"],
        "powers": {"FRANCE": {"dinars": 3}},
    }
    assert spec.filename == str(path)
    assert spec.player_by_address("ALICE@example.org") is spec.players[0]


def test_line_of() -> None:
    spec = parse_game_text(VALID, "games/demo.yaml")
    assert spec.line_of("name") == 1
    assert spec.line_of("players[1]") == 12
    assert spec.line_of("players[2].role") == 15
    assert spec.line_of("deadlines.adjustment.at") == 21
    # Power keys are upper-cased; both spellings find the line.
    assert spec.line_of("position.units.FRANCE[1]") == 29
    assert spec.line_of("position.units.france[1]") == 29
    assert spec.line_of("position.powers.FRANCE.dinars") == 35
    assert spec.line_of("position.units.ITALY") is None
    # Later checks against the map report through the spec.
    problem = spec.problem("position.units.ITALY[0]", "no such power")
    assert str(problem) == "games/demo.yaml:28: position.units.ITALY[0]: no such power"


def test_defaults() -> None:
    spec = parse_game_text(MINIMAL, "games/g1.yaml")
    assert spec.title is None and spec.options == {} and spec.position is None
    assert spec.deadlines == DeadlinePolicy() and spec.nmr == "hold"


def test_nmr_policies_named_and_written_out() -> None:
    """`nmr:` takes hold, civil_disorder, or a mapping whose missing keys take the
    defaults a GM would pick (docs/game-file.md); `standby:` lists addresses."""
    assert parse_game_text(MINIMAL, "g.yaml").nmr_policy == NmrPolicy()
    named = parse_game_text(MINIMAL + "nmr: civil_disorder\n", "g.yaml")
    assert named.nmr == "civil_disorder"
    assert named.nmr_policy == NmrPolicy(then="civil_disorder", after=2, replace=True)
    written = parse_game_text(MINIMAL + "nmr: {after: 3, replace: false}\n"
                              "standby: [Sub@Example.org]\n", "g.yaml")
    assert written.nmr_policy == NmrPolicy(then="civil_disorder", after=3, replace=False)
    assert written.standby == ("sub@example.org",)
    told = parse_game_text(MINIMAL + "nmr: {then: tell_gm, after: 1}\n", "g.yaml")
    assert told.nmr == "tell_gm" and told.nmr_policy.after == 1


def replace(old: str, new: str, text: str = VALID) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (replace("name: demo", "name: Demo_1"), "games/x.yaml:1: name: 'Demo_1': use lower-case"),
        (replace("name: demo\n", ""), "games/x.yaml:1: name: required"),
        (replace("variant: standard", "variant:"), "games/x.yaml:3: variant: must not be empty"),
        (replace("options: {", "options: [").replace("true}", "true]"), ":4: options: expected"),
        (replace("gm: gm@example.org", "gm: gm"), ":5: gm: not an email address: 'gm'"),
        (replace("judge@", "gm@"), ":6: judge: the judge address must differ"),
        (replace("bob@", "judge@"), ":12: players[1].address: the judge's own address"),
        (
            replace("  - address: bob@example.org\n", "  - adress: bob@example.org\n"),
            ":12: players[1].address: required",
        ),
        (replace("alice@example.org", "alice at example"), ":8: players[0].address: not an email"),
        (replace("power: NO", "power: 'FR ANCE'"), ":13: players[1].power: not a power key"),
        (replace("role: wazir", "role: 'Grand Wazir'"), ":15: players[2].role: 'grand wazir'"),
        (replace("players:\n", "players: []\nx:\n"), ":7: players: expected a non-empty list"),
        (replace("    power: NO\n", "    power:\n"), ":12: players[1]: give a power"),
        (replace("movement: 3d", "movement: 3 days and a bit"), ":19: deadlines.movement: not a"),
        (replace("Mon 18:00", "Mon 18h"), ":20: deadlines.retreat: not a time of day"),
        (replace("20:00}", "8pm}"), ":21: deadlines.adjustment.at: not a time of day"),
        (replace("after: 2d, ", ""), ":21: deadlines.adjustment: missing 'after'"),
        (replace("[24h, 4h]", "[24h, soon]"), ":23: deadlines.reminders[1]: not a duration"),
        (replace("early: false", "early: maybe"), ":24: deadlines.early: expected true or false"),
        (replace("Europe/London", "Europe/Londn"), ":18: deadlines.timezone: unknown time zone"),
        (replace("deadlines:\n", "deadlines: 3d\nx:\n"), ":17: deadlines: expected a mapping"),
        (replace("nmr: hold", "nmr: cd"), ":25: nmr: unknown policy 'cd' (allowed: hold, civil"),
        (replace("nmr: hold", "nmr: {after: 0}"), ":25: nmr.after: expected a number of"),
        (replace("nmr: hold", "nmr: {then: quit}"), ":25: nmr.then: expected one of"),
        (replace("nmr: hold", "nmr: {replace: maybe}"), ":25: nmr.replace: expected true or"),
        # one setting for the GM's approval of a takeover, and it is takeover:'s
        (replace("nmr: hold", "nmr: {approval: true}"),
         ":25: nmr.approval: the GM's approval of a TAKEOVER is set by `takeover: {approval: "
         "true}`"),
        (replace("nmr: hold", "nmr: {afterr: 2}"), ":25: nmr.afterr: unknown key"),
        (replace("nmr: hold", "nmr: hold\nstandby: [nobody]"), ":26: standby[0]: not an email"),
        (replace("s1901m", "spring 1901"), ":27: position.phase: not a phase"),
        (replace("NO: [A NWY]", "NO: A NWY"), ":30: position.units.NO: expected a list"),
        (replace("{unit: F BRE", "{army: F BRE"), ":29: position.units.FRANCE[1]: expected a unit"),
        (replace("[PAR, BRE]}", "[PAR, {x: 1}]}"), ":31: position.centers.FRANCE[1]: expected a"),
        (replace("{dinars: 3}", "[3]"), ":35: position.powers.FRANCE: expected a mapping"),
        (replace("[BUR]", "BUR"), ":34: position.standoffs: expected a list"),
        (replace("  standoffs:", "  standofs:"), ":34: position.standofs: unknown key"),
        (replace("position:\n", "position: S1901M\nx:\n"), ":26: position: expected a mapping"),
        (
            replace("name: Alice", "name: Alice\n    name: Al"),
            ":11: players[0].name: duplicate key",
        ),
        (replace("title: Demo game", "title: [Demo]"), ":2: title: expected a single value"),
        (replace("variant: standard", "variant: !!python/name:os.system"), ":3: variant: YAML tag"),
    ],
)
def test_each_error_has_line_and_path(text: str, expected: str) -> None:
    found = errors(text)
    assert any(expected in p for p in found), found


def test_yaml_syntax_error_has_line() -> None:
    found = errors(replace("  early: false", "  early: [false"))
    assert len(found) == 1 and found[0].startswith("games/x.yaml:2") and "invalid YAML" in found[0]


def test_empty_and_non_mapping_files() -> None:
    assert errors("") == ["games/x.yaml:1: the file is empty"]
    assert errors("- a\n- b\n") == ["games/x.yaml:1: expected a mapping (key: value lines)"]


def test_several_errors_reported_together_in_line_order() -> None:
    text = replace("gm: gm@example.org", "gm: nobody")
    text = replace("power: NO", "power: FRANCE", text)
    text = replace("movement: 3d", "movement: 3x", text)
    text = replace("nmr: hold", "nmr: never", text)
    found = errors(text)
    assert [p.split(": ")[0] for p in found] == [
        "games/x.yaml:5",
        "games/x.yaml:13",
        "games/x.yaml:19",
        "games/x.yaml:25",
    ]
    with pytest.raises(GameFileError) as info:
        parse_game_text(text, "games/x.yaml")
    assert str(info.value) == "\n".join(found)
    assert info.value.problems[1].path == "players[1].power"
    assert info.value.problems[1].line == 13


def test_unknown_key_suggestions() -> None:
    found = errors(
        replace("players:", "plyers: []\nplayers:")
        .replace("    password:", "    pasword:")
        .replace("  grace:", "  gracetime:")
        .replace("  reminders:", "  Reminders:")
    )
    assert "games/x.yaml:7: plyers: unknown key 'plyers'; did you mean players?" in found
    assert any(":12: players[0].pasword: unknown key 'pasword'; did you mean password?" in p
               for p in found)  # fmt: skip
    assert any("deadlines.gracetime: unknown key 'gracetime'; did you mean grace?" in p
               for p in found)  # fmt: skip
    assert any("deadlines.Reminders: unknown key 'Reminders'; did you mean reminders?" in p
               for p in found)  # fmt: skip
    assert any("xyzzy: unknown key 'xyzzy' (allowed: name, title," in p
               for p in errors(MINIMAL + "xyzzy: 1\n"))  # fmt: skip


def test_duplicate_addresses_are_case_insensitive() -> None:
    found = errors(replace("bob@example.org", "Alice@Example.org"))
    assert found == [
        "games/x.yaml:12: players[1].address: address 'Alice@Example.org' already used by "
        "players[0]"
    ]


def test_duplicate_powers_and_names() -> None:
    assert errors(replace("power: NO", "power: France")) == [
        "games/x.yaml:13: players[1].power: power 'FRANCE' already used by players[0]"
    ]
    assert errors(replace("name: Carol", "name: alice")) == [
        "games/x.yaml:16: players[2].name: name 'alice' already used by players[0]"
    ]


def test_power_versus_role() -> None:
    both = errors(replace("    role: wazir\n", "    role: wazir\n    power: ITALY\n"))
    assert both == ["games/x.yaml:14: players[2]: give either power or role, not both"]
    neither = errors(replace("    role: wazir\n", ""))
    assert neither == [
        "games/x.yaml:14: players[2]: give a power (or a role for variants without powers)"
    ]
    no_name = errors(replace("    name: Carol\n", ""))
    assert no_name == ["games/x.yaml:14: players[2].name: required for a player with a role"]
    spec = parse_game_text(replace("role: wazir", "role: Vizier"), "games/x.yaml")
    assert spec.players[2] == Player("carol@example.org", role="vizier", name="Carol")


def test_unreadable_file_is_a_game_file_error(tmp_path: Path) -> None:
    with pytest.raises(GameFileError) as info:
        load_game_file(tmp_path / "missing.yaml")
    assert "cannot read the file" in str(info.value)


def test_documented_example_is_valid() -> None:
    doc = (Path(__file__).parents[1] / "docs" / "game-file.md").read_text()
    example = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    spec = parse_game_text(example, "games/demo.yaml")
    assert [p.power or p.role for p in spec.players] == ["FRANCE", "wazir"]


def test_auth_mode_and_gm_password() -> None:
    spec = parse_game_text(VALID)
    assert spec.auth == "on" and spec.gm_password is None  # safe by default
    spec = parse_game_text(VALID + "auth: none\ngm_password: gm-word\n")
    assert spec.auth == "none" and spec.gm_password == "gm-word"
    with pytest.raises(GameFileError) as e:
        parse_game_text(VALID + "auth: off\ngm_password: two words\n")
    found = [str(p) for p in e.value.problems]
    assert any("auth: unknown mode 'off' (allowed: on, none)" in p for p in found)
    assert any("gm_password: a password is one word" in p for p in found)


def test_passwords_are_redacted_from_the_stored_copy() -> None:
    text = VALID + "gm_password: |\n  gm-word\n"
    kept = redact_secrets(text)
    assert "0123" not in kept and "gm-word" not in kept
    assert kept.count(REDACTED) == 2
    # The rest of the file reads as before, when the judge reads its own copy...
    redacted = parse_game_text(kept, stored=True)
    assert redacted.position == parse_game_text(text).position
    assert redacted.players[0].password is None
    # ...but the judge's copy cannot be loaded as if its placeholder were a password.
    with pytest.raises(GameFileError, match="write the password itself"):
        parse_game_text(kept)


def test_votes_and_anonymous() -> None:
    from gmbot.gamefile.settings.votes import VoteRules

    spec = parse_game_text(VALID)
    # What a GM would pick: secret votes, draws of all survivors, concessions and
    # cancelling allowed; players not anonymous.
    assert spec.votes == VoteRules(secret=True, named_draws=False, concede=True, cancel=True)
    assert spec.anonymous is False
    spec = parse_game_text(VALID + "votes: {secret: false, named_draws: true}\nanonymous: true\n")
    assert spec.votes == VoteRules(secret=False, named_draws=True) and spec.anonymous
    with pytest.raises(GameFileError) as e:
        parse_game_text(VALID + "votes: {secret: maybe, draws: true}\nanonymous: yes please\n")
    found = [str(p) for p in e.value.problems]
    assert any("votes.secret: expected true or false, not 'maybe'" in p for p in found), found
    assert any("votes.draws: unknown key (allowed: secret, named_draws, concede, cancel)" in p
               for p in found), found
    assert any("anonymous: expected true or false, not 'yes please'" in p for p in found), found
    with pytest.raises(GameFileError) as e:
        parse_game_text(VALID + "votes: secret\n")
    assert any("votes: expected a mapping" in str(p) for p in e.value.problems)
