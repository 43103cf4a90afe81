"""Use case: load (create or update) a game from its YAML file, once checked
(file_check.py)."""

from __future__ import annotations

from dataclasses import asdict, replace
from datetime import datetime
from pathlib import Path

import msgspec
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from gmbot.engine.position import state_from_dict
from gmbot.engine.rules import StandardRules
from gmbot.gamefile import GameFileError, GameSpec, parse_game_text
from gmbot.gamefile.settings import GameSettings
from gmbot.gamefile.settings.deadline_section import DeadlineSection
from gmbot.gamefile.settings.signup import SignupSettings
from gmbot.service.app import App
from gmbot.service.deadline.absences import honour
from gmbot.service.gm.credentials import Welcomes, settle_secret, welcome
from gmbot.service.gm.file_check import check_spec, open_powers_of, read_checked, seated
from gmbot.service.gm.observers import welcome_observers
from gmbot.service.locks import STRENGTH
from gmbot.service.runtime import (
    SIGNUP,
    StoredPositionError,
    current_phase,
    deadline_after,
    log_event,
    map_for,
    state_of,
)
from gmbot.service.seats.bot_seats import fill_seats
from gmbot.service.seats.vote_owner import forget_vote
from gmbot.service.settings import keep_settings
from gmbot.store.models import Game, PhaseRow, Player, Signup
from gmbot.variants import make_rules


def load_game(app: App, path: str | Path, force: bool = False) -> str:
    """Create or update the game a file describes. Orders and history are kept; a
    `position:` in the file replaces the current phase's position (a GM correction) when
    it differs from the position in the file as last loaded. A player the GM changed by
    command (REPLACE) since the last load is kept when the file still has the old value,
    and the answer says so; `force` takes the file's value."""
    path = Path(path)
    loaded, position = read_checked(path)
    spec = loaded.spec
    now = app.now()
    with app.db.transaction() as s:
        # Locked like process_game locks it: a reload never interleaves with a deadline.
        game = s.scalars(select(Game).where(Game.name == spec.name)
                         .with_for_update(**STRENGTH)).first()
        created = game is None
        if game is None:
            game = Game(name=spec.name, created_at=now)
            s.add(game)
        old_deadlines = game.settings.deadlines
        # The file as last loaded, read once for its position and its players.
        old_file = None if created else _stored_spec(game.source)
        old_position = None if old_file is None else _file_position(old_file)
        new_gm = created or game.gm != spec.gm.lower()
        spec, differs = (spec, []) if created else _keep_commands(game, spec, old_file, force)
        game.title = spec.title
        game.variant = spec.variant
        game.gm = spec.gm.lower()
        game.judge = spec.judge.lower()
        game.source = loaded.source
        game.gm_secret_hash, gm_secret = settle_secret(game.gm_secret_hash, spec.gm_password,
                                                       new_gm, spec.auth)
        rules = make_rules(spec.variant, spec.options)
        old_signup = None if created else game.settings.signup
        old_observers = [] if created else list(game.settings.observers)
        if created and spec.signup is not None:
            game.status = SIGNUP
        s.flush()
        keep_settings(game, settings_of_file(spec, list(map_for(rules).powers)))
        if game.status == SIGNUP:
            welcome_observers(s, game, old_observers, now)
            return _signup_loaded(s, game, spec, path, created, new_gm or bool(gm_secret),
                                  gm_secret, now, old_signup)
        before = {p.key: p.address for p in game.players if p.active}
        seated_now = _sync_players(game, spec)
        for key, address in before.items():  # a seat given to another: his vote goes
            if all(p.address != address for p in game.players if p.active and p.key == key):
                forget_vote(s, game, key)
        phase = current_phase(s, game)
        if phase is None and created:
            state = position or seated(rules, spec, state_from_dict({}, map_for(rules)))
            name = str(state["phase"])
            phase = PhaseRow(game_id=game.id, seq=1, name=name, state=state, opened_at=now,
                             deadline_at=deadline_after(game, name, now), processed_at=None,
                             result=None)
            s.add(phase)
        elif phase is not None:
            # A file that starts a game from a position still has it when reloaded later
            # for another edit: only a changed position is a correction.
            if position is not None and position != old_position and position != phase.state:
                phase.state = position
                phase.name = str(position["phase"])
                log_event(s, game, "position_corrected", now, phase=phase.name)
            else:
                _keeps_its_position(spec, game, phase, rules)
                if position is None and any(p.role for p in spec.players):
                    # Role players added to the file join the current position's record.
                    now_seated = seated(rules, spec,
                                        state_from_dict(phase.state, map_for(rules)))
                    if now_seated != phase.state:
                        phase.state = now_seated
            if game.settings.deadlines != old_deadlines:
                phase.deadline_at = deadline_after(game, phase.name, phase.opened_at)
                honour(s, game, phase, now)  # the players' absences still count
        s.flush()  # the new players' ids, for their welcome mails
        shared = Welcomes(s, game, now)
        if new_gm or gm_secret:
            welcome(s, game, None, now, gm_secret, shared)
        for row, secret in seated_now:
            welcome(s, game, row, now, secret, shared)
        welcome_observers(s, game, old_observers, now)
        log_event(s, game, "game_created" if created else "game_updated", now,
                  file=str(path), players=[asdict(p) | {"password": None} for p in spec.players])
        bots = fill_seats(s, game, now)  # the file's bots: seats left open
        verb = "created" if created else "updated"
        where = f" at {phase.name}" if phase else ""
        return "\n".join([f"game {spec.name} {verb}{where} ({len(spec.players)} players)",
                          *differs, *bots])


