"""The results mail's public part (results_public.*.j2) is rendered once for the readers
who see the same and handed to each reader's mail (service/deadline/results.py): each
text and HTML part must be the very one the template renders on its own."""

from __future__ import annotations

from typing import Any

import pytest

from gmbot.engine.record import report_of
from gmbot.service.deadline.results import SharedParts
from gmbot.service.outbox.render import render, render_html
from gmbot.service.views.pictures import picture_key
from gmbot.service.views.results import results_view
from gmbot.variants.cases import case_outcome

CASES = {
    "standard": {"variant": "standard", "phase": "S1901M", "orders": {
        "FRANCE": ["A PAR - BUR", "A MAR - BUR", "F BRE - MAO"],
        "GERMANY": ["A MUN - BUR", "F KIE - HOL"]}},
    # Warlock hides an invisible unit from all but its owner: the public views differ.
    "warlock": {"variant": "warlock", "phase": "S1901M", "orders": {
        "TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON - BUL"],
        "FRANCE": ["A MAR - BUR"]}},
}
CONTEXT: dict[str, Any] = {
    "game": {"name": "g", "title": "A game"}, "nmr": ["ITALY"], "disorder": ["RUSSIA"],
    "undeliverable": ["AUSTRIA"], "reason": "deadline", "deadline": "Mon 2 Nov 12:00 UTC",
    "corrects": None}


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("viewer", ["TURKEY", "FRANCE", None])
def test_shared_part_gives_the_mail_the_template_renders(name: str, viewer: str | None,
                                                          ) -> None:
    rules, outcome = case_outcome(CASES[name])
    view = results_view(rules, outcome.start or outcome.before, outcome.after,
                        report_of(outcome), viewer)
    shared, key = SharedParts(CONTEXT), picture_key(view)
    alone = render("results.txt.j2", view=view, **CONTEXT)
    assert render("results.txt.j2", view=view, results=shared(view, key, False),
                  **CONTEXT) == alone
    assert "No orders received from: ITALY." in alone[1]
    html = render_html("results.html.j2", alone[0], True, view=view, **CONTEXT)
    assert render_html("results.html.j2", alone[0], True, view=view,
                       results=shared(view, key, True), **CONTEXT) == html
    assert '<div id="results">' in html and "&lt;" not in html
