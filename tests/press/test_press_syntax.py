"""The press block syntax and the game's press rules, as pure functions: njudge's forms
are read, every header problem is named, and the rules refuse exactly what they forbid."""

from __future__ import annotations

import pytest

from gmbot.gamefile import GameFileError, parse_game_text
from gmbot.gamefile.settings.press import Attempt, PressRules, check_section, refusal
from gmbot.press.names import GM, Names, Seat
from gmbot.press.syntax import parse_header, split_opening, split_press
from gmbot.service.inbound.commands.parse import parse_request


def lines(text: str) -> list[tuple[int, str]]:
    return list(enumerate(text.splitlines(), 1))


def test_blocks_are_split_out_and_never_read_as_orders() -> None:
    req = parse_request(["A PAR - BUR", "PRESS TO GERMANY", "A MUN - BUR", "HELP",
                         "ENDPRESS", "ORDERS"])
    assert [o.text for o in req.orders] == ["A PAR - BUR"]
    assert [c.name for c in req.commands] == ["ORDERS"]
    (block,) = req.press
    assert (block.line, block.to, block.text) == (2, ("GERMANY",), "A MUN - BUR\nHELP")


def test_a_block_without_endpress_takes_the_rest_of_the_mail() -> None:
    (block,), rest = split_press(lines("A PAR H\nBROADCAST\nhello\nF BRE H"))
    assert block.unterminated and block.broadcast and block.text == "hello\nF BRE H"
    assert rest == [(1, "A PAR H")]


@pytest.mark.parametrize(("line", "header", "text"), [
    ("PRESS TO FRANCE: see you in Burgundy", "PRESS TO FRANCE", "see you in Burgundy"),
    ("press to france, germany:deal?", "press to france, germany", "deal?"),
    ("PRESS GREY TO ITALY: meet at 10:00", "PRESS GREY TO ITALY", "meet at 10:00"),
    ("BROADCAST: Russia offers peace", "BROADCAST", "Russia offers peace"),
    ("BROADCAST GREY: peace", "BROADCAST GREY", "peace"),
    ("PRESS: TO FRANCE: hello", "PRESS: TO FRANCE", "hello"),
    # Headers only: the message follows on the next lines.
    ("PRESS: TO FRANCE", "PRESS: TO FRANCE", ""),
    ("PRESS TO FRANCE:", "PRESS TO FRANCE:", ""),
    ("BROADCAST: GREY", "BROADCAST: GREY", ""),
])
def test_a_colon_after_the_names_begins_a_message_on_the_header_line(
        line: str, header: str, text: str) -> None:
    assert split_opening(line) == (header, text)


def test_one_line_press_leaves_the_lines_below_as_orders() -> None:
    req = parse_request(["PRESS TO GERMANY: Burgundy is yours", "A PAR - PIC",
                         "BROADCAST: peace in our time", "F BRE - MAO", "ORDERS"])
    assert [o.text for o in req.orders] == ["A PAR - PIC", "F BRE - MAO"]
    assert [c.name for c in req.commands] == ["ORDERS"]
    first, second = req.press
    assert (first.line, first.to, first.text, first.unterminated) == (
        1, ("GERMANY",), "Burgundy is yours", False)
    assert (first.first, first.last) == (2, 1)  # no line of the mail below it
    assert (second.line, second.broadcast, second.text) == (3, True, "peace in our time")


def test_a_message_begun_on_the_header_line_runs_to_its_endpress() -> None:
    req = parse_request(["PRESS TO GERMANY: Dear Kaiser,", "Burgundy is yours.",
                         "ENDPRESS", "A PAR - PIC"])
    (block,) = req.press
    assert block.text == "Dear Kaiser,\nBurgundy is yours."
    assert (block.opening, block.first, block.last) == ("Dear Kaiser,", 2, 2)
    assert [o.text for o in req.orders] == ["A PAR - PIC"]