def _keeps_its_position(spec: GameSpec, game: Game, phase: PhaseRow,
                        rules: StandardRules) -> None:
    """A game under way keeps its position unless the file corrects it: the file's
    variant must read it (one on another map cannot), or the load is refused as a file
    with errors, before anything changes, rather than failing on that position later."""
    try:
        state_of(game, phase, rules)  # the rules of the file's variant and options
    except StoredPositionError as e:
        raise GameFileError([spec.problem("variant", (
            f"game {game.name} is under way at {phase.name}, and {spec.variant} cannot go "
            f"on with it: {e}; keep the variant it has, or give a position: for "
            f"{spec.variant}"))]) from None


def settings_of_file(spec: GameSpec, powers: list[str]) -> GameSettings:
    """The settings a checked game file gives its game; its signup: with its open powers
    and the powers the file seats itself, as the joining use cases read them."""
    signup = None
    if spec.signup is not None:
        close = spec.signup.close
        signup = SignupSettings(
            seats=spec.signup.seats, approval=spec.signup.approval,
            observers=spec.signup.observers, close=close.isoformat() if close else None,
            open_powers=tuple(open_powers_of(spec, powers)),
            reserved={p.power: p.address.lower() for p in spec.players if p.power})
    return GameSettings(
        options=dict(spec.options), deadlines=DeadlineSection.of(spec.deadlines),
        nmr=spec.nmr, missed_orders=spec.nmr_policy, press=spec.press,
        rules_link=spec.rules_link, auth=spec.auth,
        votes=spec.votes, anonymous=spec.anonymous,
        players_see_addresses=spec.players_see_addresses,
        absences=spec.absences, signup=signup,
        takeover_approval=spec.takeover_approval, observers=list(spec.observers),
        standby=list(spec.standby), bots=spec.bots,
        backups={p.address.lower(): p.backup for p in spec.players if p and p.backup})


def _signup_loaded(s: Session, game: Game, spec: GameSpec, path: Path, created: bool,
                   welcome_gm: bool, gm_secret: str | None, now: datetime,
                   old_signup: SignupSettings | None) -> str:
    """A game open for sign-up is loaded: no phase, no deadline and no player seated until
    its seats are full (gmbot/service/joining/start.py starts it then). The file's own
    players are seated with the joiners at the start."""
    if spec.signup is None:
        raise GameFileError([spec.problem("signup", (
            f"game {game.name} is open for sign-up and has not started: keep its signup: "
            "section until its seats are full"))])
    seated = s.scalar(select(func.count()).select_from(Signup).where(
        Signup.game_id == game.id, Signup.kind == "join", Signup.status == "seated")) or 0
    was = old_signup.open_powers if old_signup else None
    seats = game.settings.signup.open_powers if game.settings.signup else ()
    if seated and was != seats:
        raise GameFileError([spec.problem("signup", (
            f"{seated} players have joined game {game.name}: its open seats "
            f"({', '.join(was or ())}) can no longer change"))])
    if welcome_gm:
        welcome(s, game, None, now, gm_secret)
    log_event(s, game, "game_created" if created else "game_updated", now, file=str(path),
              signup=msgspec.to_builtins(game.settings.signup),
              players=[asdict(p) | {"password": None} for p in spec.players])
    return (f"game {spec.name} {'created' if created else 'updated'}, open for sign-up: "
            f"{len(seats)} seats ({', '.join(seats)})")


