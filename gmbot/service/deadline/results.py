"""The results mailing of a processed phase: each player's own results (his private
sections, his refused lines, his link to the game's site), the public copy to every
observer, the full one to the GM; each with the map of what its reader may see."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, select

from gmbot.config import Config
from gmbot.engine.report import GM, PhaseReport
from gmbot.service.deadline.context import Adjudicated, PhaseContext
from gmbot.service.outbox.queue import OutboundRow, outbound_row, queue_mails
from gmbot.service.outbox.render import render, render_html, render_part
from gmbot.service.views.calendar_entry import deadline_calendar
from gmbot.service.views.pictures import Pictures, picture_key
from gmbot.service.views.refused_lines import refused_lines
from gmbot.service.views.results import PhaseResults, deadline_text
from gmbot.service.views.shown import Refused, View
from gmbot.service.views.site_link import private_link
from gmbot.store.models import OrderSet, PhaseRow


@dataclass(frozen=True)
class PublicResults:
    """The public copy of the results, as the store and the game's end read it."""

    view: View
    text: str


@dataclass(frozen=True)
class Corrects:
    """The results mail a phase's new results replace (a rollback undid an earlier
    processing of the same phase): its phase, and when it was sent."""

    phase: str
    sent: str


class SharedParts:
    """The orders and results in words (results_public.*.j2), the same for every reader
    whose public view is the same (everyone, in a game that hides nothing): rendered once
    for them, as the map is drawn once (views/pictures.py)."""

    def __init__(self, context: dict[str, Any]) -> None:
        self.context = context
        self.done: dict[tuple[str, str], str] = {}

    def __call__(self, view: View, key: str, html: bool) -> str:
        """`key`: the view's picture_key."""
        name = "results_public.html.j2" if html else "results_public.txt.j2"
        if (name, key) not in self.done:
            self.done[name, key] = render_part(name, html, view=View(view.public),
                                               **self.context)
        return self.done[name, key]


def mail_results(config: Config, at: PhaseContext, done: Adjudicated,
                 next_row: PhaseRow | None, now: datetime) -> PublicResults:
    """Queue every results mail of the phase, in the caller's transaction."""
    s, game, phase, policy = at.session, at.game, at.phase, at.policy
    extra: dict[str, Any] = {  # the template's context
        "game": game, "nmr": done.nmr, "disorder": done.disorder, "reason": done.reason,
        "undeliverable": done.undeliverable,
        "deadline": deadline_text(policy, next_row.deadline_at if next_row else None),
        "corrects": _corrected(at),
    }
    # What every reader's view shares is worked out once for all of them.
    views = PhaseResults(at.rules, at.state, done.after, done.report)
    public = views.view(None)
    picture = Pictures(at.rules)
    results_part = SharedParts(extra)
    public_key = picture_key(public)
    subject, public_text = render("results.txt.j2", view=public,
                                  results=results_part(public, public_key, False), **extra)
    calendar = deadline_calendar(game, next_row, now)  # the next deadline, for every reader
    public_calendar = calendar.of(None) if calendar else None  # in the game's zone
    rows: list[OutboundRow | None] = []
    seats: dict[str, list[Refused]] = {}  # each seat's refused lines, for the GM's copy too
    for player in at.players:
        rejected = seats[player.key] = _rejected(at.sets.get(player.id), done.report,
                                                 player.key)
        view = views.view(player.key, rejected)
        # His own pages of the game's web site (docs/site.md), where the map opens full size.
        link = private_link(config, game, player)
        key = picture_key(view)
        subj, body = render("results.txt.j2", view=view, site_link=link,
                            results=results_part(view, key, False), **extra)
        png = picture(view, key)
        rows.append(outbound_row(
            s, key=f"results:{phase.id}:{player.address}", kind="results",
            sender=game.judge, recipient=player.address, subject=subj, body=body, now=now,
            game=game, picture=png, calendar=calendar.of(player) if calendar else None,
            html=render_html("results.html.j2", subj, png is not None, view=view,
                             site_link=link, map_link=link,
                             results=results_part(view, key, True), **extra)))
    # The GM's copy is the full one (he checks the judge): every unit, each hidden thing
    # marked as hidden from the players (in a game that hides nothing, the public part),
    # and each seat's own section, its refused lines with it.
    master = views.view(GM, seats=seats)
    master_key = picture_key(master)
    _, master_text = render("results.txt.j2", view=master,
                            results=results_part(master, master_key, False), **extra)
    png = picture(master, master_key)
    # The site takes the public map from the GM's mail (site/gather.py): a full copy's
    # row is keyed apart, so that its map is never shown as the public one.
    full = ":full" if master_key != public_key else ""
    rows.append(outbound_row(
        s, key=f"results:{phase.id}:gm{full}", kind="results", sender=game.judge,
        recipient=game.gm, subject=subject, body=master_text, now=now, game=game,
        picture=png, calendar=public_calendar,
        html=render_html("results.html.j2", subject, png is not None, view=master,
                         results=results_part(master, master_key, True), **extra)))
    png = picture(public, public_key)
    public_html = render_html("results.html.j2", subject, png is not None, view=public,
                              results=results_part(public, public_key, True), **extra)
    for address in game.settings.observers or ():  # the public copy, never a private section
        rows.append(outbound_row(
            s, key=f"results:{phase.id}:observer:{address}", kind="results",
            sender=game.judge, recipient=address, subject=subject, body=public_text,
            now=now, game=game, picture=png, html=public_html, calendar=public_calendar))
    queue_mails(s, rows)  # one statement for the mailing
    return PublicResults(public, public_text)


def _corrected(at: PhaseContext) -> Corrects | None:
    """The results mail this phase's results replace, if a rollback undid an earlier
    processing of the same phase: its subject and when it was sent."""
    phase = at.phase
    earlier = at.session.execute(_CORRECTED, {"game_id": at.game.id, "name": phase.name,
                                              "seq": phase.seq}).first()
    if earlier is None or earlier.processed_at is None:
        return None
    return Corrects(phase.name, deadline_text(at.policy, earlier.processed_at))


# Built once, one column (not the row, its position): every processed phase asks, and
# almost never finds one.
_CORRECTED = (
    select(PhaseRow.processed_at)
    .where(PhaseRow.game_id == bindparam("game_id"), PhaseRow.name == bindparam("name"),
           PhaseRow.seq < bindparam("seq"), PhaseRow.superseded.is_(True),
           PhaseRow.processed_at.is_not(None))
    .order_by(PhaseRow.seq.desc()).limit(1)
)


def _rejected(row: OrderSet | None, report: PhaseReport,
              power: str) -> list[Refused]:
    """The lines refused when the orders came in, then those the rules refused only at
    adjudication, when every order and spell was known (a Warlock order for a unit that
    floated up, a move whose spell was never cast)."""
    out = [Refused(r.line, r.reason) for r in refused_lines(row.errors if row else [])]
    seen = {(r.line, r.reason) for r in out}
    for e in report.errors:
        if e.power == power and (e.order, e.reason) not in seen:
            seen.add((e.order, e.reason))
            out.append(Refused(e.order, e.reason))
    return out
