"""What the trial of issue 32 (docs/trial.md) found in an Al-Andalus game, read as its
players read their mails: the GM's examples name this game's powers and phase, a
Wazir-General is told in every results mail and STATUS which unit he commands, and a
Prince's HELP shows a support his own units can give."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, body, make_judge

REPO = Path(__file__).resolve().parents[2]
GAME = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
GENERALS = GAME.replace("wazir_generals: false", "wazir_generals: true")
SUBJECT = "[al-andalus-example] orders"


def addr(who: str) -> str:
    return f"{who.lower()}@example.test"


def text(msg: object) -> str:
    return body(msg).replace("\r\n", "\n")  # type: ignore[arg-type]


def answer(judge: Judge, who: str, lines: str) -> str:
    """The one reply to a mail of `lines` from `who`, as his mail client shows it."""
    judge.send(addr(who), lines, subject=SUBJECT)
    judge.tick()
    [reply] = [text(m) for m in judge.to(addr(who), judge.new_mail())]
    return reply


def test_the_gms_welcome_gives_examples_of_this_game(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    [gm] = [text(m) for m in judge.welcomes if m["To"] == "gm@example.test"]
    # An Iberian GM reads his own powers and phase, not standard's France and 1901.
    assert "ROLLBACK S1080M, REPLACE BADAJOZ new@address" in gm
    assert "FRANCE" not in gm and "1901" not in gm


def test_a_wazir_general_reads_which_unit_he_commands(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GENERALS)
    orders = {"CASTILLE": "HIRE lordelindel\nA BUR - PAM\nA LEO - ZAM\nF GAL H",
              "lordelindel": "GO TO COURT CASTILLE",
              "ZARAGOZA": "A ZAR H\nA LLE H\nF TOR H", "BADAJOZ": "A BAD H\nA EVO H\nF LIS H",
              "SEVILLE": "A SEV H\nA NIE H\nF CAD H", "GRANADA": "A GRA H\nA JAE H\nF MAL H"}
    for who, lines in orders.items():
        judge.send(addr(who), lines + "\n", subject=SUBJECT)
    judge.tick()
    judge.new_mail()
    # Fall: Castille makes his Wazir the general of the army in Pamplona.
    for who, lines in {**orders, "CASTILLE": "APPOINT GENERAL A PAM\nA ZAM H\nF GAL H",
                       "lordelindel": "A PAM H"}.items():
        judge.send(addr(who), lines + "\n", subject=SUBJECT)
    judge.tick()
    fall = [m for m in judge.new_mail() if "Fall 1080 Movement results" in m["Subject"]]
    mine = text(judge.to(addr("lordelindel"), fall)[0])
    own = mine[mine.index("--- For LORDELINDEL only ---"):]
    # The army is Castille's on the board, so "Your units: none" stands; the next line
    # says what he commands, and that he alone orders it.
    assert "As Wazir-General you command A PAM, a unit of Kingdom of Castille: you alone " \
           "order it in the movement phases." in own
    # Winter: nothing for him; in Spring his STATUS names the unit he may order.
    judge.clock.advance(hours=49)
    judge.tick()
    spring = [m for m in judge.new_mail() if "Winter 1080 Adjustment results" in m["Subject"]]
    own = text(judge.to(addr("lordelindel"), spring)[0]).split("only ---")[1]
    assert "The units you order: A PAM (Wazir-General LORDELINDEL)" in own.splitlines()
    judge.send(addr("lordelindel"), "STATUS\n", subject=SUBJECT)
    judge.tick()
    [status] = [text(m) for m in judge.new_mail() if m["To"] == addr("lordelindel")]
    assert "Nothing waits for your orders, but you may order A PAM." in status
    assert "You have nothing to order." not in status


ROOM = """
position:
  phase: S1081M
  units:
    CASTILLE: [A SAL, F GAL]
    GRANADA: [A GRA, A JAE, F MAL]
  centers:
    CASTILLE: [BUR, GAL, LEO]
    GRANADA: [GRA, JAE, MAL]
