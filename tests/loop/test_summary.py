"""SUMMARY and the game-over reveal (issue 24, item 6), through the real pipeline: who
played which power when after a GM's REPLACE, centres each year, missed orders, how the
game ended; an anonymous game that never shows a player another's address or name; the
GM's named draw by mail and on the command line."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import select

from gmbot.service.archive.run import export_text
from gmbot.store.models import Event, Player
from tests.loop.joinkit import join
from tests.loop.judgekit import POWERS, Judge, make_judge, standard_game
from tests.loop.test_commands import HOLD_ALL, addr, ask, body
from tests.loop.test_votes import status_of

GM = "gm@example.test"
NAMED = "\n".join(f"  - {{address: {p.lower()}@example.test, power: {p}, name: Player "
                  f"{p.title()}}}" for p in POWERS)


def named_game(tmp_path: Path, extra: str = "") -> Judge:
    text = standard_game().replace(
        "\n".join(f"  - {{address: {p.lower()}@example.test, power: {p}}}" for p in POWERS),
        NAMED)
    judge = make_judge(tmp_path, text + extra)
    judge.new_mail()
    return judge


def spring_with_an_nmr(judge: Judge) -> None:
    """Spring 1901 played with Italy silent; then Italy's player is replaced."""
    for power, orders in HOLD_ALL.items():
        if power != "ITALY":
            judge.send(addr(power), orders, subject="[g] orders")
    judge.tick()
    judge.clock.advance(days=3)
    judge.tick()
    judge.send(GM, "REPLACE ITALY Luca <luca@example.test>\n", subject="[g] replace")
    judge.tick()
    judge.new_mail()


def test_summary_after_a_replacement(tmp_path: Path) -> None:
    judge = named_game(tmp_path)
    spring_with_an_nmr(judge)
    text = ask(judge, addr("FRANCE"), "SUMMARY\n")
    assert text.startswith("Summary of g (standard, active, now in Fall 1901 Movement)")
    assert "  FRANCE: Player France <france@example.test>, from the start (2026-03-02)\n" \
        in text  # his own seat
    # Another player's address only where the game file opts in: powers and names only.
    assert "  GERMANY: Player Germany, from the start (2026-03-02)\n" in text
    # Both of Italy's players by name (the fifth trial's game-over mail dropped the first).
    assert "  ITALY: Player Italy, from the start (2026-03-02) until F1901M " \
           "(2026-03-05)\n  ITALY: Luca, from F1901M (2026-03-05)\n" in text
    assert "@example.test" not in text.replace("france@example.test", "")
    gm = ask(judge, GM, "SUMMARY\n")  # the GM sees them all
    assert "  ITALY: Player Italy <italy@example.test>, from the start (2026-03-02) until " \
           "F1901M (2026-03-05)\n  ITALY: Luca <luca@example.test>, from F1901M " \
           "(2026-03-05)\n" in gm
    assert "1901 (so far): RUSSIA 4, AUSTRIA 3, ENGLAND 3, FRANCE 3, GERMANY 3, ITALY 3, " \
           "TURKEY 3\n" in text
    assert "Phases without orders (NMR): ITALY 1" in text
    # The GM ends it, naming the powers that share the draw; the record says so.
    reply = ask(judge, GM, "DRAW FRANCE/GERMANY\n")
    assert "done: game g ends in a draw in F1901M: FRANCE, GERMANY" in reply
    over = body(next(m for m in judge.outbox() if m["To"] == "luca@example.test"
                     and m["Subject"] == "[g] The game ends in a draw"))
    assert "The draw is shared by the powers named in it: FRANCE, GERMANY." in over
    assert "Who played whom:\n  AUSTRIA: Player Austria\n" in over
    assert "  ITALY: Player Italy, until F1901M\n  ITALY: Luca, from F1901M\n" in over
    assert "@example.test" not in over
    to_gm = body(next(m for m in judge.outbox() if m["To"] == GM
                      and m["Subject"] == "[g] The game ends in a draw"))
    assert "  ITALY: Player Italy <italy@example.test>, until F1901M\n  ITALY: Luca " \
           "<luca@example.test>, from F1901M\n" in to_gm
    after = ask(judge, addr("FRANCE"), "SUMMARY\n")
    assert "Fall 1901 Movement: a draw of FRANCE, GERMANY, declared by the game master" \
        in after


