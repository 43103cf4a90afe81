"""A game's settings as the store keeps them: one record whose policies are records too.
A checked file's settings are stored and read back as they were, policy for policy; a
row stored before a setting existed reads it at its default; a stored value of the wrong
kind is refused naming its field, never read as something else."""

from __future__ import annotations

import json

import msgspec
import pytest

from gmbot.gamefile import parse_game_text
from gmbot.gamefile.settings import GameSettings
from gmbot.gamefile.settings.absences import AbsenceRules
from gmbot.gamefile.settings.bots import BotRules
from gmbot.gamefile.settings.deadline_section import AfterThenAt, DeadlineSection
from gmbot.gamefile.settings.deadlines import DeadlinePolicy
from gmbot.gamefile.settings.nmr import NmrPolicy
from gmbot.gamefile.settings.press import PressRules
from gmbot.gamefile.settings.record import stored_form
from gmbot.gamefile.settings.votes import VoteRules
from gmbot.service.gm.load import settings_of_file

GAME = """name: g
variant: standard
gm: gm@example.org
judge: judge@example.org
players:
  - {address: a@example.org, power: FRANCE}
  - {address: b@example.org, power: GERMANY}
deadlines:
  timezone: Europe/Paris
  movement: Mon 18:00
  retreat: {after: 1d, at: "20:00"}
  grace: 2h
  reminders: [12h]
nmr: {after: 3, then: civil_disorder, replace: false}
press: {allowed: public, signing: both, per_mail: {copies: 12}}
votes: {secret: false, named_draws: true}
absences: {days_per_year: 9, after_return: 2d}
bots: {fill: [ITALY], after: 2d, smart_cd: true}
"""

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def read_back(settings: GameSettings) -> GameSettings:
    """Through the store's JSON column and out again."""
    return msgspec.convert(json.loads(json.dumps(stored_form(settings))), GameSettings)


def test_a_files_settings_are_read_back_policy_for_policy() -> None:
    spec = parse_game_text(GAME)
    settings = read_back(settings_of_file(spec, POWERS))
    assert settings == settings_of_file(spec, POWERS)
    assert settings.deadlines.policy() == spec.deadlines
    assert settings.deadlines.rule("movement") == "Mon 18:00"
    assert settings.deadlines.rule("retreat") == AfterThenAt(after="1d", at="20:00")
    assert (settings.missed_orders, settings.press, settings.votes, settings.absences,
            settings.bots) == (spec.nmr_policy, spec.press, spec.votes, spec.absences,
                               spec.bots)
    assert settings.bots.fills("ITALY") and not settings.bots.fills("FRANCE")


def test_a_row_stored_before_a_setting_existed_reads_it_at_its_default() -> None:
    old = msgspec.convert({"press": {"allowed": "public"}, "deadlines": {"movement": "48h"},
                           "bots": {}, "missed_orders": {}}, GameSettings)
    assert old.press == PressRules(allowed="public")  # the press limits at their defaults
    assert old.deadlines == DeadlineSection(movement="48h")
    assert old.deadlines.policy() == DeadlinePolicy.from_mapping({"movement": "48h"})
    assert (old.votes, old.absences, old.bots, old.missed_orders) == (
        VoteRules(), AbsenceRules(), BotRules(), NmrPolicy())
    assert old.signup is None


@pytest.mark.parametrize(("row", "field"), [
    ({"votes": {"secret": "no"}}, "$.votes.secret"),
    ({"press": {"per_hour": {"messages": "many"}}}, "$.press.per_hour.messages"),
    ({"deadlines": {"reminders": "24h"}}, "$.deadlines.reminders"),
    ({"deadlines": {"movment": "48h"}}, "$.deadlines"),
    ({"signup": {"open": "FRANCE"}}, "$.signup.open"),
])
def test_a_stored_value_of_the_wrong_kind_is_refused_naming_its_field(
        row: dict[str, object], field: str) -> None:
    with pytest.raises(msgspec.ValidationError, match=f"`{field.replace('$', '[$]')}`"):
        msgspec.convert(row, GameSettings)