"""


def test_a_princes_help_shows_a_support_his_units_can_give(tmp_path: Path) -> None:
    # Salamanca's first neighbour (Burgos) is out of the fleet's reach: the example used to
    # fall back on "support: A SAL H", a hold under the name of a support.
    judge = make_judge(tmp_path, GAME + ROOM)
    judge.send(addr("CASTILLE"), "HELP\n", subject=SUBJECT)
    judge.tick()
    [help_text] = [text(m) for m in judge.new_mail() if m["To"] == addr("CASTILLE")]
    assert "  support: F GAL S A SAL - POR" in help_text.splitlines()


def test_a_princes_welcome_names_the_wazir_generals_order_when_the_game_plays_it(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GENERALS)
    [castille] = [text(m) for m in judge.welcomes if m["To"] == addr("CASTILLE")]
    assert "    APPOINT GENERAL A BUR (make your Wazir the general of that unit)" \
        in castille.splitlines()
    plain = make_judge(tmp_path / "plain", GAME)
    [castille] = [text(m) for m in plain.welcomes if m["To"] == addr("CASTILLE")]
    assert "APPOINT GENERAL" not in castille


def test_help_names_the_powers_of_this_game(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    judge.send(addr("CASTILLE"), "HELP\n", subject=SUBJECT)
    judge.send("gm@example.test", "DISORDER\n", subject=SUBJECT)
    judge.tick()
    mails = judge.new_mail()
    [help_mail] = [text(m) for m in judge.to(addr("CASTILLE"), mails)]
    [refusal] = [text(m) for m in judge.to("gm@example.test", mails)]
    # An Iberian player resigns Castille and concedes to an Iberian power, and his press
    # examples name his neighbours: nothing of standard's France or Germany.
    assert "RESIGN CASTILLE: give up your seat" in help_mail
    assert "VOTE CONCEDE TO BADAJOZ" in help_mail
    assert "PRESS TO BADAJOZ, GRANADA (or BROADCAST, or PRESS GREY TO SEVILLE)" in help_mail
    assert "FRANCE" not in help_mail and "GERMANY" not in help_mail
    # A refusal's "write it as" names a power of the game too.
    assert "refused: write it as DISORDER BADAJOZ" in refusal


def test_a_command_written_wrong_is_offered_with_this_games_powers(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    judge.send("gm@example.test", "ADD CASTILLE\n", subject=SUBJECT)
    judge.tick()
    [reply] = [text(m) for m in judge.to("gm@example.test", judge.new_mail())]
    # ADD takes BOT first; its example names a power of this board, not standard's France.
    assert "line 1: ADD CASTILLE\n  refused: not a command; did you mean ADD BOT BADAJOZ?" \
        in reply


def test_a_wazirs_help_in_the_winter_gives_his_own_courts_units(tmp_path: Path) -> None:
    # The trial of 3 December (second): in the winter a Wazir orders nothing, and his
    # HELP's example was the first Prince's unit ("A EVO - BAD", Badajoz's), not his.
    judge = make_judge(tmp_path, GENERALS)
    orders = {"CASTILLE": "HIRE lordelindel\nA BUR - PAM\nA LEO - ZAM\nF GAL H",
              "lordelindel": "GO TO COURT CASTILLE", "asudevil": "GO TO COURT ZARAGOZA",
              "ZARAGOZA": "HIRE asudevil\nA ZAR H\nA LLE H\nF TOR H",
              "BADAJOZ": "A BAD H\nA EVO H\nF LIS H",
              "SEVILLE": "A SEV H\nA NIE H\nF CAD H", "GRANADA": "A GRA H\nA JAE H\nF MAL H"}
    for who, lines in orders.items():
        judge.send(addr(who), lines + "\n", subject=SUBJECT)
    judge.tick()
    fall = {**orders, "CASTILLE": "APPOINT GENERAL A PAM\nA ZAM H\nF GAL H",
            "ZARAGOZA": "A ZAR H\nA LLE H\nF TOR H", "lordelindel": "A PAM H",
            "asudevil": "A ZAR H"}
    for who, lines in fall.items():
        judge.send(addr(who), lines + "\n", subject=SUBJECT)
    judge.tick()
    *_, ack = [text(m) for m in judge.to(addr("CASTILLE"), judge.new_mail())
               if m["Subject"].endswith("Received")]  # the Spring's, then the Fall's
    assert "\n  APPOINT GENERAL A PAM\n" in ack  # the unit as he wrote it, not "PAM"
    for who in ("lordelindel", "asudevil"):
        judge.send(addr(who), "HELP\n", subject=SUBJECT)
    judge.tick()
    mails = judge.new_mail()
    [general] = [text(m) for m in judge.to(addr("lordelindel"), mails)]
    [courtier] = [text(m) for m in judge.to(addr("asudevil"), mails)]
    assert "  A PAM - " in general and "as Wazir-General you order no other unit" in general
    assert "  A LLE - ARA: at a court, one order for one of your Prince's units" in courtier
    for help_text in (general, courtier):
        assert "A EVO" not in help_text and "A BAD" not in help_text


GENERAL = """
position:
  phase: S1081M
  units:
    CASTILLE: [{unit: A BUR, general: LORDELINDEL}, F GAL, A LEO]
  centers:
    CASTILLE: [BUR, GAL, LEO]
  extra:
    wazirs:
      lordelindel: {court: CASTILLE, dinars: 2}
