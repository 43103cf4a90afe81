"""The schema: migrations reach the head gmbot expects, and a fresh database is created
at head automatically."""

from __future__ import annotations

import json
from typing import Any

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory

from gmbot.store.db import HEAD_REVISION, MIGRATIONS, open_database

# On PostgreSQL too (CONTRIBUTING.md): the schema and its migrations.
pytestmark = pytest.mark.dialect(
    "gmbot.store.db",
    "gmbot.store.base",
    "gmbot.store.models",
)


def test_head_revision_constant_matches_alembic() -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(cfg).get_current_head() == HEAD_REVISION


def test_fresh_database_is_created_at_head(empty_database_url: str) -> None:
    db = open_database(empty_database_url)
    assert db.current_revision() == HEAD_REVISION
    db.upgrade()  # a second start changes nothing
    assert db.current_revision() == HEAD_REVISION


def test_migrations_match_the_models(empty_database_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from gmbot.store.schema import METADATA

    db = open_database(empty_database_url)
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), METADATA)
    assert diff == []



def test_an_older_database_is_upgraded_on_start(empty_database_url: str) -> None:
    from alembic import command

    url = empty_database_url
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    command.upgrade(cfg, "0001")
    db = open_database(url)
    assert db.current_revision() == HEAD_REVISION
    db.dispose()


def test_players_passwords_are_hashed_by_the_upgrade(empty_database_url: str) -> None:
    """0004: a clear-text password becomes a hash that still checks, and the stored game
    file loses its passwords."""
    from alembic import command
    from sqlalchemy import create_engine, text

    from gmbot.mail.auth.secrets import check_secret

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", empty_database_url)
    command.upgrade(cfg, "0003")
    engine = create_engine(empty_database_url)
    source = "name: old\nplayers:\n  - {address: f@x.test, power: FRANCE, password: baguette}\n"
    with engine.begin() as conn:
        conn.execute(text(
            "insert into games (id, name, variant, options, gm, judge, deadlines, nmr, source,"
            " status, created_at) values (1, 'old', 'standard', '{}', 'gm@x.test',"
            " 'judge@x.test', '{}', 'hold', :source, 'active', '2026-01-01 00:00:00+00')"),
            {"source": source})
        conn.execute(text("insert into players (id, game_id, address, power, password, active)"
                          " values (1, 1, 'f@x.test', 'FRANCE', 'baguette', true)"))
    engine.dispose()
    db = open_database(empty_database_url)
    with db.engine.connect() as conn:
        stored = conn.execute(text("select secret_hash from players")).scalar_one()
        settings, kept = conn.execute(text("select settings, source from games")).one()
    db.dispose()
    assert stored.startswith("scrypt$") and check_secret("baguette", stored)
    assert (json.loads(settings) if isinstance(settings, str) else settings)["auth"] == "on"
    assert "baguette" not in kept and "FRANCE" in kept


def test_old_settings_columns_are_folded_into_one_record(empty_database_url: str) -> None:
    """0017: a game's eleven setting columns and its seat_rules row become its
    GameSettings, each setting as it was."""
    from alembic import command
    from sqlalchemy import create_engine, text
    from sqlalchemy.orm import Session

    from gmbot.gamefile.settings.absences import AbsenceRules
    from gmbot.gamefile.settings.deadline_section import DeadlineSection
    from gmbot.gamefile.settings.nmr import NmrPolicy
    from gmbot.gamefile.settings.press import PressRules
    from gmbot.gamefile.settings.votes import VoteRules
    from gmbot.store.models import Game

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", empty_database_url)
    command.upgrade(cfg, "0015")
    engine = create_engine(empty_database_url)
    with engine.begin() as conn:
        conn.execute(text(
            "insert into games (id, name, variant, options, gm, judge, deadlines, nmr, source,"
            " status, auth, created_at, press, observers, rules_link, absences, joining,"
            " votes, anonymous) values (1, 'old', 'standard', '{\"seed\": 7}', 'gm@x.test',"
            " 'judge@x.test', '{\"movement\": \"48h\"}', 'civil_disorder', '', 'active',"
            " 'none', '2026-01-01 00:00:00+00', '{\"display_names\": true}',"
            " '[\"w@x.test\"]', 'https://x.test/r', '{\"days_per_year\": 9}',"
            " '{\"takeover\": {\"approval\": true}}', '{\"secret\": false}', true)"))
        conn.execute(text(
            "insert into seat_rules (game_id, nmr, standby) values"
            " (1, '{\"then\": \"civil_disorder\", \"after\": 3, \"replace\": true}',"
            " '[\"sub@x.test\"]')"))
    engine.dispose()
    db = open_database(empty_database_url)
    with Session(db.engine) as s:
        settings = s.get_one(Game, 1).settings
    db.dispose()
    assert settings.options == {"seed": 7}
    assert settings.deadlines == DeadlineSection(movement="48h")
    assert (settings.nmr, settings.auth, settings.rules_link) == (
        "civil_disorder", "none", "https://x.test/r")
    # Each policy decoded into its record, what the old row lacks at its default.
    assert settings.press == PressRules(display_names=True)
    assert settings.observers == ["w@x.test"]
    assert settings.absences == AbsenceRules(days_per_year=9)
    assert settings.votes == VoteRules(secret=False)
    assert settings.anonymous is True and settings.takeover_approval is True
    assert settings.signup is None and settings.standby == ["sub@x.test"]
    assert settings.missed_orders == NmrPolicy(then="civil_disorder", after=3, replace=True)


