"""`gmbot tick` killed with SIGKILL while it reads the players' votes and while it sends
(issue 24: "a kill -9 at any point loses no vote"), then run clean: in every game each
power's VOTE DRAW was recorded (the last one passing the draw) and a named draw the game
does not allow was refused; the game ended once, and each player and the GM got one
game-over mail, read as a mail client decodes it."""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

from sqlalchemy import select

from gmbot.mail.maildir import outbox_name
from gmbot.service.app import open_app
from gmbot.store.models import Event, Game, Vote
from tests.crash.crashkit import Mail, address, gm_address, make_home, player_mail
from tests.crash.invariants import check_maildir_outbox, outbox_files, snapshot
from tests.crash.killkit import Progress, kill_at, staged_point
from tests.loop.judgekit import POWERS

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))
KILLS = int(os.environ.get("GMBOT_CRASH_KILLS", "8"))
GAMES = 8  # two batches of mail (of 50, loop.BATCH)
DRAW = "VOTE DRAW\n"
NAMED = "VOTE DRAW FRANCE GERMANY\n"  # refused: the game allows draws of all survivors only
RECORDED = ("your vote for a draw of all survivors is recorded",
            "your vote for a draw of all survivors is the last one needed: game ")


def vote_mails(games: list[str], rng: random.Random) -> list[Mail]:
    """Every power's VOTE DRAW and Germany's named draw, in a seeded random order."""
    sequence = [(g, p, "vote", DRAW) for g in games for p in POWERS]
    sequence += [(g, "GERMANY", "named", NAMED) for g in games]
    rng.shuffle(sequence)
    return [player_mail(n, g, p, tag, text) for n, (g, p, tag, text) in enumerate(sequence)]


def state(home_path: Path) -> dict[str, tuple[str, int, int, int, int]]:
    """Per game: its status, the votes standing, the vote_cast, vote_passed and game_over
    events."""
    app = open_app(home_path)
    try:
        with app.db.transaction() as s:
            games = {g.id: g for g in s.scalars(select(Game))}
            votes = Counter(v.game_id for v in s.scalars(select(Vote)))
            events = Counter((e.game_id, e.kind) for e in s.scalars(select(Event)))
            return {g.name: (g.status, votes[i], events[(i, "vote_cast")],
                             events[(i, "vote_passed")], events[(i, "game_over")])
                    for i, g in games.items()}
    finally:
        app.db.dispose()


def test_tick_killed_while_votes_end_the_games_loses_no_vote_and_ends_each_once(
        tmp_path: Path) -> None:
    rng = random.Random(SEED)
    home = make_home(tmp_path, games=GAMES, seed=SEED)
    home.mails = vote_mails(home.games, rng)
    home.run("tick", "-q")  # the welcome mails
    home.deliver(home.mails)
    progress = Progress(home)
    seen = []
    try:
        for _ in range(KILLS):
            point = staged_point(progress, rng, len(home.mails))
            kill_at(home.start("tick", "-q"), point, progress)
            now = state(home.path)
            seen.append(now)
            # After any kill, a game is running with a vote per vote logged, or over once,
            # its seven votes logged and spent: never half an end.
            for status, standing, cast, passed, over in now.values():
                assert (status, passed, over) in (("active", 0, 0), ("finished", 1, 1)), seen
                assert standing == (cast if status == "active" else 0), seen
        home.run("tick", "-q")
        home.run("tick", "-q")  # sends what the last run queued, if it did not
    finally:
        progress.close()

    assert state(home.path) == dict.fromkeys(home.games, ("finished", 0, 7, 1, 1)), seen
    snap = snapshot(home)
    assert set(snap.inbound) == {m.message_id for m in home.mails}
    assert all(r.status == "handled" for r in snap.inbound.values())
    check_maildir_outbox(home, snap, complete=True)
    files = outbox_files(home)
    replies = {o.in_reply_to: files[outbox_name(o.id, o.message_id)] for o in snap.outbound
               if o.key.startswith("reply:")}
    assert set(replies) == set(snap.inbound)
    # Every vote the player was told is recorded is among the seven that passed the draw;
    # the named draw was refused with the rule, whenever it was read.
    app = open_app(home.path)
    try:
        with app.db.transaction() as s:
            names = {g.id: g.name for g in s.scalars(select(Game))}
            voters = {names[e.game_id or 0]: e.data["voters"] for e in s.scalars(
                select(Event).where(Event.kind == "vote_passed"))}
    finally:
        app.db.dispose()
    last: Counter[str] = Counter()
    for mail in home.mails:
        text = replies[mail.message_id].get_body(("plain",)).get_content().replace("\r\n", "\n")
        if mail.message_id.endswith(".vote@players.example.test"):
            assert any(r in text for r in RECORDED), text
            assert mail.power in voters[mail.game]
            last[mail.game] += RECORDED[1] in text
        else:  # refused with the rule; once the game is over, with the game's end
            assert any(r in text for r in (
                "this game allows only draws of all survivors",
                f"Game {mail.game} is over; the judge takes no more orders",  # same batch
                f"The game is over.\n{mail.game}: the players have voted a draw")), text
    assert last == Counter(dict.fromkeys(home.games, 1))
    assert all(sorted(v) == sorted(POWERS) for v in voters.values())
    over = Counter(str(m["To"]) for m in files.values()
                   if str(m["Subject"]).endswith("] The game ends in a draw")
                   and m["In-Reply-To"] is None)
    everyone = [address(g, p) for g in home.games for p in POWERS]
    everyone += [gm_address(g) for g in home.games]
    assert over == Counter(everyone)
