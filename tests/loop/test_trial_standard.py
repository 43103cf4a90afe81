"""What the trial of issue 32 (docs/trial.md) found in a standard game, read as a newcomer
reads his acknowledgement: an order written twice (once in words) is one order, not a
refused line that holds the phase up; a code one letter off gets the neighbour it means."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, body, make_judge, standard_game


def text(msg: object) -> str:
    return body(msg).replace("\r\n", "\n")  # type: ignore[arg-type]


def test_the_same_order_twice_is_one_order_and_no_error(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    judge.send("turkey@example.test",
               "A CON - BUL\nF ANK - BLA\nA SMY - ARM\nfleet ankara to black sea\n",
               subject="[g] orders")
    judge.tick()
    [ack] = judge.new_mail()
    assert ack["Subject"] == "[g] Received"
    got = text(ack)
    assert "Not accepted" not in got and "replaced" not in got
    assert "Orders for S1901M (version 1):\n  A CON - BUL\n  A SMY - ARM\n  F ANK - BLA\n" in got
    # A different order for the same unit still replaces the first, and says so.
    judge.send("turkey@example.test", "F ANK - CON\nF ANK - BLA\n", subject="[g] orders")
    judge.tick()
    [ack] = judge.new_mail()
    assert "line 1: F ANK - CON\n    -> replaced by a later order for the unit in ANK" \
        in text(ack)


def test_a_province_code_one_letter_off_gets_the_neighbour_it_means(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    judge.send("england@example.test", "F LON - NTH\nF EDI - NWG\nA LVP - YOK\n",
               subject="[g] orders")
    judge.send("turkey@example.test", "A CON - BUG\n", subject="[g] orders")
    judge.tick()
    mails = judge.new_mail()
    [england] = [text(m) for m in judge.to("england@example.test", mails)]
    assert "  line 3: A LVP - YOK\n    -> unknown province 'YOK' (did you mean YORKSHIRE " \
           "(YOR)?)" in england
    [turkey] = [text(m) for m in judge.to("turkey@example.test", mails)]
    assert "unknown province 'BUG' (did you mean BULGARIA (BUL)?)" in turkey


WINTER = """position:
  phase: W1901A
  units:
    FRANCE: [F SPA/SC, A BEL, A POR]
    ITALY: [A VEN, A ROM, F NAP]
  centers:
    FRANCE: [BRE, PAR, MAR, SPA, POR, BEL]
    ITALY: [ROM, NAP, VEN]
"""


def test_a_build_written_twice_is_one_build_and_the_ack_says_what_is_left(
        tmp_path: Path) -> None:
    # The trial of 3 December (second): "BUILD A PAR" twice was acknowledged as two builds,
    # then the results refused the second ("PAR already has a build"): a build lost unsaid.
    judge = make_judge(tmp_path, standard_game(extra=WINTER))
    judge.send("france@example.test", "BUILD A PAR\nbuild f bre\nbuild a par\n",
               subject="[g] orders")
    judge.tick()
    [ack] = judge.new_mail()
    got = text(ack)
    assert ack["Subject"] == "[g] Received"
    assert "Orders for W1901A (version 1):\n  BUILD A PAR\n  BUILD F BRE\n\n" in got
    assert "Still without orders: 1 build(s) or WAIVE" in got
    judge.send("france@example.test", "BUILD A MAR\n", subject="[g] orders")
    judge.send("italy@example.test", "WAIVE\n", subject="[g] orders")
    judge.tick()
    [results] = [m for m in judge.to("france@example.test", judge.new_mail())
                 if "results" in m["Subject"]]
    got = text(results)
    for build in ("BUILD A PAR", "BUILD F BRE", "BUILD A MAR"):
        assert f"  {build}: succeeds\n" in got
    assert "not accepted" not in got


ONE_BUILD = """position:
  phase: W1901A
  units:
    FRANCE: [A BEL, A POR, A BUR]
    ITALY: [A VEN, A ROM, F NAP]
  centers:
    FRANCE: [PAR, BRE, BEL, POR]
    ITALY: [ROM, NAP, VEN]