"""


def test_plunder_with_a_province_says_plunder_takes_none(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): a Wazir's "PLUNDER ZAM" was answered "unknown
    # province 'PLUNDER'", as if he had named a unit.
    judge = make_judge(tmp_path, GENERALS + GENERAL)
    judge.send(addr("lordelindel"), "PLUNDER ZAM\n", subject=SUBJECT)
    judge.send(addr("nanook"), "plunder leo\n", subject=SUBJECT)
    judge.tick()
    mails = judge.new_mail()
    [ack] = [text(m) for m in judge.to(addr("lordelindel"), mails)]
    assert "  line 1: PLUNDER ZAM\n    -> PLUNDER names no province: write PLUNDER alone " \
        "(every unit of your Prince holds, and you get 1 dinar for each)\n" in ack
    # A free agent is told first that he has nothing to plunder.
    [free] = [text(m) for m in judge.to(addr("nanook"), mails)]
    assert "  line 1: plunder leo\n    -> you serve no Prince, so there is nothing to " \
        "plunder\n" in free
    judge.send(addr("lordelindel"), "PLUNDER\n", subject=SUBJECT)
    judge.tick()
    [ack] = [text(m) for m in judge.to(addr("lordelindel"), judge.new_mail())]
    assert "Orders for S1081M (version 2):\n  PLUNDER\n" in ack


def test_a_wazirs_help_resigns_his_own_seat(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): a Wazir's HELP said "RESIGN BADAJOZ: give up your
    # seat for good", the board's first Prince; RESIGN BADAJOZ is refused him.
    judge = make_judge(tmp_path, GENERALS)
    judge.send(addr("nanook"), "HELP\n", subject=SUBJECT)
    judge.tick()
    [help_mail] = [text(m) for m in judge.to(addr("nanook"), judge.new_mail())]
    assert "  RESIGN NANOOK: give up your seat for good" in help_mail
    assert "RESIGN BADAJOZ" not in help_mail
    judge.send(addr("nanook"), "RESIGN NANOOK\n", subject=SUBJECT)
    judge.tick()
    subjects = [m["Subject"] for m in judge.to(addr("nanook"), judge.new_mail())]
    assert "[al-andalus-example] You no longer play NANOOK" in subjects


def test_a_generals_resign_is_told_what_it_gives_up(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): a Wazir-General's bare RESIGN (his HELP's "give up
    # your command", and the seat's "RESIGN alone says how to confirm") was acknowledged
    # with "As Wazir-General you command A BUR" and nothing on what RESIGN would do.
    ack = answer(make_judge(tmp_path, GENERALS + GENERAL), "lordelindel", "RESIGN\n")
    assert "RESIGN: after this phase you command no unit (it is Kingdom of Castille's). You " \
        "stay in the game: RESIGN LORDELINDEL would give up your seat." in ack.splitlines()


def test_a_princes_bare_resign_says_how_to_give_up_his_seat(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Badajoz's "RESIGN", as HELP offers it ("RESIGN alone
    # says how to confirm"), was read as the Wazir-General's order: "Errors in your mail",
    # "only a Wazir-General gives up his command", nothing on how to leave, and early
    # processing held for the refused line.
    judge = make_judge(tmp_path, GENERALS)
    judge.send(addr("badajoz"), "Sorry, I have no time for this game.\nRESIGN\n",
               subject=SUBJECT)
    judge.tick()
    [ack] = judge.to(addr("badajoz"), judge.new_mail())
    assert ack["Subject"] == "[al-andalus-example] Received"
    reply = text(ack)
    assert "Wazir-General" not in reply and "refused lines" not in reply
    assert "To confirm, send the line RESIGN BADAJOZ" in " ".join(reply.split())
    # So does a Wazir who commands no unit; a Wazir-General's bare RESIGN stays his order
    # (test_a_generals_resign_is_told_what_it_gives_up).
    judge.send(addr("nanook"), "RESIGN\n", subject=SUBJECT)
    judge.tick()
    [ack] = judge.to(addr("nanook"), judge.new_mail())
    assert ack["Subject"] == "[al-andalus-example] Received"
    assert "To confirm, send the line RESIGN NANOOK" in " ".join(text(ack).split())
    # The seat is still his until he names it.
    judge.send(addr("badajoz"), "A BAD H\n", subject=SUBJECT)
    judge.tick()
    assert judge.to(addr("badajoz"), judge.new_mail())[0]["Subject"] == \
        "[al-andalus-example] Received"


def test_a_generals_help_says_he_orders_only_his_own_unit(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): a Wazir-General's HELP offered "A PAM - ARA: at a
    # court, one order for one of your Prince's units"; his A SAL - ZAM was then refused "a
    # Wazir-General commands only his own unit", which neither HELP nor RULES said.
    reply = answer(make_judge(tmp_path, GENERALS + GENERAL), "lordelindel", "HELP\nRULES\n")
    assert "one order for one of your Prince's units" not in reply
    assert "  A BUR - AST: your command's order; as Wazir-General you order no other unit" \
        in reply.splitlines()
    assert "From the next turn the Wazir alone orders that unit, and no other" in reply


CROWDED = """
position:
  phase: W1080A
  units:
    CASTILLE: [A LEO, F GAL, A PAM]
  centers:
    CASTILLE: [BUR, GAL, LEO, PAM, SAL]
