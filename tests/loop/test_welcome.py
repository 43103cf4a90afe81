"""The welcome mail: every player and the GM get one when a game is created, and whoever
takes a seat later (REPLACE, an edited file) gets his own; it says his power or role, the
phase, the deadline in the game's time zone, how to order, how he is recognised and his
password. Loading the file again sends nothing new."""

from __future__ import annotations

import re
from pathlib import Path

from gmbot.service.gm.load import load_game
from tests.loop.judgekit import POWERS, REPO, body, make_judge, standard_game

PARIS = standard_game().replace("timezone: UTC", "timezone: Europe/Paris")


def test_everyone_is_welcomed_once_with_all_he_needs(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, PARIS)
    by_address = {m["To"]: m for m in judge.welcomes}
    assert sorted(by_address) == sorted([f"{p.lower()}@example.test" for p in POWERS]
                                        + ["gm@example.test"])
    france = by_address["france@example.test"]
    assert france["Subject"] == "[g] Welcome: you play France"
    text = body(france)
    # Created Mon 2 Mar 2026 09:00 UTC, movement 48h: the deadline in Paris time.
    assert "The game is in Spring 1901 Movement; the deadline is Wed 4 Mar 2026 10:00 CET" \
        in text
    assert "A MAR - BUR" in text and "one order per line" in text  # his own army
    assert "signature (DKIM)" in text and "a reply to any mail from the judge" in text
    password = re.search(r"Your password: ([a-z0-9]{14})\s", text)
    assert password and f"PASSWORD {password.group(1)}" in text
    gm = body(by_address["gm@example.test"])
    assert "You are the game master" in gm and "REPLACE AUSTRIA new@address" in gm
    # Every secret is the recipient's own.
    secrets = {re.search(r"Your password: (\S+)", body(m)).group(1) for m in judge.welcomes}
    assert len(secrets) == len(judge.welcomes)


def test_a_role_player_is_welcomed_in_his_role(tmp_path: Path) -> None:
    text = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    judge = make_judge(tmp_path, text)
    [wazir] = [m for m in judge.welcomes if m["To"] == "lordelindel@example.test"]
    assert "You play lordelindel (wazir)" in body(wazir)


def test_a_reload_welcomes_only_newcomers(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, PARIS)
    path = tmp_path / "game.yaml"
    load_game(judge.app, path)  # unchanged: nobody is welcomed again
    judge.tick()
    assert judge.new_mail() == []
    path.write_text(PARIS.replace("italy@example.test", "luca@example.test"), encoding="utf-8")
    load_game(judge.app, path)
    judge.tick()
    [welcome] = judge.new_mail()
    assert welcome["To"] == "luca@example.test" and "You play Italy" in body(welcome)


def test_a_game_without_authentication_says_so(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, PARIS + "auth: none\n")
    text = body(next(m for m in judge.welcomes if m["To"] == "france@example.test"))
    assert "trusts the sender address alone (auth: none)" in text
    assert "Your password" not in text


def welcome_of(tmp_path: Path, game_file: str, address: str) -> str:
    """The welcome mail text of `address` when the example game `game_file` (under
    gmbot/variants) is loaded."""
    text = (REPO / "gmbot" / "variants" / game_file).read_text("utf-8")
    judge = make_judge(tmp_path / address, text)
    text = body(next(m for m in judge.welcomes if m["To"] == address))
    # Its examples are not columns aligned with runs of spaces (proportional fonts).
    assert not [line for line in text.splitlines() if re.search(r"\S {2,}\S", line)]
    return text


def test_a_standard_player_learns_the_standard_orders(tmp_path: Path) -> None:
    text = welcome_of(tmp_path, "standard/example.yaml", "france@example.test")
    assert "Your units: A MAR, A PAR, F BRE." in text and "A MAR - BUR" in text
    assert "BUILD F BRE / REMOVE A MAR / WAIVE" in text  # his own centre and unit
    assert "CAST" not in text and "ASSIMILATE" not in text