"""


def test_a_build_too_many_is_told_in_the_ack(tmp_path: Path) -> None:
    # The trial of 3 December (second): with one build, BUILD A PAR and BUILD F BRE were
    # both acknowledged; only the results said "you may build only 1".
    judge = make_judge(tmp_path, standard_game(extra=ONE_BUILD))
    judge.send("france@example.test", "BUILD A PAR\nBUILD F BRE\n", subject="[g] orders")
    judge.tick()
    [ack] = [m for m in judge.new_mail() if m["Subject"] == "[g] Received"]
    assert "BUILD F BRE will not be carried out: you may build only 1.\n" in text(ack)
    assert "will not be carried out" not in text(ack).replace("BUILD F BRE will not", "")


def test_a_void_support_says_why_beside_it(tmp_path: Path) -> None:
    # The trial of 3 December (second): "A UKR S F RUM: void", F RUM having moved; "void"
    # is a word a newcomer does not know.
    judge = make_judge(tmp_path, standard_game())
    play(judge, {"RUSSIA": "A MOS - UKR\nF SEV - RUM\nA WAR H\nF STP/SC H",
                 "TURKEY": "A CON - BUL\nF ANK H\nA SMY H"})
    judge.new_mail()
    play(judge, {"RUSSIA": "A UKR S F RUM\nF RUM - BUL\nA WAR S A UKR - GAL",
                 "TURKEY": "A BUL H"})
    [results] = [text(m) for m in judge.to("turkey@example.test", judge.new_mail())
                 if "results" in m["Subject"]]
    assert "  A UKR S F RUM (void: F RUM was ordered to move; a support to hold helps only " \
           "a unit that stays): void\n" in results
    assert "  A WAR S A UKR - GAL (void: A UKR was not ordered to GAL): void\n" in results


def play(judge: Judge, orders: dict[str, str]) -> None:
    """Mail the powers' orders, then let the deadline pass (the others hold)."""
    for power, lines in orders.items():
        judge.send(f"{power.lower()}@example.test", lines + "\n", subject="[g] orders")
    judge.clock.advance(hours=49)
    judge.tick()


RETREAT = """position:
  phase: F1901R
  units:
    FRANCE: [A SPA, F POR]
    GERMANY: [A BUR, A MUN, F DEN]
  centers:
    FRANCE: [BRE, PAR, MAR]
    GERMANY: [BER, KIE, MUN]
  dislodged:
    A BUR: {power: FRANCE, attacker_from: RUH}
"""


def test_help_in_a_retreat_names_the_dislodged_unit_and_where_it_may_go(
        tmp_path: Path) -> None:
    # The trial of 3 December (fourth): France's HELP in the retreat after A BUR was
    # dislodged gave "retreat (after a dislodgement): A SPA R GAS / A SPA D", a unit that
    # has no retreat to make, and "Your units: A SPA, F POR" said nothing of A BUR.
    judge = make_judge(tmp_path, standard_game(extra=RETREAT))
    judge.send("france@example.test", "HELP\n", subject="[g] help")
    judge.tick()
    [help_mail] = [text(m) for m in judge.to("france@example.test", judge.new_mail())]
    lines = help_mail.splitlines()
    assert "A BUR was dislodged: it may retreat to BEL, GAS, MAR, PAR, PIC (A BUR R BEL), " \
        "or disband (A BUR D)." in lines
    assert "  retreat (after a dislodgement): A BUR R BEL / A BUR D" in lines
    assert "A SPA R" not in help_mail
    # Germany, with nothing dislodged, is told of no retreat.
    judge.send("germany@example.test", "HELP\n", subject="[g] help")
    judge.tick()
    [german] = [text(m) for m in judge.to("germany@example.test", judge.new_mail())]
    assert "was dislodged" not in german


OCCUPIED = """position:
  phase: W1901A
  units:
    AUSTRIA: [A SER, A VIE, F GRE]
    ITALY: [A TRI, A VEN, F ION]
  centers:
    AUSTRIA: [BUD, VIE, SER, GRE]
    ITALY: [ROM, NAP, VEN, TRI]
"""


