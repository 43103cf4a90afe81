"""What an import checks beyond the form's types, as the game file's checks would: every
address an address, the names and phase names safe for paths and headers, the settings
readable by their policies, each player a power of the variant's map and no seat held
twice. Each problem is one line naming the field (FormError)."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from gmbot.engine.map import GameMap
from gmbot.engine.state import Phase
from gmbot.gamefile.addresses import address_problem
from gmbot.gamefile.schema import AUTH_MODES, NAME_RE, ROLE_RE
from gmbot.gamefile.settings import NMR_KINDS
from gmbot.gamefile.settings.absences import AbsenceRules
from gmbot.gamefile.settings.deadline_section import DeadlineSection
from gmbot.gamefile.settings.deadlines import PolicyError
from gmbot.gamefile.settings.nmr import HOLD, read_policy
from gmbot.gamefile.settings.press import PressRules, check_section
from gmbot.gamefile.settings.record import stored_form
from gmbot.service.archive.form import ExportFile, FormError, GameInfo
from gmbot.service.seats.events import ADDRESS_FIELDS, PHASE_FIELDS, SEAT_EVENTS, SEAT_FIELDS

STATUSES = ("active", "paused", "finished", "parked", "signup")
CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # nothing a header or a file name could hold


def check_file(form: ExportFile, gmap: GameMap) -> None:
    """FormError for the first thing in `form` a game file could never hold."""
    info = form.game
    if not NAME_RE.fullmatch(info.name) or len(info.name) > 64:
        raise FormError(f"game.name: {info.name!r} is no game name (lower-case letters, "
                        "digits and dashes)")
    if info.status not in STATUSES:
        raise FormError(f"game.status: {info.status!r} is no game status (one of "
                        f"{', '.join(STATUSES)})")
    _check_settings(info)
    _check_addresses(form)
    _check_players(form, gmap)
    _check_events(form, gmap)
    for n, ph in enumerate(form.phases):
        _phase_name(ph.name, f"phases[{n}].name")
    for n, pr in enumerate(form.press):
        if pr.phase:  # "": sent when no phase was open (after the game's end)
            _phase_name(pr.phase, f"press[{n}].phase")


def _phase_name(name: str, path: str) -> None:
    try:
        ok = str(Phase.parse(name)) == name
    except ValueError:
        ok = False
    if not ok:
        raise FormError(f"{path}: {name!r} is no phase name (write it like S1901M)")


def _check_settings(info: GameInfo) -> None:
    if info.nmr not in NMR_KINDS:
        raise FormError(f"game.nmr: {info.nmr!r} is no missed-orders policy (one of "
                        f"{', '.join(NMR_KINDS)})")
    if info.auth not in AUTH_MODES:
        raise FormError(f"game.auth: {info.auth!r} (allowed: {', '.join(AUTH_MODES)})")
    # The form's types are the settings' records: what is left is what the game file's
    # checks say of their values.
    if info.missed_orders.then != HOLD:
        _policy("game.missed_orders", read_policy, stored_form(info.missed_orders))
    _policy("game.deadlines", DeadlineSection.policy, info.deadlines)
    _policy("game.absences", AbsenceRules.from_mapping, stored_form(info.absences))
    _policy("game.press", _press, info.press)


def _press(rules: PressRules) -> None:
    problems = check_section(stored_form(rules))[1]
    if problems:
        raise PolicyError(problems)


def _policy(path: str, read: Callable[[Any], object], value: Any) -> None:
    try:
        read(value)
    except (ValueError, TypeError, KeyError, AttributeError) as e:
        # The policies' own errors name the sub-field of each problem: the first is told.
        problems = getattr(e, "problems", None)
        if problems:
            sub, message = problems[0]
            raise FormError(f"{path}{'.' + sub if sub else ''}: {message}") from None
        raise FormError(f"{path}: {' '.join(str(e).split()) or type(e).__name__}") from None


def _check_addresses(form: ExportFile) -> None:
    info = form.game
    found: list[tuple[str, Any]] = [("game.gm", info.gm), ("game.judge", info.judge)]
    found += [(f"game.observers[{n}]", a) for n, a in enumerate(info.observers)]
    found += [(f"game.standby[{n}]", a) for n, a in enumerate(info.standby)]
    reserved = info.signup.reserved if info.signup else {}
    found += [(f"game.signup.reserved.{k}", a) for k, a in reserved.items()]
    # A seat no player ever held keeps the bot's orders on a row without an address.
    found += [(f"players[{n}].address", p.address) for n, p in enumerate(form.players)
              if p.active or p.address != ""]
    for path, address in found:
        if address is None:
            raise FormError(f"{path}: missing (a full export has it)")
        problem = address_problem(address)
        if problem:
            raise FormError(f"{path}: {problem}")


def _check_players(form: ExportFile, gmap: GameMap) -> None:
    """Each player a power of the map (or a role), named safely; one active player a
    seat."""
    seated: dict[str, int] = {}
    for n, p in enumerate(form.players):
        path = f"players[{n}]"
        if (p.power is None) == (p.role is None):
            raise FormError(f"{path}: give either power or role")
        if p.power is not None and p.power not in gmap.powers:
            raise FormError(f"{path}.power: {p.power!r} is no power of this variant's map "
                            f"({', '.join(gmap.powers)})")
        if p.role is not None and not ROLE_RE.fullmatch(p.role):
            raise FormError(f"{path}.role: {p.role!r}: use a lower-case word")
        if p.name is not None and (CONTROL.search(p.name) or len(p.name) > 200):
            raise FormError(f"{path}.name: {p.name!r} holds control characters or is too "
                            "long")
        if p.role is not None and not p.name:
            raise FormError(f"{path}.name: required for a player with a role")
        seat = p.power or (p.name or "").upper()
        if p.active:
            first = seated.setdefault(seat, n)
            if first != n:
                raise FormError(f"{path}: {seat} is already played by players[{first}] "
                                "(one active player a seat)")


def _check_events(form: ExportFile, gmap: GameMap) -> None:
    """Each seat event of a kind the seats read, its time a time, and what it names a
    seat of the game, a phase or an address; no text in it with a control character."""
    seats = set(gmap.powers) | {(p.name or "").upper() for p in form.players if p.role}
    for n, event in enumerate(form.events):
        path = f"events[{n}]"
        if event.kind not in SEAT_EVENTS:
            raise FormError(f"{path}.kind: {event.kind!r} is no seat event (one of "
                            f"{', '.join(SEAT_EVENTS)})")
        try:
            ok = datetime.fromisoformat(event.at).tzinfo is not None
        except ValueError:
            ok = False
        if not ok:
            raise FormError(f"{path}.at: {event.at!r} is no ISO date and time with its zone")
        _plain(event.data, f"{path}.data")
        for key, value in event.data.items():
            where = f"{path}.data.{key}"
            if key in SEAT_FIELDS and value is not None and value not in seats:
                raise FormError(f"{where}: {value!r} is no seat of this game")
            if key in PHASE_FIELDS and value is not None:
                _phase_name(str(value), where)
            if key in ADDRESS_FIELDS:
                for k, address in enumerate(value if isinstance(value, list) else [value]):
                    problem = address_problem(address) if address else None
                    if problem:
                        at = f"{where}[{k}]" if isinstance(value, list) else where
                        raise FormError(f"{at}: {problem}")


def _plain(value: Any, path: str) -> None:
    """No text in the event's data holds a control character (it may reach a mail)."""
    if isinstance(value, str) and CONTROL.search(value):
        raise FormError(f"{path}: holds control characters")
    if isinstance(value, dict):
        for key, item in value.items():
            _plain(key, path)
            _plain(item, f"{path}.{key}")
    if isinstance(value, list):
        for k, item in enumerate(value):
            _plain(item, f"{path}[{k}]")
