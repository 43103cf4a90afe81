"""The lines of a mail that the judge reads as commands (gmbot.mail.message.command_lines):
reading stops at a quote's attribution, a forward, a signature or a client's footer, and
the lines are normalised (line ends, spaces, quoted lines left out)."""

from __future__ import annotations

import pytest

from gmbot.mail.message import command_lines


@pytest.mark.parametrize(
    "tail",
    [
        "On Mon, 3 Jan 2026 at 10:00, Judge <judge@example.org> wrote:\n> x",
        "On Mon, 3 Jan 2026 at 10:00, Diplomacy Judge <\njudge@example.org> wrote:\n",
        "On Mon, Jan 3, 2026 at 10:00\u202fAM Diplomacy Judge <judge@example.org>\nwrote:\n",
        "On 3 Jan 2026, at 10:00, Diplomacy Judge <judge@example.org> wrote:\n",
        "On 03/01/2026 10:00, Diplomacy Judge wrote:\n",
        "Diplomacy Judge <judge@example.org> wrote:\n",
        "Am Mo., 3. Jan. 2026 um 10:00 Uhr schrieb Judge <judge@example.org>:\n",
        "Le lun. 3 janv. 2026 \u00e0 10:00, Judge <judge@example.org> a \u00e9crit :\n",
        "El lun, 3 ene 2026 a las 10:00, Judge (<judge@example.org>) escribi\u00f3:\n",
        "-----Original Message-----\nFrom: Judge\nSent: Monday\n",
        "----- Original Message -----\n",
        "---------- Forwarded message ---------\nFrom: Judge <judge@example.org>\n",
        "-----Urspr\u00fcngliche Nachricht-----\n",
        "________________________________\nFrom: Judge <judge@example.org>\n",
        "From: Diplomacy Judge <judge@example.org>\nSent: Monday, 3 January 2026 10:00\n"
        "To: Bob\nSubject: orders\n",
        "*From:* Diplomacy Judge <judge@example.org>\n*Date:* Monday\n",
        "Von: Judge <judge@example.org>\nGesendet: Montag, 3. Januar 2026 10:00\n",
        "De : Judge <judge@example.org>\nEnvoy\u00e9 : lundi 3 janvier 2026 10:00\n",
        "Begin forwarded message:\n\nFrom: Judge\n",
        "-- \nAlice\n",
        "--\nAlice\n",
        "END\nyou can ignore this",
        "  End  \nyou can ignore this",
        "Sent from my iPhone\n",
        "Sent from my Galaxy\n",
        "Sent from Outlook for Android\n",
        "Get Outlook for iOS<https://aka.ms/o0ukef>\n",
        "Von meinem iPhone gesendet\n",
        "Envoy\u00e9 de mon iPad\n",
    ],
)
def test_command_lines_stop_at_quote_or_footer(tail: str) -> None:
    body = f"GAME demo\nA PAR - BUR\n\n{tail}\nF BRE - MAO\nA PAR - PIC\n"
    assert command_lines(body) == ("GAME demo", "A PAR - BUR")


@pytest.mark.parametrize(
    ("body", "lines"),
    [
        ("A PAR - BUR\r\nF BRE - MAO\r\n", ("A PAR - BUR", "F BRE - MAO")),
        ("A PAR - BUR\rF BRE - MAO\r", ("A PAR - BUR", "F BRE - MAO")),
        ("\xa0\xa0A\xa0PAR - BUR\xa0\n\u200bF BRE - MAO", ("A PAR - BUR", "F BRE - MAO")),
        ("\n\n  a par - bur  \n\t\n\tf bre - mao\n", ("a par - bur", "f bre - mao")),
        (
            "> A PAR - PIC\nA PAR - BUR\n| F BRE - ENG\n>> x\nF BRE - MAO",
            ("A PAR - BUR", "F BRE - MAO"),
        ),
        # Bottom-posted text after a quote is still read; only attributions stop reading.
        ("> quoted\nA PAR - BUR", ("A PAR - BUR",)),
        # Look-alikes that must not stop reading.
        ("ON 2 FRONTS\nA PAR - BUR", ("ON 2 FRONTS", "A PAR - BUR")),
        ("From: Alice\nA PAR - BUR", ("From: Alice", "A PAR - BUR")),
        ("ENDGAME demo\nA PAR - BUR", ("ENDGAME demo", "A PAR - BUR")),
        ("---\nA PAR - BUR", ("---", "A PAR - BUR")),
        ("", ()),
        ("\n \n\xa0\n", ()),
    ],
)
def test_command_lines_normalisation(body: str, lines: tuple[str, ...]) -> None:
    assert command_lines(body) == lines