def _keep_commands(game: Game, spec: GameSpec, old_file: GameSpec | None,
                   force: bool) -> tuple[GameSpec, list[str]]:
    """The spec to apply, with the GM's command-made changes kept where the file still
    has the value it had at the last load (`old_file`), and a line for each difference."""
    if old_file is None:
        return spec, []
    before = {p.key: p.address.lower() for p in old_file.players}
    now = {p.key: p.address for p in game.players if p.active}
    # Seats a RESIGN or civil disorder opened (gmbot/service/seats): their last player.
    opened = {p.key: p.address for p in game.players if not p.active and p.key not in now}
    players, differs = [], []
    for entry in spec.players:
        file, old, current = entry.address.lower(), before.get(entry.key), now.get(entry.key)
        if current is None and file == old and opened.get(entry.key) == file and not force:
            differs.append(f"{entry.key}: the file still seats {file}, but the seat was opened "
                           "(RESIGN or civil disorder); kept open (edit the file, or load "
                           "with --force to seat him again)")
            continue
        if current is None or file == current or file != old:
            players.append(entry)  # unchanged, or the GM edited the file: the file wins
            continue
        if force:
            differs.append(f"{entry.key}: the file's {file} replaces {current}, set by "
                           "command (--force)")
            players.append(entry)
            continue
        differs.append(f"{entry.key}: the file says {file}, but a command made it {current};"
                       f" kept {current} (edit the file, or load with --force to use the "
                       "file's)")
        players.append(replace(entry, address=current))
    return replace(spec, players=tuple(players)), differs


def _stored_spec(source: str) -> GameSpec | None:
    """The game file as it was last loaded (None if it no longer reads)."""
    try:
        return parse_game_text(source, stored=True)
    except GameFileError:
        return None


def _file_position(old_file: GameSpec) -> dict[str, object] | None:
    """The position in the game file as it was last loaded (None if none or bad)."""
    try:
        return check_spec(old_file)
    except GameFileError:
        return None


def _sync_players(game: Game, spec: GameSpec) -> list[tuple[Player, str | None]]:
    """Seat the file's players; returns those to welcome (new in their seat, or given a
    new secret) with their new secret in clear, if one was generated."""
    welcome_list: list[tuple[Player, str | None]] = []
    by_address = {p.address: p for p in game.players}
    wanted = {p.address.lower() for p in spec.players}
    # In a game that took players by mail (signup:), a seat the file leaves open is kept
    # by whoever joined or took it over.
    by_mail = {p.power for p in game.players if p.power} - {p.power for p in spec.players} \
        if spec.signup is not None else set()
    # A power given a new address in the file keeps its row (as with REPLACE), so its
    # standing orders and history stay with it; active rows win over older ones.
    leaving = {p.power: p for p in sorted(game.players, key=lambda p: p.active)
               if p.power and p.address not in wanted and p.power not in by_mail}
    for p in game.players:
        if p.address not in wanted and p.power not in by_mail:
            p.active = False
    for entry in spec.players:
        address = entry.address.lower()
        row = by_address.get(address) or leaving.pop(entry.power or "", None)
        if row is None:
            row = Player(address=address)
            game.players.append(row)
        fresh = row.address != address or not row.active or row.id is None
        row.address = address
        row.power = entry.power
        row.role = entry.role
        row.name = entry.name
        row.secret_hash, secret = settle_secret(row.secret_hash, entry.password, fresh,
                                                spec.auth)
        row.active = True
        if fresh or secret:
            welcome_list.append((row, secret))
    return welcome_list
