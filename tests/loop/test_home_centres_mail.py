"""Changing home centres through the mail pipeline: landlocked Austria (Trieste named as an
extra starting centre, so its home centres are Budapest and Vienna) assimilates Trieste in
one winter and builds its first fleet there the next. Orders by mail, acknowledgements,
results mails and `gmbot game show --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.loop.conftest import Cli
from tests.loop.judgekit import Judge, make_judge, standard_game
from tests.loop.judgekit import body as raw_body

POSITION = """options: {changing_home_centres: true}
position:
  phase: F1901M
  units:
    AUSTRIA: [A VIE, A BUD, A TRI]
    ITALY: [A VEN, A ROM, F NAP]
  centers:
    AUSTRIA: [VIE, BUD]
    ITALY: [VEN, ROM, NAP]
  extra_centres:
    AUSTRIA: [TRI]
"""

AUSTRIA = "austria@example.test"
ITALY = "italy@example.test"
ITALY_HOLDS = "A VEN H\nA ROM H\nF NAP H\n"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, standard_game(extra=POSITION))


def _turn(judge: Judge, orders: dict[str, str], subject: str) -> list:
    for address, text in orders.items():
        judge.send(address, text, subject=f"[g] {subject}")
    judge.tick()
    return judge.new_mail()


def body(mail) -> str:  # type: ignore[no-untyped-def]
    return raw_body(mail).replace("\r\n", "\n")


def _show(cli: Cli) -> dict:
    return json.loads(cli("game", "show", "g", "--json").output)


def test_landlocked_power_assimilates_a_coast_and_builds_its_first_fleet(
    judge: Judge, cli: Cli
) -> None:
    shown = _show(cli)
    assert shown["homes"]["AUSTRIA"] == ["BUD", "VIE"]  # Trieste is the extra centre
    assert shown["centers"]["AUSTRIA"] == ["BUD", "TRI", "VIE"]

    # Fall 1901: Austria takes Serbia and clears Trieste.
    mails = _turn(judge, {AUSTRIA: "A BUD - SER\nA TRI - ALB\nA VIE H\n", ITALY: ITALY_HOLDS},
                  "fall")
    results = body(judge.to(AUSTRIA, mails)[-1])
    assert "Fall 1901 Movement results" in judge.to(AUSTRIA, mails)[-1]["Subject"]
    assert "homes: BUD VIE" in results  # the option lists every power's home centres
    assert "homes: NAP ROM VEN" in results
    # Trieste has been Austrian since the start; Serbia only since this Fall.
    assert "Your home centres: BUD VIE (2; you may have at most 3)." in results
    assert "You may assimilate: TRI." in results

    # Winter 1901: one build. No fleet in Trieste yet; assimilate it; try to abandon too.
    mails = _turn(judge, {AUSTRIA: "BUILD F TRI\nTrieste assimilated\nSER ASSIMILATED\n"
                                   "VIE abandoned\nBUILD A BUD\nREADY\n"}, "winter")
    ack = body(judge.to(AUSTRIA, mails)[0])
    assert "ASSIMILATE TRI" in ack and "BUILD A BUD" in ack
    assert "cannot build in TRI: it is not one of your home centres" in ack
    assert "you have not controlled SER since the previous winter" in ack
    assert "VIE abandoned\n    -> you control 4 supply centres and have 2 home centres" in ack
    winter = judge.to(AUSTRIA, mails)[-1]
    assert "Winter 1901 Adjustment results" in winter["Subject"]
    text = body(winter)
    assert "Home centre orders:\n  AUSTRIA ASSIMILATE TRI: succeeds\n" in text
    assert "homes: BUD TRI VIE" in text
    assert "BUILD A BUD" in text
    italian = body(judge.to(ITALY, mails)[-1])
    assert "  AUSTRIA ASSIMILATE TRI: succeeds\n" in italian  # orders are public
    assert "Your home centres: BUD VIE" not in italian
    shown = _show(cli)
    assert shown["phase"] == "S1902M"
    assert shown["homes"]["AUSTRIA"] == ["BUD", "TRI", "VIE"]
    assert shown["powers"]["AUSTRIA"]["initial_homes"] == 2

    # 1902: Austria takes Greece.
    others = "A BUD H\nA SER H\nA VIE H\n"
    _turn(judge, {AUSTRIA: "A ALB - GRE\n" + others, ITALY: ITALY_HOLDS}, "spring")
    mails = _turn(judge, {AUSTRIA: "A GRE H\n" + others, ITALY: ITALY_HOLDS}, "fall")
    results = body(judge.to(AUSTRIA, mails)[-1])
    assert "AUSTRIA: 5 centres, 4 units: builds 1" in results
    # N + 1 home centres: frozen.
    assert "You may assimilate" not in results and "You may abandon" not in results

    # Winter 1902: the first fleet; Serbia can no longer be assimilated.
    mails = _turn(judge, {AUSTRIA: "BUILD F TRI\nASSIMILATE SER\nREADY\n"}, "winter")
    ack = body(judge.to(AUSTRIA, mails)[0])
    assert ("ASSIMILATE SER\n    -> you have 3 home centres: at 3, one more than the 2 you "
            "started with, they can no longer change") in ack
    text = body(judge.to(AUSTRIA, mails)[-1])
    assert "Winter 1902 Adjustment results" in judge.to(AUSTRIA, mails)[-1]["Subject"]
    assert "BUILD F TRI" in text and "Your units: A BUD, A GRE, A SER, A VIE, F TRI" in text
    shown = _show(cli)
    assert shown["units"]["AUSTRIA"] == ["A BUD", "A GRE", "A SER", "F TRI", "A VIE"]
    assert shown["homes"]["AUSTRIA"] == ["BUD", "TRI", "VIE"]
    assert shown["options"] == {"changing_home_centres": True}


def test_home_centre_orders_outside_winter_are_refused_by_mail(judge: Judge) -> None:
    mails = _turn(judge, {AUSTRIA: "ASSIMILATE TRI\nA VIE H\n"}, "fall")
    ack = body(judge.to(AUSTRIA, mails)[0])
    assert "ASSIMILATE TRI\n    -> home centres are assimilated or abandoned only in the " \
           "winter (adjustment) phase" in ack


def test_the_example_game_loads_with_its_extra_centres(judge: Judge, cli: Cli) -> None:
    example = (Path(__file__).resolve().parents[2]
               / "gmbot/variants/options/home_centres/example.yaml")
    cli("game", "load", str(example))
    shown = json.loads(cli("game", "show", "standard-homecentres-example", "--json").output)
    assert shown["options"] == {"changing_home_centres": True}
    assert shown["homes"]["AUSTRIA"] == ["BUD", "VIE"]
    assert shown["homes"]["RUSSIA"] == ["MOS", "STP", "WAR"]
    assert shown["centers"]["AUSTRIA"] == ["BUD", "TRI", "VIE"]
    assert shown["centers"]["RUSSIA"] == ["MOS", "SEV", "STP", "WAR"]
    assert sorted(shown["units"]["RUSSIA"]) == ["A MOS", "A WAR", "F SEV", "F STP/SC"]


BALANCED = POSITION.replace("AUSTRIA: [VIE, BUD]", "AUSTRIA: [VIE, BUD, TRI]").replace(
    "  extra_centres:\n    AUSTRIA: [TRI]\n", "  homes:\n    AUSTRIA: [BUD, VIE]\n")


@pytest.mark.parametrize("answer", ["Trieste assimilated\n", "WAIVE\n"])
def test_a_winter_opens_for_a_home_centre_choice_alone(tmp_path: Path, cli: Cli,
                                                        answer: str) -> None:
    # Nobody builds or removes after Fall 1901, but Austria may assimilate Trieste (held
    # since the start): the winter is played and waits for its answer (issue 26: it was
    # skipped, so the legal ASSIMILATE could never be given).
    judge = make_judge(tmp_path, standard_game(extra=BALANCED))
    mails = _turn(judge, {AUSTRIA: "A VIE H\nA BUD H\nA TRI H\n", ITALY: ITALY_HOLDS}, "fall")
    results = body(judge.to(AUSTRIA, mails)[-1])
    assert "Next phase: Winter 1901 Adjustment. Deadline:" in results
    assert "You may assimilate: TRI." in results
    assert "To order in Winter 1901 Adjustment: ASSIMILATE or ABANDON a home centre, or " \
           "WAIVE to keep them" in results
    assert "To order in" not in body(judge.to(ITALY, mails)[-1])  # Italy has no choice
    assert _show(cli)["phase"] == "W1901A"
    mails = _turn(judge, {AUSTRIA: answer}, "winter")
    assert "Errors" not in judge.to(AUSTRIA, mails)[0]["Subject"]
    winter = judge.to(AUSTRIA, mails)[-1]
    assert "Winter 1901 Adjustment results" in winter["Subject"]
    assert "(processed early: every player had ordered)" in body(winter)
    shown = _show(cli)
    assert shown["phase"] == "S1902M"
    assert shown["homes"]["AUSTRIA"] == (["BUD", "TRI", "VIE"] if "TRI" in answer.upper()
                                         else ["BUD", "VIE"])