def test_an_anonymous_game_never_shows_another_players_address_or_name(
        tmp_path: Path) -> None:
    judge = named_game(tmp_path, "anonymous: true\npress: {display_names: true}\n")
    spring_with_an_nmr(judge)
    summary = ask(judge, addr("FRANCE"), "SUMMARY\n")
    assert "  FRANCE: Player France <france@example.test>" in summary  # his own seat
    assert "AUSTRIA, ENGLAND, GERMANY, ITALY, RUSSIA, TURKEY: not shown (this game keeps " \
           "its players anonymous)" in summary
    # The GM sees everyone.
    assert "luca@example.test" in ask(judge, GM, "SUMMARY\n")
    # Press cannot be addressed by a player's name, whatever the press rules say.
    press = ask(judge, addr("FRANCE"), "PRESS TO Player Germany: hello\n")
    assert "press refused, nothing was sent: no player called PLAYER" in press
    for power in ("FRANCE", "GERMANY", "ITALY"):
        judge.send(addr(power) if power != "ITALY" else "luca@example.test", "VOTE DRAW\n",
                   subject="[g] vote")
    judge.send(GM, "DRAW\n", subject="[g] draw")
    judge.tick()
    assert status_of(judge) == "finished"
    # Every mail a player got, but the refusal that quotes his own line back to him.
    others = [m for m in judge.outbox() if m["To"] != GM
              and m["Subject"] != "[g] Errors in your mail"]
    for mail in others:
        text = body(mail)
        mine = mail["To"]
        for power in POWERS:
            address = addr(power)
            if address != mine:
                assert address not in text and f"Player {power.title()}" not in text, \
                    (mine, mail["Subject"])
        assert "luca@example.test" not in text or mine == "luca@example.test"
    over = body(next(m for m in others if m["Subject"] == "[g] The game ends in a draw"))
    assert "Who played whom" not in over
    # Nor does the game's public export, which keeps the game's settings.
    public = export_text(judge.app, "g")
    assert json.loads(public)["game"]["anonymous"] is True
    assert "Player " not in public and "@example.test" not in public


def test_the_gm_draws_and_reads_the_votes_on_the_command_line(judge: Judge, cli) -> None:  # noqa: ANN001
    ask(judge, addr("FRANCE"), "VOTE DRAW\n")
    shown = cli("game", "votes", "g").output
    assert "Votes on ending the game (secret): 1 of 7 voters have voted" in shown
    assert "  FRANCE: a draw of all survivors\n  not voted: AUSTRIA, ENGLAND, GERMANY, " \
           "ITALY, RUSSIA, TURKEY\n" in shown
    assert "a draw names surviving powers only" in cli("game", "draw", "g", "SPAIN",
                                                        ok=False).output
    assert "game g ends in a draw in S1901M: FRANCE, GERMANY" in cli(
        "game", "draw", "g", "FRANCE", "GERMANY").output
    judge.tick()
    over = [m for m in judge.new_mail() if m["Subject"] == "[g] The game ends in a draw"]
    assert sorted(m["To"] for m in over) == sorted([addr(p) for p in POWERS] + [GM])
    assert "no votes are open" in cli("game", "votes", "g").output


def test_addresses_reach_players_only_where_the_file_opts_in_and_never_observers(
        tmp_path: Path) -> None:
    """Issue 31: SUMMARY mid-game listed every player's address to any player, and the
    game-over mail listed them all and went to observers who joined with a bare OBSERVE.
    With `players_see_addresses: true` the players see them; observers, never."""
    judge = named_game(tmp_path, "players_see_addresses: true\n"
                                 "observers: [watcher@example.org]\n")
    spring_with_an_nmr(judge)
    text = ask(judge, addr("FRANCE"), "SUMMARY\n")
    assert "  GERMANY: Player Germany <germany@example.test>, from the start" in text
    ask(judge, GM, "DRAW\n")
    over = {m["To"]: body(m) for m in judge.outbox()
            if m["Subject"] == "[g] The game ends in a draw"}
    assert "  AUSTRIA: Player Austria <austria@example.test>\n" in over[addr("FRANCE")]
    watcher = over["watcher@example.org"]
    assert "Who played whom:\n  AUSTRIA: Player Austria\n" in watcher
    assert "@example.test" not in watcher


def test_the_game_over_mail_names_the_player_a_takeover_replaced(tmp_path: Path) -> None:
    """The fifth trial of 3 December 2026: after Turkey's TAKEOVER the game-over mail read
    `TURKEY, until S1902M` / `TURKEY, from S1902M`, the first player's name dropped."""
    judge = named_game(tmp_path)
    judge.clock.advance(hours=49)
    judge.tick()
    judge.new_mail()
    with judge.app.db.transaction() as s:  # Turkey leaves (as RESIGN leaves the seat)
        s.scalars(select(Player).where(Player.power == "TURKEY")).one().active = False
    join(judge, "newcomer@example.org", "TAKEOVER g TURKEY")
    ask(judge, GM, "DRAW\n")
    over = body(next(m for m in judge.outbox() if m["To"] == addr("FRANCE")
                     and m["Subject"] == "[g] The game ends in a draw"))
    # The newcomer gave no name with his TAKEOVER: his seat is named by its power alone.
    assert "  TURKEY: Player Turkey, until F1901M\n  TURKEY, from F1901M\n" in over
    to_gm = body(next(m for m in judge.outbox() if m["To"] == GM
                      and m["Subject"] == "[g] The game ends in a draw"))
    assert "  TURKEY: Player Turkey <turkey@example.test>, until F1901M\n  TURKEY: " \
           "newcomer@example.org, from F1901M\n" in to_gm


def test_a_replacement_logged_without_names_still_reads(tmp_path: Path) -> None:
    # An event logged before the names were recorded: {who, old, new} alone.
    judge = named_game(tmp_path)
    spring_with_an_nmr(judge)
    with judge.app.db.transaction() as s:
        [event] = s.scalars(select(Event).where(Event.kind == "player_replaced")).all()
        event.data = {k: event.data[k] for k in ("who", "old", "new")}
    text = ask(judge, addr("FRANCE"), "SUMMARY\n")
    assert "  ITALY, from the start (2026-03-02) until F1901M " \
           "(2026-03-05)\n  ITALY, from F1901M (2026-03-05)\n" in text