"""


def test_a_build_the_board_owes_but_no_free_home_centre_takes_says_so(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): the board said "CASTILLE: 5 centres, 3 units: builds
    # 2", his own section "1 build(s) or WAIVE", with no word that LEO and GAL, occupied,
    # take no build: he was left asking where the other went.
    ack = answer(make_judge(tmp_path, GENERALS + CROWDED), "castille", "BUILD F GAL\n")
    assert "Still without orders: 1 build(s) or WAIVE (2 owed, but you may build only in " \
        "BUR)" in ack


def test_a_sea_shortened_from_its_other_name_is_suggested(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Castille's "F GAL - CAN", the Cantabrian Sea (the
    # Bay of Biscay's other name, which the map knows), got "unknown province 'CAN'" and
    # nothing more: a short code is matched against a neighbour's names, not its aliases.
    ack = answer(make_judge(tmp_path, GENERALS), "castille", "F GAL - CAN\n")
    assert "unknown province 'CAN' (did you mean BAY OF BISCAY (BOB)?)" in ack


def test_a_princes_winter_status_says_what_he_must_order(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): a Prince's winter STATUS read "You have not ordered
    # yet", not what he owed, which his ack and results named.
    status = answer(make_judge(tmp_path, GENERALS + CROWDED), "castille", "STATUS\n")
    assert "You have not ordered yet. Still without orders: 1 build(s) or WAIVE (2 owed, " \
        "but you may build only in BUR)." in status


# Zaragoza's court after an ARREST: 1 dinar held for his next Wazir.
ARRESTED = """
position:
  phase: S1081M
  units: {ZARAGOZA: [A ZAR, A LLE, F TOR]}
  centers: {ZARAGOZA: [ZAR, LLE, TOR]}
  powers: {ZARAGOZA: {dinars: 1}}
"""


def test_a_princes_balance_says_what_his_court_holds(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): after his ARREST, Zaragoza's BALANCE read "This
    # game keeps no account for you", while his results listed his court's dinar.
    balance = " ".join(answer(make_judge(tmp_path, GENERALS + ARRESTED), "zaragoza",
                              "BALANCE\n").split())
    assert "Your court holds 1 dinar: not yours to keep, they all go to the next Wazir who " \
        "joins your court (by HIRE or TAKE)." in balance
    assert "no account" not in balance
