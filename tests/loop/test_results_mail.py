"""The results mail reads well in any font: one "order: result" per line, no columns; units
that held for want of orders show as NMR, not as a success; each power's centre gains and
losses are listed. Through the real pipeline on the local Maildir."""

from __future__ import annotations

import re

from tests.loop.judgekit import Judge
from tests.loop.test_commands import GM, addr, body


def process(judge: Judge, orders: dict[str, str]) -> str:
    """Send the orders, have the GM process the phase; the public results text."""
    for power, text in orders.items():
        judge.send(addr(power), text, subject="[g] orders")
    judge.send(GM, "PROCESS\n", subject="[g] go")
    judge.tick()
    judge.tick()
    mails = judge.new_mail()
    return body([m for m in judge.to(GM, mails) if "results" in m["Subject"]][0])


def test_nmr_holds_are_reported_as_nmr(judge: Judge) -> None:
    text = process(judge, {"FRANCE": "A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n",
                           "GERMANY": "A MUN - RUH\n"})
    assert "AUSTRIA:\n  A BUD H: NMR (no orders received: holds)\n" in text
    assert "GERMANY:\n  A BER H: no order: holds\n  A MUN - RUH: succeeds\n" in text
    assert "A VIE H: succeeds" not in text
    assert "No orders received from: AUSTRIA, ENGLAND, ITALY, RUSSIA, TURKEY." in text


def test_results_list_centre_gains_and_losses_without_columns(judge: Judge) -> None:
    process(judge, {"FRANCE": "A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n",
                    "GERMANY": "A MUN - RUH\nF KIE - HOL\nA BER - KIE\n"})
    text = process(judge, {"FRANCE": "A BUR - MUN\nA SPA - POR\nF MAO H\n",
                           "GERMANY": "A RUH - BEL\nF HOL H\nA KIE H\n"})
    assert "FRANCE: 5 centres, 3 units: builds 2\n  gained MUN, POR\n" in text
    assert "GERMANY: 4 centres, 3 units: builds 1\n  gained BEL, HOL; lost MUN\n" in text
    assert "AUSTRIA: 3 centres, 3 units\n  centres: BUD TRI VIE\n" in text  # no change: no line
    # Nothing is aligned with runs of spaces inside a line (proportional fonts).
    assert not [line for line in text.splitlines() if re.search(r"\S {2,}\S", line)]