def test_a_one_line_header_that_is_no_header_is_an_ordinary_line() -> None:
    req = parse_request(["Press on to Moscow!: now", "A PAR - PIC"])
    assert req.press == []
    assert [o.text for o in req.orders] == ["Press on to Moscow!: now", "A PAR - PIC"]


@pytest.mark.parametrize(("header", "to", "broadcast", "but", "grey", "fake"), [
    ("PRESS TO FRANCE, GERMANY", ("FRANCE", "GERMANY"), False, (), None, None),
    ("press to france and germany", ("FRANCE", "GERMANY"), False, (), None, None),
    ("PRESS TO FG", ("FG",), False, (), None, None),
    ("BROADCAST", (), True, (), None, None),
    ("PRESS TO ALL", (), True, (), None, None),
    ("PRESS TO ALL BUT RUSSIA", (), True, ("RUSSIA",), None, None),
    ("PRESS GREY TO ITALY", ("ITALY",), False, (), True, None),
    ("BROADCAST WHITE", (), True, (), False, None),
    ("PRESS FAKE AS ENGLAND TO FRANCE", ("FRANCE",), False, (), True, "ENGLAND"),
])
def test_headers(header: str, to: tuple[str, ...], broadcast: bool, but: tuple[str, ...],
                 grey: bool | None, fake: str | None) -> None:
    block = parse_header(1, header, "text")
    assert (block.to, block.broadcast, block.but, block.grey, block.fake_as) == (
        to, broadcast, but, grey, fake)
    assert block.problems == ()


@pytest.mark.parametrize(("header", "text", "problem"), [
    ("PRESS", "hi", "say who it is for"),
    ("PRESS TO FRANCE BUT ITALY", "hi", "BUT follows ALL"),
    ("BROADCAST TO FRANCE", "hi", "a broadcast goes to everyone"),
    ("PRESS FAKE", "hi", "FAKE needs a name"),
    ("PRESS TO FRANCE", "  ", "the press message is empty"),
])
def test_header_problems(header: str, text: str, problem: str) -> None:
    assert any(problem in p for p in parse_header(1, header, text).problems)


def test_names_resolve_powers_roles_initials_and_the_gm() -> None:
    seats = [Seat("FRANCE", "France"), Seat("GERMANY", "Germany"),
             Seat("BOB", "Wazir Bob", "wazir")]
    names = Names(seats, {"FRA": "FRANCE", "FRENCH": "FRANCE"}.get)
    assert names.resolve(("FRA", "WAZIR", "BOB", "GM")) == (["FRANCE", "BOB", GM], [])
    assert names.resolve(("FG",)) == (["FRANCE", "GERMANY"], [])
    assert names.resolve(("NARNIA",)) == ([], ["NARNIA"])


SPRING, FALL_RETREAT = "S1901M", "F1901R"


@pytest.mark.parametrize(("rules", "attempt", "refused"), [
    (PressRules(), Attempt(private=True, grey=False, fake=False, phase=SPRING), None),
    (PressRules(), Attempt(private=True, grey=True, fake=False, phase=SPRING), "white"),
    (PressRules(allowed="none"), Attempt(private=False, grey=False, fake=False, phase=SPRING),
     "no press"),
    (PressRules(allowed="none"),
     Attempt(private=True, grey=False, fake=False, phase=SPRING, to_gm_only=True), None),
    (PressRules(allowed="public"), Attempt(private=True, grey=False, fake=False, phase=SPRING),
     "broadcasts only"),
    (PressRules(phases=("movement",)),
     Attempt(private=True, grey=False, fake=False, phase=FALL_RETREAT), "movement"),
    (PressRules(signing="both"), Attempt(private=True, grey=True, fake=True, phase=SPRING),
     "fake"),
    (PressRules(signing="grey", fake=True),
     Attempt(private=True, grey=True, fake=True, phase=SPRING), None),
    (PressRules(allowed="none"),
     Attempt(private=True, grey=False, fake=False, phase=SPRING, by_gm=True), None),
    (PressRules(), Attempt(private=True, grey=False, fake=False, phase=""), "no phase"),
])
def test_the_rules_refuse_what_they_forbid(rules: PressRules, attempt: Attempt,
                                           refused: str | None) -> None:
    why = refusal(rules, attempt)
    assert (why is None) if refused is None else (why is not None and refused in why)