def test_a_refused_build_says_where_he_may_build(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): Austria's "BUILD A TRI" (lost to Italy) and "build
    # army vienna" (his army stood there) were refused, and nothing said Budapest was
    # free: his build was lost at the deadline.
    judge = make_judge(tmp_path, standard_game(extra=OCCUPIED))
    judge.send("austria@example.test", "BUILD A TRI\nbuild army vienna\n", subject="[g] w")
    judge.send("italy@example.test", "BUILD F NAP\nBUILD A ROM\nBUILD A VEN\n",
               subject="[g] w")
    judge.tick()
    mails = judge.new_mail()
    [ack] = [text(m) for m in judge.to("austria@example.test", mails)]
    assert "  line 1: BUILD A TRI\n    -> cannot build in TRI: you do not own it (you may " \
        "build in BUD)\n  line 2: build army vienna\n    -> cannot build in VIE: it is " \
        "occupied (you may build in BUD)\n" in ack
    [italy] = [text(m) for m in judge.to("italy@example.test", mails)]
    assert "cannot build in VEN: it is occupied (you may build in NAP ROM)" in italy


def test_a_unit_that_stays_holds(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): "F TRI stays" was refused "did not understand
    # 'STAYS'", where "A VIE holds" and "F TRI stands" are read as holds.
    judge = make_judge(tmp_path, standard_game())
    judge.send("austria@example.test", "A VIE holds\nA BUD stay\nF TRI stays\n",
               subject="[g] orders")
    judge.tick()
    [ack] = judge.new_mail()
    assert ack["Subject"] == "[g] Received"
    assert "Orders for S1901M (version 1):\n  A VIE H\n  A BUD H\n  F TRI H\n" in text(ack)


def test_a_unit_in_a_province_is_read(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): "Build fleet in Brest" was refused "unknown
    # province 'IN'".
    judge = make_judge(tmp_path, standard_game(extra=ONE_BUILD))
    judge.send("france@example.test", "Build fleet in Brest\n", subject="[g] orders")
    judge.tick()
    [ack] = [text(m) for m in judge.to("france@example.test", judge.new_mail())
             if m["Subject"] != "[g] Winter 1901 Adjustment results"]
    assert "Orders for W1901A (version 1):\n  BUILD F BRE\n" in ack
    spring = make_judge(tmp_path / "spring", standard_game())
    spring.send("italy@example.test", "army at Venice holds\nA ROM H\nF NAP H\n",
                subject="[g] orders")
    spring.tick()
    [italy] = [text(m) for m in spring.new_mail()]
    assert "Orders for S1901M (version 1):\n  A VEN H\n  A ROM H\n  F NAP H\n" in italy


def test_a_destination_with_its_article_is_read(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): "F BRE moves to the English Channel" was refused
    # "unknown province 'THE'". A line that begins with the article stays prose.
    judge = make_judge(tmp_path, standard_game())
    judge.send("france@example.test",
               "F BRE moves to the English Channel\nA PAR - the Burgundy\nA MAR H\n"
               "The Channel - a promise kept\n",
               subject="[g] orders")
    judge.tick()
    [ack] = [text(m) for m in judge.new_mail()]
    assert "Orders for S1901M (version 1):\n  F BRE - ENG\n  A PAR - BUR\n  A MAR H\n" in ack
    assert "unknown province" not in ack
    assert 'Not orders, ignored: "The Channel - a promise kept"' in ack
    judge.send("france@example.test", "F BRE - the Englsh Channel\n", subject="[g] orders")
    judge.tick()
    [ack] = [text(m) for m in judge.new_mail()]
    assert "unknown province 'ENGLSH'" in ack


def test_a_refused_retreat_says_where_the_unit_may_go(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): France's "A BUR - MUN" after A BUR was dislodged got
    # "A BUR cannot retreat to MUN: it is occupied", nothing on where it could go.
    judge = make_judge(tmp_path, standard_game(extra=RETREAT))
    judge.send("france@example.test", "A BUR - MUN\n", subject="[g] orders")
    judge.tick()
    [ack] = [text(m) for m in judge.new_mail()]
    assert "  line 1: A BUR - MUN\n    -> A BUR cannot retreat to MUN: it is occupied (it may " \
        "retreat to BEL, GAS, MAR, PAR, PIC, or disband)\n" in ack
    judge.send("france@example.test", "A BUR R PAR\n", subject="[g] orders")
    judge.tick()
    [ack] = [text(m) for m in judge.to("france@example.test", judge.new_mail())
             if "results" not in m["Subject"]]
    assert "Orders for F1901R (version 2):\n  A BUR R PAR\n" in ack