def test_old_phase_reports_are_rewritten_into_the_current_version(
        empty_database_url: str) -> None:
    """0023: a stored report of version 1 (no version, no marks) or 2 (no facts) becomes
    version 3 once, told as adjudicated before the judge kept its reasoning; a version-3
    row is left as it was. The rows' other keys (the public text) are kept."""
    from alembic import command
    from sqlalchemy import create_engine, text

    from gmbot.engine.report import REPORT_VERSION, read_report

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", empty_database_url)
    command.upgrade(cfg, "0022")
    base = {"phase": "S1901M", "next_phase": "F1901M", "units_after": {}, "dislodged": {},
            "moves": {}, "order_results": {"A PAR": "succeeds"}, "orders": {"A PAR": "A PAR H"},
            "errors": [], "centers_after": {}, "position": {}, "public_text": "Paris holds."}
    stored = {1: base, 2: {**base, "version": 2, "events": []},
              3: {**base, "version": 3, "facts": [
                  {"unit": "A PAR", "kind": "strength", "words": "hold 1"}]}}
    engine = create_engine(empty_database_url)
    with engine.begin() as conn:
        conn.execute(text(
            "insert into games (id, name, variant, gm, judge, source, status, created_at,"
            " settings) values (1, 'old', 'standard', 'gm@x.test', 'judge@x.test', '',"
            " 'active', '2026-01-01 00:00:00+00', '{}')"))
        for seq, result in stored.items():
            conn.execute(text(
                "insert into phases (id, game_id, seq, name, state, opened_at, result,"
                " reminders_sent, superseded) values (:seq, 1, :seq, 'S1901M', '{}',"
                " '2026-01-01 00:00:00+00', :result, '[]', false)"),
                {"seq": seq, "result": json.dumps(result)})
    engine.dispose()
    db = open_database(empty_database_url)
    with db.engine.connect() as conn:
        rows: dict[int, Any] = dict(conn.execute(text("select seq, result from phases")).all())
    db.dispose()
    now = {seq: json.loads(r) if isinstance(r, str) else r for seq, r in rows.items()}
    for seq in (1, 2):
        assert now[seq]["version"] == REPORT_VERSION and now[seq]["reasoned"] is False
        assert now[seq]["public_text"] == "Paris holds."
        report = read_report(now[seq])
        assert not report.reasoned and report.facts == [] and report.events == []
        assert report.orders == {"A PAR": "A PAR H"}
    assert now[3] == stored[3] and read_report(now[3]).reasoned
    # Back down: the rewritten rows read as version 2 again, the others as they were.
    command.downgrade(cfg, "0022")
    engine = create_engine(empty_database_url)
    with engine.connect() as conn:
        back = {seq: json.loads(r) if isinstance(r, str) else r
                for seq, r in conn.execute(text("select seq, result from phases")).all()}
    engine.dispose()
    assert back[1]["version"] == back[2]["version"] == 2 and "reasoned" not in back[1]
    assert back[3] == stored[3]


def test_a_picture_kept_apart_goes_back_into_its_mails_rows_on_the_way_down(
        empty_database_url: str) -> None:
    """0024 keeps a map once (mail_pictures) for the mails not sent yet that show it; back
    at 0023, each of them holds it again, packed after its other parts as then."""
    from alembic import command
    from sqlalchemy import create_engine, text

    from gmbot.mail.parts import pack, unpack

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", empty_database_url)
    command.upgrade(cfg, "0024")
    png = b"\x89PNG\r\n\x1a\n the board"
    parts = {1: pack("<p>results</p>", None, b"BEGIN:VCALENDAR"), 2: None}
    engine = create_engine(empty_database_url)
    with engine.begin() as conn:
        conn.execute(text("insert into mail_pictures (key, png) values ('k', :png)"),
                      {"png": png})
        for n, packed in parts.items():
            conn.execute(text(
                "insert into outbound (id, key, kind, sender, recipient, subject, body,"
                " message_id, created_at, status, attempts, picture, picture_key) values"
                " (:n, :key, 'results', 'j@x.test', 'p@x.test', 's', 'b', :mid,"
                " '2026-01-01 00:00:00+00', 'queued', 0, :parts, 'k')"),
                {"n": n, "key": f"r{n}", "mid": f"m{n}@x.test", "parts": packed})
    engine.dispose()
    command.downgrade(cfg, "0023")
    engine = create_engine(empty_database_url)
    with engine.connect() as conn:
        back = {int(i): bytes(p) for i, p in conn.execute(
            text("select id, picture from outbound"))}
    engine.dispose()
    with_html, bare = unpack(back[1]), unpack(back[2])
    assert (with_html.html, with_html.picture, with_html.calendar) == (
        "<p>results</p>", png, b"BEGIN:VCALENDAR")
    assert (bare.html, bare.picture, bare.calendar) == (None, png, None)
    command.upgrade(cfg, "head")
