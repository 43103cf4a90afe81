"""Al-Andalus by mail, from its example game through the real pipeline on the
local Maildir: a Prince hires a Wazir in Spring, the Wazir orders one of his units in the
Fall, the auto-hold is named in the Prince's acknowledgement, a Wazir's line for a unit
not his Prince's is refused with its reason, and courts and dinars are in the public
results of every player's mail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import gmbot.service.app
from gmbot.cli import main
from tests.loop.judgekit import Judge, body, make_judge

REPO = Path(__file__).resolve().parents[2]
GAME = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
PRINCES = ["CASTILLE", "ZARAGOZA", "BADAJOZ", "SEVILLE", "GRANADA"]
WAZIRS = ["lordelindel", "asudevil", "nanook"]
EVERYONE = [f"{p.lower()}@example.test" for p in PRINCES] + [f"{w}@example.test"
                                                             for w in WAZIRS]
SUBJECT = "[al-andalus-example] orders"


def addr(who: str) -> str:
    return f"{who.lower()}@example.test"


def text(msg: object) -> str:
    return body(msg).replace("\r\n", "\n")  # type: ignore[arg-type]


def show_json(judge: Judge, monkeypatch: pytest.MonkeyPatch) -> dict:
    """`gmbot game show al-andalus-example --json` on the judge's home and clock."""
    real_open = gmbot.service.app.open_app

    def open_on_clock(*args: object, **kw: object) -> gmbot.service.app.App:
        app = real_open(*args, **kw)
        app.clock = judge.clock
        return app

    monkeypatch.setattr(gmbot.service.app, "open_app", open_on_clock)
    return json.loads(CliRunner().invoke(
        main, ["--home", str(judge.home), "game", "show", "al-andalus-example", "--json"]
    ).output)


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, GAME)


def test_a_hire_merged_orders_and_public_dinars(judge: Judge) -> None:
    # Spring 1080: Zaragoza hires lordelindel, who goes to its court; Zaragoza orders
    # every unit, so one auto-holds. The other Wazirs send nothing: they hold nobody up.
    judge.send(addr("ZARAGOZA"), "The Prince of Zaragoza hires Wazir lordelindel.\n"
               "A ZAR - MED\nA LLE - BAR\nF TOR - GOV\n", subject=SUBJECT)
    judge.send(addr("lordelindel"), "I go to the court of the Prince of Zaragoza.\n",
               subject=SUBJECT)
    for prince, lines in {"CASTILLE": "A LEO - AST\nA BUR H\nF GAL H",
                          "BADAJOZ": "A BAD H\nA EVO H\nF LIS H",
                          "SEVILLE": "F CAD H\nA NIE H\nA SEV H",
                          "GRANADA": "A GRA H\nA JAE H\nF MAL H"}.items():
        judge.send(addr(prince), lines + "\n", subject=SUBJECT)
    report = judge.tick()
    assert report.processed == ["al-andalus-example: S1080M processed (early); next F1080M"]
    mails = judge.new_mail()
    acks = [m for m in mails if "Received" in m["Subject"]]
    zaragoza_ack = text(judge.to(addr("ZARAGOZA"), acks)[0])
    assert "F TOR will hold (auto-hold)" in zaragoza_ack
    assert "HIRE LORDELINDEL: he joins your court only if he orders GO TO COURT" \
        in zaragoza_ack
    wazir_ack = text(judge.to(addr("lordelindel"), acks)[0])
    assert "GO TO COURT ZARAGOZA" in wazir_ack and "You are a free agent; you have 0" \
        in wazir_ack
    results = [m for m in mails if "Spring 1080 Movement results" in m["Subject"]]
    assert sorted(m["To"] for m in results) == sorted([*EVERYONE, "gm@example.test"])
    for mail in results:
        got = text(mail)
        assert "Taifa of Zaragoza hires Wazir LORDELINDEL; LORDELINDEL goes to the court " \
               "of Taifa of Zaragoza: hired." in got
        assert "Wazir LORDELINDEL: at the court of Taifa of Zaragoza, 0 dinars" in got
        assert "Wazir ASUDEVIL: free agent, 0 dinars" in got
        # The order given, the order executed and why (issue 26: only the executed).
        assert "F TOR - GOV -> F TOR H (auto-hold: the Prince ordered every unit): " \
               "succeeds" in got

    # Fall 1080: the Prince leaves F TOR to his Wazir, who also tries a Castilian unit.
    judge.send(addr("ZARAGOZA"), "A MED - MAD\nA BAR H\n", subject=SUBJECT)
    judge.send(addr("lordelindel"), "F TOR - GOV\nA AST - GAL\n", subject=SUBJECT)
    judge.send(addr("asudevil"), "A GRA - BAZ\n", subject=SUBJECT)
    for prince, lines in {"CASTILLE": "A AST H\nA BUR H\nF GAL H",
                          "BADAJOZ": "A BAD H\nA EVO H\nF LIS H",
                          "SEVILLE": "F CAD H\nA NIE H\nA SEV H",
                          "GRANADA": "A GRA H\nA JAE H\nF MAL H"}.items():
        judge.send(addr(prince), lines + "\n", subject=SUBJECT)
    report = judge.tick()
    assert report.processed[0].startswith("al-andalus-example: F1080M processed (early)")
    mails = judge.new_mail()
    acks = [m for m in mails if "Errors in your mail" in m["Subject"]]
    wazir_ack = text(judge.to(addr("lordelindel"), acks)[0])
    assert "You serve Taifa of Zaragoza; you have 0 dinars." in wazir_ack
    assert "you serve Taifa of Zaragoza: A AST belongs to Kingdom of Castille" in wazir_ack
    free_ack = text(judge.to(addr("asudevil"), acks)[0])
    assert "you serve no Prince: a free agent orders no units" in free_ack
    results = [m for m in mails if "Fall 1080 Movement results" in m["Subject"]]
    assert sorted(m["To"] for m in results) == sorted([*EVERYONE, "gm@example.test"])
    for mail in results:
        got = text(mail)
        assert "F TOR - GOV" in got and "A MED - MAD" in got  # the Wazir's order, merged
        assert "F TOR - GOV (ordered by Wazir LORDELINDEL): " in got
        assert "Wazir LORDELINDEL is paid 1 by Taifa of Zaragoza for 1 holding unit." in got
        assert "Wazir LORDELINDEL: at the court of Taifa of Zaragoza, 1 dinar" in got
    mine = text(judge.to(addr("lordelindel"), results)[0])
    assert "Wazir LORDELINDEL: you serve Taifa of Zaragoza; 1 dinar." in mine
    assert "you serve Taifa of Zaragoza" not in text(judge.to(addr("asudevil"), results)[0])