GAME = """name: g
variant: standard
gm: gm@example.org
judge: judge@example.org
players:
  - {address: a@example.org, power: FRANCE}
"""


def test_the_game_file_press_section_and_observers() -> None:
    spec = parse_game_text(GAME + "press: {signing: both, fake: true, phases: [movement]}\n"
                           "observers: [Watcher@Example.org]\n")
    assert spec.press == PressRules(signing="both", fake=True, phases=("movement",))
    assert spec.observers == ("watcher@example.org",)
    assert parse_game_text(GAME).press == PressRules()


@pytest.mark.parametrize(("extra", "message"), [
    ("press: {allowed: some}", "press.allowed: 'some': use one of all, public, none"),
    ("press: {fake: true}", "press.fake: fake signatures are grey press"),
    ("press: {gm_copy: true}", "press.gm_copy: unknown key"),
    ("press: {phases: [winter]}", "press.phases: winter"),
    ("observers: [a@example.org]", "observers[0]: a@example.org is a player"),
    ("observers: [nobody]", "observers[0]: not an email address"),
])
def test_game_file_press_problems_name_their_line(extra: str, message: str) -> None:
    with pytest.raises(GameFileError) as e:
        parse_game_text(GAME + extra + "\n")
    assert any(message in str(p) and p.line == 7 for p in e.value.problems), e.value.problems


def test_chatter_starting_with_press_does_not_swallow_the_orders() -> None:
    req = parse_request(["Press on to Moscow!", "A WAR - MOS"])
    assert req.press == []
    assert [o.text for o in req.orders] == ["Press on to Moscow!", "A WAR - MOS"]


@pytest.mark.parametrize(("press", "after"), [
    ({}, "all"), ({"allowed": "public"}, "public"), ({"allowed": "none"}, "public"),
    ({"allowed": "none", "after_end": "none"}, "none"), ({"after_end": "public"}, "public"),
])
def test_after_the_end_the_debrief_defaults_to_what_the_game_allowed_or_broadcasts(
        press: dict[str, str], after: str) -> None:
    rules, problems = check_section(press)
    assert problems == [] and rules is not None
    assert rules.ended_allows() == after
    broadcast = Attempt(private=False, grey=False, fake=False, phase="", ended=True)
    private = Attempt(private=True, grey=True, fake=False, phase="", ended=True)
    assert (refusal(rules, broadcast) is None) == (after != "none")
    assert (refusal(rules, private) is None) == (after == "all")  # grey or not: no secret


def test_after_end_is_checked_in_the_game_file() -> None:
    _, problems = check_section({"after_end": "sometimes"})
    assert problems == [("after_end", "'sometimes': use one of all, public, none")]


def test_display_names_count_only_where_they_name_one_player_and_nobody_else() -> None:
    seats = [Seat("FRANCE", "France"), Seat("GERMANY", "Germany"), Seat("ITALY", "Italy")]
    display = {"Jean  Dupont": "FRANCE", "Hans": "GERMANY", "HANS": "ITALY",
               "Germany": "ITALY", "GM": "ITALY", "Gone": "RUSSIA"}
    names = Names(seats, {"FRA": "FRANCE"}.get, display)
    assert names.resolve(("jean", "dupont")) == (["FRANCE"], [])
    assert names.resolve(("HANS",)) == ([], ["HANS"])  # two players' names
    assert names.resolve(("GERMANY", "GM")) == (["GERMANY", GM], [])
    assert names.resolve(("GONE",)) == ([], ["GONE"])  # no seat in the game