def test_another_powers_unit_of_the_other_kind_is_named_as_his(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Turkey's newcomer wrote "A SEV H" for Russia's fleet
    # and read "the unit in SEV is a fleet (F SEV)", as if it were his to order as a fleet.
    judge = make_judge(tmp_path, standard_game())
    judge.send("turkey@example.test", "A SEV H\nA CON - BUL\n", subject="[g] orders")
    judge.tick()
    [ack] = [text(m) for m in judge.new_mail()]
    assert "  line 1: A SEV H\n    -> not your unit: F SEV belongs to Russia\n" in ack
    # His own unit written with the other kind is still told its kind.
    judge.send("turkey@example.test", "F SMY - ARM\n", subject="[g] orders")
    judge.tick()
    [ack] = [text(m) for m in judge.new_mail()]
    assert "-> the unit in SMY is an army (A SMY)\n" in ack


REMOVAL = """position:
  phase: W1901A
  units:
    ITALY: [A APU, F ION, A TUS]
    AUSTRIA: [A VEN, A SER, F ADR]
  centers:
    ITALY: [ROM, NAP]
    AUSTRIA: [VIE, BUD, TRI, VEN, SER]
"""


def test_a_removal_made_for_a_player_who_sent_none_is_not_civil_disorder(
        tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Italy, who still played, sent no removal and read
    # "REMOVE F ION: civil disorder", the words the same results use for a seat without
    # a player.
    judge = make_judge(tmp_path, standard_game(extra=REMOVAL))
    judge.send("austria@example.test", "WAIVE\nWAIVE\n", subject="[g] orders")
    judge.clock.advance(hours=30)
    judge.tick()
    [results] = [text(m) for m in judge.to("italy@example.test", judge.new_mail())
                 if "results" in m["Subject"]]
    assert "ITALY:\n  REMOVE F ION: NMR (no orders received: removed as the rules choose)\n" \
        in results
    assert "civil disorder" not in results


def test_orders_in_the_mail_whose_vote_ends_the_game_are_told_not_played(
        tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Austria's builds and the last vote for a draw in one
    # mail: the draw ended the game, and the ack still listed his orders, said the phase
    # was "not processed early until a later mail has none" and "Deadline: none".
    judge = make_judge(tmp_path, standard_game())
    for power in ("ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"):
        judge.send(f"{power.lower()}@example.test", "VOTE DRAW\n", subject="[g] vote")
    judge.tick()
    judge.new_mail()
    judge.send("austria@example.test", "A VIE - TYR\nA BUD - XYZ\nVOTE DRAW\n",
               subject="[g] orders")
    judge.tick()
    [ack] = [text(m) for m in judge.to("austria@example.test", judge.new_mail())
             if "ends in a draw" not in m["Subject"]]
    assert "The game has ended with this mail (see the game-over mail): these orders " \
        "are not played." in ack.splitlines()
    assert "Deadline:" not in ack and "processed early" not in ack
    assert "ends in a draw" in ack


def test_a_resignation_without_a_standby_list_names_none(tmp_path: Path) -> None:
    # The trial of 3 December (fifth): Turkey's RESIGN TURKEY was acknowledged "the GM, 6
    # players and 0 on the standby list told", as if a call had failed.
    judge = make_judge(tmp_path, standard_game())
    judge.send("turkey@example.test", "RESIGN TURKEY\n", subject="[g] bye")
    judge.tick()
    [ack] = [text(m) for m in judge.to("turkey@example.test", judge.new_mail())
             if m["Subject"] == "[g] Received"]
    assert "  done: TURKEY resigned: the seat is open; the GM and 6 players told" \
        in ack.splitlines()
# Chatter around orders: none of it is read as an order, refused, or held against him.
PROSE = ["Hi all,", "Thanks!", "Pierre", "Best regards,", "See you in Paris",
         "The Channel - a promise kept", "I will support you in Burgundy",
         "Hope your army in Paris holds up!", "The army is tired", "My fleet in Brest is ready",
         "The army in Paris - what a joke", "The fleet will hold, I promise",
         "Our armies move together", "A fleet in the Channel would help",
         # A sentence end before words that read as no whole order stays quiet too.
         "Thanks. See you in Paris", "Good luck! The army is tired",
         "Sorry I'm late. I will support you in Burgundy", "Why? A fleet in the Channel",
         "Done. Paris", "Mr. Smith sends his regards",
         # A command's name used as an English word after a sentence end, followed by
         # words the command does not claim: "Vote for peace" (VOTE takes DRAW, CONCEDE...),
         # or by lowercase words, where the command's words are free (STATUS, HELP, BACK).
         "I'll help. Help me out", "See you. Status quo", "Thanks. Back home soon",
         "I'll vote. Vote for peace", "Well. Draw your own conclusions"]


def test_prose_around_orders_stays_unsaid(tmp_path: Path) -> None:
    """None of PROSE is an order or a command. The choice for a command's name after a
    sentence end: alone it IS the command ("That's a draw. Draw" is answered "put Draw on
    a line of its own", test_a_command_after_prose_on_its_line_is_answered_not_run); with
    words after it, only when the table's row claims them (VOTE DRAW) or, for a command
    whose words are free, when they are written in capitals as HELP writes them (RESIGN
    FRANCE): "Status quo" and "Help me out" stay chatter."""
    judge = make_judge(tmp_path, standard_game())
    judge.send("france@example.test", "\n".join(["A PAR - BUR", *PROSE, "A MAR H", "F BRE H"])
               + "\n", subject="[g] orders")
    judge.tick()
    [ack] = judge.new_mail()
    assert ack["Subject"] == "[g] Received"
    got = text(ack)
    assert "Orders for S1901M (version 1):\n  A PAR - BUR\n  A MAR H\n  F BRE H\n" in got
    assert "Not accepted" not in got and "not read as" not in got


def test_an_order_after_prose_on_its_line_is_answered_not_taken(tmp_path: Path) -> None:
    # The fifth trial: "Sorry I'm late! A VEN - TRI" was listed as "Not orders, ignored"
    # beside "Still without orders: A VEN". It is not taken either: the prose might take
    # it back.
    judge = make_judge(tmp_path, standard_game())
    late = "Sorry I'm late! A VEN - TRI"
    for n, mail in [(2, f"A ROM H\n{late}\nNo. f nap - ion?  I think not\n"),
                    (1, f"{late}\n")]:  # alone: answered the same, his orders unchanged
        judge.send("italy@example.test", mail, subject="[g] orders")
        judge.tick()
        [got] = [text(m) for m in judge.new_mail()]
        assert "Orders for S1901M (version 1):\n  A ROM H\n" in got
        assert (f"line {n}: {late}\n"
                "    -> not read as an order: put A VEN - TRI on a line of its own") in got, got
        assert "Still without orders: F NAP, A VEN" in got
    # Only a whole order ends such a line: an order followed by prose stays chatter.
    judge.send("italy@example.test", "No. f nap - ion?  I think not\n", subject="[g] orders")
    judge.tick()
    [got] = [text(m) for m in judge.new_mail()]
    assert 'Not orders, ignored: "No. f nap - ion?  I think not"' in got
    assert "not read as an order" not in got


def ack_of(judge: Judge, power: str, *lines: str) -> str:
    """A power's lines mailed: the acknowledgement's text, the one mail of the tick."""
    judge.send(f"{power}@example.test", "\n".join(lines) + "\n", subject="[g] orders")
    judge.tick()
    [ack] = [text(m) for m in judge.new_mail()]
    return ack


def test_a_command_after_prose_on_its_line_is_answered_not_run(tmp_path: Path) -> None:
    # The fifth trial: "Let's end this. DRAW" was ignored without a word, as "Not orders,
    # ignored". It is not run either: the prose might take it back ("I won't. RESIGN").
    judge = make_judge(tmp_path, standard_game())
    got = ack_of(judge, "italy", "A ROM H", "Let's end this. DRAW", "Fine by me! VOTE DRAW",
                 "I won't. RESIGN", "That's a draw. Draw", "ok. STATUS",
                 "Away. ABSENCE 2026-12-20 2026-12-28")
    assert "Orders for S1901M (version 1):\n  A ROM H\n" in got
    for n, line, command in [(2, "Let's end this. DRAW", "DRAW"),
                             (3, "Fine by me! VOTE DRAW", "VOTE DRAW"),
                             (4, "I won't. RESIGN", "RESIGN"),
                             (5, "That's a draw. Draw", "Draw")]:
        assert (f"line {n}: {line}\n"
                f"    -> not read as a command: put {command} on a line of its own") in got, got
    assert "ignored" not in got and "Vote" not in got and "resigned" not in got
    # A commands-only mail is answered the same, a press mail's lines outside its press
    # and the GM's too; nothing was run.
    judge.send("italy@example.test", "Done for now. READY\n", subject="[g] ready")
    judge.send("austria@example.test", "PRESS TO ITALY\nPeace?\nENDPRESS\nSee you. WAIT\n",
               subject="[g] press")
    judge.send("gm@example.test", "Agreed, let's wait. PAUSE\nSTATUS\n", subject="[g] gm")
    judge.tick()
    mails = judge.new_mail()
    [mine] = [t for t in map(text, judge.to("italy@example.test", mails)) if "Orders" in t]
    assert ("line 1: Done for now. READY\n"
            "    -> not read as a command: put READY on a line of its own") in mine, mine
    [press] = [text(m) for m in judge.to("austria@example.test", mails)]
    assert ("line 4: See you. WAIT\n"
            "    -> not read as a command: put WAIT on a line of its own") in press, press
    [gm] = [text(m) for m in judge.to("gm@example.test", mails)]
    assert ("line 1: Agreed, let's wait. PAUSE\n"
            "  not read as a command: put PAUSE on a line of its own") in gm, gm
    assert "paused" not in gm.lower() and "Not commands, ignored" not in gm
    assert not [m for m in mails if "draw" in m["Subject"].lower()]


def french_ack(judge: Judge, *lines: str) -> str:
    """France's lines mailed: the acknowledgement's text."""
    return ack_of(judge, "france", *lines)


def test_an_order_written_in_words_is_read_or_answered(tmp_path: Path) -> None:
    # The trial of 3 December (fourth): "The army at Marseilles supports the army in Paris"
    # was taken for prose and left out of the ack ("Still without orders: A MAR" alone).
    judge = make_judge(tmp_path, standard_game())
    ack = french_ack(judge, "The army at Marseilles supports the army in Paris to Burgundy",
                     "the army in paris moves to burgundy", "My fleet in Brest stays")
    assert "Orders for S1901M (version 1):\n  A MAR S A PAR - BUR\n  A PAR - BUR\n  F BRE H\n" \
        in ack
    assert "Not accepted" not in ack and "ignored" not in ack
    # Read as an order, it is refused for what it orders (Marseilles does not border
    # Paris), not ignored.
    ack = french_ack(judge, "The army at Marseilles supports the army in Paris")
    assert ("line 1: The army at Marseilles supports the army in Paris\n"
            "    -> A MAR cannot support into PAR: it could not move there itself") in ack
    # One the grammar does not read is answered with the order it means, line by line.
    ack = french_ack(judge, "The army in Paris will hold firm, as promised",
                     "Army at Marseilles should move to Burgundy",
                     "The fleet in Brest should sail to the English Channel")
    for n, (line, meant) in enumerate([
            ("The army in Paris will hold firm, as promised", "A PAR H"),
            ("Army at Marseilles should move to Burgundy", "A MAR - BUR"),
            ("The fleet in Brest should sail to the English Channel", "F BRE - ENG")], 1):
        assert f"line {n}: {line}\n    -> not read as an order: write it as {meant}\n" in ack
    assert "ignored" not in ack