# One game loaded per test: on PostgreSQL a test's homes share its one database, where a
# second load of the same game is an update that welcomes nobody.
def test_a_wazir_learns_the_court_orders(tmp_path: Path) -> None:
    wazir = welcome_of(tmp_path, "al_andalus/example.yaml", "lordelindel@example.test")
    assert "GO TO COURT CASTILLE" in wazir and "PLUNDER" in wazir
    assert "HIRE" not in wazir and "BUILD" not in wazir


def test_a_prince_learns_how_to_hire(tmp_path: Path) -> None:
    prince = welcome_of(tmp_path, "al_andalus/example.yaml", "zaragoza@example.test")
    # The Wazir named is one of this game's.
    assert "HIRE lordelindel" in prince and "ARREST" in prince and "A LLE - ARA" in prince
    assert "GO TO COURT" not in prince and "A PAR - BUR" not in prince


def test_a_warlock_learns_to_cast(tmp_path: Path) -> None:
    text = welcome_of(tmp_path, "warlock/example.yaml", "england@example.test")
    assert "CAST VAPORIZE A BER" in text and "CAST MAKE INVISIBLE A LVP - CLY" in text


def test_a_capitalist_learns_pay_bribes_votes_and_capitals(tmp_path: Path) -> None:
    text = welcome_of(tmp_path, "capitalist/example.yaml", "england@example.test")
    # No units before the opening vote: said, so the examples are not taken for his.
    assert "Your units: none yet; the examples below show the orders' forms." in text
    for line in ("A LVP - CLY (3)", "BRIBE A BUD - GAL (2)", "VOTE F EDI (3)",
                 "CAPITALS EDI", "BALANCE"):
        assert line in text


def test_an_arpiesse_player_learns_exchanges_and_coloured_builds(tmp_path: Path) -> None:
    text = welcome_of(tmp_path, "arpiesse/example.yaml", "france@example.test")
    assert "A PAR (red)" in text and "BUILD RED F BRE" in text
    assert "BUILD A PAR /" not in text  # a build without a colour is refused
    # The army in Paris could support the fleet in Brest, so the two may exchange; never
    # an example with an empty neighbour for a partner (A PAR X A BUR).
    assert "A PAR X F BRE (exchange colours with a neighbour: both order it)" in text
    assert " X A " not in text


def test_an_arpiesse_exchange_example_names_a_real_partner(tmp_path: Path) -> None:
    text = welcome_of(tmp_path, "arpiesse/example.yaml", "italy@example.test")
    assert "    A ROM X A VEN (exchange colours with a neighbour: both order it)" in text


def test_the_convoy_example_is_the_players_own_fleet_and_army(tmp_path: Path) -> None:
    # England in Fall 1901 with a fleet in the North Sea and an army in Yorkshire: the
    # example is his own convoy, not another power's units.
    game = (REPO / "gmbot/variants/standard/example.yaml").read_text(encoding="utf-8")
    game += ("position:\n  phase: F1901M\n  units:\n    ENGLAND: [F NTH, A YOR, F LON]\n"
             "    FRANCE: [A PAR, A MAR, F BRE]\n")
    judge = make_judge(tmp_path, game)
    text = body(next(m for m in judge.welcomes if m["To"] == "england@example.test"))
    assert "    F NTH C A YOR - " in text
    france = body(next(m for m in judge.welcomes if m["To"] == "france@example.test"))
    assert " C A " not in france  # no fleet of his in a sea: no convoy of others' units


def test_changing_home_centres_adds_its_winter_orders(tmp_path: Path) -> None:
    text = welcome_of(tmp_path, "options/home_centres/example.yaml", "russia@example.test")
    # Russia's own centres: Sevastopol (his from the start, no home centre) to assimilate,
    # Moscow to abandon once lost.
    assert "A MOS - LVN" in text and "ASSIMILATE SEV" in text and "ABANDON MOS" in text