COURTS = """
position:
  phase: S1081M
  extra:
    wazirs:
      lordelindel: {court: SEVILLE, dinars: 7}
      asudevil: {court: null, dinars: 2}
  powers:
    ZARAGOZA: {dinars: 1}
"""


def test_courts_from_the_game_file_and_a_princes_nmr_arrests(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:



    judge = make_judge(tmp_path, GAME + COURTS)
    shown = show_json(judge, monkeypatch)
    # The file's courts, with every Wazir of the file seated (nanook as a free agent).
    assert shown["extra"]["wazirs"] == {
        "ASUDEVIL": {"court": None, "dinars": 2},
        "LORDELINDEL": {"court": "SEVILLE", "dinars": 7},
        "NANOOK": {"court": None, "dinars": 0},
    }
    assert shown["powers"] == {"ZARAGOZA": {"dinars": 1}}

    # Seville's Wazir orders a unit, but Seville sends nothing: at the deadline its NMR
    # acts as ARREST. Wazirs who sent nothing are not reported as missing orders.
    judge.send(addr("lordelindel"), "A SEV - COR\n", subject=SUBJECT)
    judge.send("gm@example.test", "STATUS\n", subject=SUBJECT)
    judge.tick()
    status = text(judge.to("gm@example.test", judge.new_mail())[0])
    assert "Waiting for orders from: CASTILLE, ZARAGOZA, BADAJOZ, SEVILLE, GRANADA" in status
    judge.clock.advance(hours=49)
    report = judge.tick()
    assert report.processed == ["al-andalus-example: S1081M processed (deadline); next "
                                "F1081M"]
    results = [m for m in judge.new_mail() if "Spring 1081 Movement results" in m["Subject"]]
    public = text(judge.to("gm@example.test", results)[0])
    assert "A SEV - COR (Wazir LORDELINDEL) -> A SEV H (held: no orders (NMR), which acts " \
           "as ARREST): succeeds" in public
    assert "Taifa of Seville arrests Wazir LORDELINDEL (no orders: an NMR acts as ARREST): " \
           "3 of his dinars go to Taifa of Seville; LORDELINDEL is a free agent." in public
    assert "Wazir LORDELINDEL: free agent, 4 dinars" in public
    assert "Princes' dinars (held for their next Wazir): Kingdom of Castille 0, Taifa of " \
           "Zaragoza 1, Taifa of Badajoz 0, Taifa of Seville 3, Taifa of Granada 0" in public
    nmr = next(line for line in public.splitlines() if line.startswith("No orders received"))
    assert "SEVILLE" in nmr and "LORDELINDEL" not in nmr and "NANOOK" not in nmr


def test_gm_draw_ranks_the_wazirs(judge: Judge) -> None:
    # Spring 1080: Seville hires nanook; in the Fall Seville's three units hold, so nanook
    # is the only Wazir with dinars (one for each holding unit of his Prince).
    judge.send(addr("SEVILLE"), "HIRE nanook\nF CAD H\nA NIE H\nA SEV H\n", subject=SUBJECT)
    judge.send(addr("nanook"), "GO TO COURT SEVILLE\n", subject=SUBJECT)
    judge.tick()  # read as they come: a signed mail read a month after its Date proves nothing
    judge.clock.advance(days=30)
    judge.tick()
    judge.send(addr("SEVILLE"), "F CAD H\nA NIE H\nA SEV H\n", subject=SUBJECT)
    judge.tick()
    judge.clock.advance(days=30)
    judge.tick()
    judge.new_mail()
    judge.send("gm@example.test", "DRAW\n", subject=SUBJECT)
    judge.tick()
    draws = [m for m in judge.new_mail() if "The game ends in a draw" in m["Subject"]]
    assert sorted(m["To"] for m in draws) == sorted([*EVERYONE, "gm@example.test"])
    told = text(judge.to(addr("asudevil"), draws)[0])
    assert "declared a draw in Spring 1081 Movement" in told
    assert "Wazirs by dinars: NANOOK 3, ASUDEVIL 0, LORDELINDEL 0." in told
    assert "In the draw with the Princes: NANOOK, the Wazir with the most dinars." in told


TIED = """
position:
  phase: S1081M
  extra:
    wazirs:
      lordelindel: {court: SEVILLE, dinars: 5}
      asudevil: {court: ZARAGOZA, dinars: 5}
      nanook: {court: null, dinars: 2}
"""


def test_gm_draw_with_wazirs_tied_for_the_most_dinars_names_no_wazir(tmp_path: Path) -> None:
    # A Wazir wins "by collecting more Dinars than any other Wazir": two Wazirs tied for the
    # most win nothing, and neither is in the draw (issue 26 found both named).
    judge = make_judge(tmp_path, GAME + TIED)
    judge.new_mail()
    judge.send("gm@example.test", "DRAW\n", subject=SUBJECT)
    judge.tick()
    draws = [m for m in judge.new_mail() if "The game ends in a draw" in m["Subject"]]
    assert sorted(m["To"] for m in draws) == sorted([*EVERYONE, "gm@example.test"])
    for mail in draws:
        told = text(mail)
        assert "Wazirs by dinars: ASUDEVIL 5, LORDELINDEL 5, NANOOK 2." in told
        assert "No Wazir is in the draw: ASUDEVIL and LORDELINDEL tie for the most dinars " \
               "(5), and a Wazir wins only with more dinars than any other Wazir." in told
        assert "In the draw with the Princes" not in told


FREE_GENERAL = """
position:
  phase: F1081M
  units:
    CASTILLE: [A BUR, F GAL, A LEO]
    GRANADA: [A GRA, A JAE, F MAL]
    NANOOK: [{unit: A ALM, general: NANOOK}]
  centers:
    CASTILLE: [BUR, GAL, LEO]
    GRANADA: [GRA, JAE, MAL]
    NANOOK: [ALM]
  extra:
    owners: [NANOOK]
    wazirs:
      nanook: {court: null, dinars: 1, centres: [ALM]}
"""


def test_a_free_wazir_general_orders_his_own_unit_by_mail(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # nanook's Prince fell; nanook serves no Prince but keeps his unit and his centre.



    game = GAME.replace("wazir_generals: false", "wazir_generals: true") + FREE_GENERAL
    judge = make_judge(tmp_path, game)
    judge.send(addr("nanook"), "A ALM - MUR\n", subject=SUBJECT)
    # Granada's line for nanook's unit is refused; READY lets his other orders stand, or
    # the phase would wait for a clean mail from him.
    judge.send(addr("GRANADA"), "A ALM - BAZ\nA GRA H\nA JAE H\nREADY\n", subject=SUBJECT)
    judge.send(addr("CASTILLE"), "A BUR H\nF GAL H\n", subject=SUBJECT)
    report = judge.tick()
    assert report.processed == ["al-andalus-example: F1081M processed (early); next S1082M"]
    mails = judge.new_mail()
    acks = [m for m in mails if "Received" in m["Subject"] or "Errors" in m["Subject"]]
    nanook_ack = text(judge.to(addr("nanook"), acks)[0])
    assert "You are a free agent; you have 1 dinar." in nanook_ack
    assert "As Wazir-General you command your own unit A ALM (you alone order it) and " \
           "hold ALM." in nanook_ack
    granada_ack = text(judge.to(addr("GRANADA"), acks)[0])
    assert "A ALM is Wazir-General NANOOK's own unit: only he orders it" in granada_ack
    results = [m for m in mails if "Fall 1081 Movement results" in m["Subject"]]
    assert sorted(m["To"] for m in results) == sorted([*EVERYONE, "gm@example.test"])
    for mail in results:
        got = text(mail)
        assert "\nNANOOK:\n  A ALM (Wazir-General NANOOK) - MUR" in got  # under his name
        board = got[got.index("Supply centres and units:"):]
        assert "NANOOK: 2 centres, 1 unit" in board
        assert "centres: ALM MUR" in board and "units: A MUR (Wazir-General NANOOK)" in board
        assert "GRANADA: 3 centres, 3 units" in board  # his unit is no Prince's
        assert "Wazir NANOOK: free agent, 1 dinar, Wazir-General of ALM, MUR" in got
    mine = text(judge.to(addr("nanook"), results)[0])
    assert "Your units: A MUR (Wazir-General NANOOK)" in mine
    assert "you command your own unit A MUR (you alone order it) and hold ALM, MUR." in mine

    # The stored position reads back: the next phase is ordered from it, and game show
    # gives his unit and centres under his key.
    shown = show_json(judge, monkeypatch)
    assert shown["units"]["NANOOK"] == [{"unit": "A MUR", "general": "NANOOK"}]
    assert shown["centers"]["NANOOK"] == ["ALM", "MUR"]
    assert shown["extra"]["owners"] == ["NANOOK"]
    judge.send(addr("nanook"), "A MUR - DEN\n", subject=SUBJECT)
    judge.clock.advance(hours=49)
    judge.tick()
    spring = [m for m in judge.new_mail() if "Spring 1082 Movement results" in m["Subject"]]
    public = text(judge.to("gm@example.test", spring)[0])
    assert "A MUR (Wazir-General NANOOK) - DEN" in public
    assert "units: A DEN (Wazir-General NANOOK)" in public


def test_wazirs_send_and_receive_press_by_their_role_name(judge: Judge) -> None:
    # A Wazir is no power: he writes and is written to by his name, signed as a Wazir.
    judge.send(addr("nanook"), "PRESS TO ZARAGOZA\nHire me: I plunder only the rich.\n"
               "ENDPRESS\n", subject=SUBJECT)
    judge.tick()
    (copy,) = [m for m in judge.new_mail() if m["To"] == addr("ZARAGOZA")]
    assert copy["Subject"] == "[al-andalus-example] Press from Wazir nanook"
    assert "nanook@" not in str(copy.items()) and "nanook@" not in text(copy)
    judge.send(addr("ZARAGOZA"), "PRESS TO WAZIR NANOOK, LORDELINDEL\nCome to my court.\n"
               "ENDPRESS\n", subject=SUBJECT)
    judge.tick()
    out = judge.new_mail()
    got = {m["To"] for m in out if "Press from" in m["Subject"]}
    assert got == {addr("nanook"), addr("lordelindel")}
    (mine,) = [m for m in out if m["To"] == addr("nanook")]
    assert "Press from Taifa of Zaragoza to Wazir nanook, Wazir lordelindel" in text(mine)
