"""A new player learns a variant game by mail alone (issue 26): HELP shows his game's own
orders with examples from its map and his own units (Warlock's spells with his uses left,
Al-Andalus's court orders, Capitalist's money and votes, Arpiesse's exchanges, the home
centre orders), RULES mails the player guides and the GM's link, PROVINCES the map's
provinces and the blank map, and the welcome mail points to them. Through the real
pipeline on the local Maildir, each reply read as a player's mail client shows it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmbot.service.views import provinces as province_view
from gmbot.service.views.guide import rules_text
from tests.loop.judgekit import Judge, body, make_judge, standard_game
from tests.picture.mapkit import decode, inline_picture

REPO = Path(__file__).resolve().parents[2]


def example(variant: str) -> str:
    return (REPO / "gmbot/variants" / variant / "example.yaml").read_text(encoding="utf-8")


def ask(judge: Judge, sender: str, text: str, game: str) -> tuple[str, str]:
    judge.send(sender, text, subject=f"[{game}] question")
    judge.tick()
    [reply] = judge.to(sender, judge.new_mail())
    return str(reply["Subject"]), body(reply).replace("\r\n", "\n")


def test_warlock_help_lists_the_spells_with_the_players_uses_left(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("warlock"))
    subject, help_text = ask(judge, "turkey@example.test", "HELP\n", "warlock-example")
    assert subject == "[warlock-example] Help"
    assert ("How to use this judge (warlock-example), a game of Warlock Diplomacy: 19 spells "
            "and hidden units:") in help_text
    assert "Your units: A CON, A SMY, F ANK.\n" in help_text
    assert "  move or hold: A CON - ANK / A CON H\n" in help_text
    # Spells on a unit or a move are cast on the reader's own (issue 32's trial).
    assert "  CAST VAPORIZE A BER (also VAPORISE, VAPOURIZE): 1 of 1 left\n" in help_text
    assert "  CAST DOUBLE ORDERS A CON - BUL - GRE (also DOUBLE ORDER, DOUBLE): 2 of 2 left\n" \
        in help_text
    assert "  CAST POWER IMPERVIOUS A CON (also IMPERVIOUS, SUPER HOLD): 1 of 1 left\n" \
        in help_text
    assert help_text.count("CAST ") == 19
    # Spent spells are counted down once the phase has run.
    for power, lines in {"AUSTRIA": "A VIE H\nA BUD H\nF TRI H",
                         "ENGLAND": "F LON H\nF EDI H\nA LVP H",
                         "FRANCE": "A PAR H\nA MAR H\nF BRE H",
                         "GERMANY": "A BER H\nA MUN H\nF KIE H",
                         "ITALY": "A ROM H\nA VEN H\nF NAP H",
                         "RUSSIA": "A MOS H\nA WAR H\nF SEV H\nF STP/SC H",
                         "TURKEY": "A CON H\nA SMY H\nF ANK H\nCAST VAPORIZE A BUD"}.items():
        judge.send(f"{power.lower()}@example.test", lines + "\n",
                   subject="[warlock-example] orders")
    assert judge.tick().processed == ["warlock-example: S1901M processed (early); next F1901M"]
    judge.new_mail()
    _, help_text = ask(judge, "turkey@example.test", "HELP\n", "warlock-example")
    assert "  CAST VAPORIZE A BER (also VAPORISE, VAPOURIZE): 0 of 1 left\n" in help_text
    # The GM reads each spell's uses at the start.
    _, gm_help = ask(judge, "gm@example.test", "HELP\n", "warlock-example")
    assert "  CAST VAPORIZE A BUD (also VAPORISE, VAPOURIZE): 1 use\n" in gm_help
    assert "Your units" not in gm_help


def test_al_andalus_help_is_the_princes_or_the_wazirs(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("al_andalus"))
    _, prince = ask(judge, "castille@example.test", "HELP\n", "al-andalus-example")
    assert "Your units: A BUR, A LEO, F GAL.\n" in prince
    assert "  move or hold: A BUR - AST / A BUR H\n" in prince  # Iberia's provinces
    assert "Wazirs in this game: lordelindel, asudevil, nanook" in prince
    assert "  HIRE lordelindel: take a Wazir into your court" in prince
    assert "  ARREST: arrest your Wazir" in prince
    assert "APPOINT GENERAL" not in prince  # the example plays without Wazir-Generals
    assert "PLUNDER" not in prince
    _, wazir = ask(judge, "nanook@example.test", "HELP\n", "al-andalus-example")
    assert "  GO TO COURT CASTILLE: offer yourself to a Prince's court (Princes: CASTILLE, " \
           "ZARAGOZA, BADAJOZ, SEVILLE, GRANADA)\n" in wazir
    assert "  PLUNDER: your Prince's units all hold, and you get 1 dinar for each\n" in wazir
    assert "Your units" not in wazir and "HIRE" not in wazir


def test_capitalist_help_shows_pays_bribes_balance_and_votes(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("capitalist"))
    _, text = ask(judge, "france@example.test", "HELP\n", "capitalist-example")
    # The capital phase has no units yet: the examples use France's starting units.
    assert "  A MAR - BUR (3): your unit's order, paid 3\n" in text
    assert "  BRIBE A BUD - GAL (2): 2 for another power's unit" in text
    assert "  BALANCE on a line of its own: your account\n" in text
    assert "  VOTE F BRE (3) / VOTE NO BUILD BRE (1) / VOTE REMOVE A MAR (2)\n" in text
    assert "CAPITALS BRE" in text


def test_arpiesse_help_shows_exchanges_and_coloured_builds(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("arpiesse"))
    _, text = ask(judge, "france@example.test", "HELP\n", "arpiesse-example")
    # The army in Paris could support the fleet in Brest: an exchange France can make
    # (never one with an empty neighbour for a partner, A PAR X A BUR).
    assert ("  A PAR X F BRE: two neighbouring units exchange colours (both must "
            "order it; they may be two powers' units)\n") in text
    assert " X A " not in text
    _, italian = ask(judge, "italy@example.test", "HELP\n", "arpiesse-example")
    assert "  A ROM X A VEN: two neighbouring units exchange colours" in italian
    assert "BUILD RED F BRE" in text
    assert "red beats silver, silver beats purple, purple beats red" in text


def test_home_centres_help_and_rules_follow_the_options(tmp_path: Path) -> None:
    game = standard_game(extra="options: {changing_home_centres: true}\n"
                               "rules_link: https://example.org/our-house-rules\n")
    judge = make_judge(tmp_path, game)
    _, text = ask(judge, "austria@example.test", "HELP\n", "g")
    assert "(g), a game of Standard Diplomacy with Changing home centres:" in text
    assert "  ASSIMILATE RUM: a centre you have held since last winter" in text
    assert "  ABANDON BUD: a home centre you have not held since then" in text
    subject, rules = ask(judge, "austria@example.test", "RULES\n", "g")
    assert subject == "[g] Rules"
    assert rules.startswith("Standard Diplomacy: a player's primer\n=====")
    assert "\nChanging home centres: a player's primer" in rules  # the option's follows
    assert "RULES FULL mails the complete rulings" in rules
    assert "The game master's page for this game: https://example.org/our-house-rules" \
        in rules
    # Plain text: no Markdown link, code or table rule is left.
    assert "](" not in rules and "`" not in rules and "|---" not in rules


def test_rules_mails_the_primer_and_rules_full_every_ruling(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("warlock"))
    subject, rules = ask(judge, "england@example.test", "RULES\n", "warlock-example")
    assert subject == "[warlock-example] Rules"
    assert rules.startswith("Warlock Diplomacy: a player's primer\n")
    assert "\n    CAST VAPORIZE A BUD                 removes any unit before the battle\n" \
        in rules
    assert "The illusion's four groups\n--------------------------\n" in rules
    assert "- Inland provinces without a centre: Ruhr, Silesia, Bohemia, Galicia, Tyrolia, " \
        "Ukraine,\n  Burgundy.\n" in rules
    assert "game master's page" not in rules  # no link in the example game
    _, full = ask(judge, "england@example.test", "RULES FULL\n", "warlock-example")
    assert full.startswith("Warlock Diplomacy\n=================\n")
    assert "Casting\n-------\n" in full
    assert "  VAPORIZE (1) | VAPORISE | a unit | CAST VAPORIZE A BUD\n" in full
    assert "primer" not in full.split("\n", 1)[0]


def test_provinces_lists_iberia_and_shows_the_blank_map(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("al_andalus"))
    judge.send("castille@example.test", "PROVINCES\n", subject="[al-andalus-example] map?")
    judge.tick()
    [reply] = judge.to("castille@example.test", judge.new_mail())
    assert reply["Subject"] == "[al-andalus-example] Provinces"
    text = body(reply).replace("\r\n", "\n")
    assert "51 provinces, 27 supply centres" in text
    assert "\nZAM Zamora: inland; army to BUR GAL LEO" in text
    assert "\nSAL Salamanca: inland, supply centre; army to" in text
    assert "\nBUR Burgos: coastal, supply centre, home of Kingdom of Castille; army to AST " \
           "LEO MED PAM SAL ZAM; fleet to AST BOB\n" in text
    picture = decode(inline_picture(reply))
    assert picture.width > 100 and picture.height > 100


def test_provinces_and_rules_are_made_once_not_per_mail(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = []
    real = province_view.position_picture

    def counting(*args: object) -> bytes | None:
        drawn.append(args)
        return real(*args)  # type: ignore[arg-type]

    province_view.province_list.cache_clear()
    monkeypatch.setattr(province_view, "position_picture", counting)
    judge = make_judge(tmp_path, standard_game())
    for sender in ("france@example.test", "italy@example.test", "france@example.test"):
        _, text = ask(judge, sender, "PROVINCES\n", "g")
        assert "\nPAR Paris: inland, supply centre, home of France; army to BRE BUR GAS PIC\n" \
            in text
    assert len(drawn) == 1
    province_view.province_list.cache_clear()
    # RULES: the guides are converted once for the game's variant and options.
    rules_text.cache_clear()
    for sender in ("france@example.test", "italy@example.test"):
        assert "Standard Diplomacy: a player's primer\n====" in ask(
            judge, sender, "RULES\n", "g")[1]
    assert (rules_text.cache_info().misses, rules_text.cache_info().hits) == (1, 1)


def test_the_welcome_mail_points_to_help_rules_and_provinces(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("warlock"))
    [welcome] = [m for m in judge.welcomes if m["To"] == "france@example.test"]
    text = body(welcome).replace("\r\n", "\n")
    assert "HELP (the orders of this game, with your own\nunits, and your spells)" in text
    assert "RULES (a primer of this game; RULES FULL: every ruling)" in text
    assert "PROVINCES (the map's province codes and neighbours, and a blank map)" in text


def test_a_rules_link_that_is_no_web_address_is_refused(tmp_path: Path) -> None:
    from gmbot.gamefile import GameFileError, load_game_file

    path = tmp_path / "g.yaml"
    path.write_text(standard_game(extra="rules_link: see the wiki\n"), encoding="utf-8")
    with pytest.raises(GameFileError, match=r"rules_link: expected one web address"):
        load_game_file(path)
