"""The press record as one reader may see it: the game's broadcasts (its public record),
and the press he sent and received. A grey sender stays hidden here as in the mail, and a
fake-signed one keeps his disguise, also where the reader's own reply to him is shown:
only the GM's copies name him."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.press.names import GM, Names
from gmbot.store.models import Game, Player
from gmbot.store.press import Press, PressCopy


def visible_press(session: Session, game: Game, viewer: Player | None) -> list[Press]:
    """Press `viewer` (None: the GM) may read, oldest first."""
    return PressRecord(session, game).visible(viewer)


class PressRecord:
    """The game's press read once, with who received each message: several readers (the
    web pages: every player) each take what he may read without a query of his own."""

    def __init__(self, session: Session, game: Game) -> None:
        self.game = game
        self.press = list(session.scalars(select(Press).where(Press.game_id == game.id)
                                          .order_by(Press.id)))
        self.copies: dict[int, list[tuple[int | None, str]]] = {}
        if self.press:  # no press, no copies to read
            for press_id, player_id, address in session.execute(
                    select(PressCopy.press_id, PressCopy.player_id, PressCopy.address)
                    .join(Press).where(Press.game_id == game.id)):
                self.copies.setdefault(press_id, []).append((player_id, address))

    def visible(self, viewer: Player | None) -> list[Press]:
        """The broadcasts, what `viewer` sent and what he received (None: the GM's)."""
        def received(press: Press) -> bool:
            return any(player == viewer.id if viewer else
                       player is None and address == self.game.gm
                       for player, address in self.copies.get(press.id, ()))

        return [p for p in self.press if p.broadcast or received(p) or (
            p.sender_id == viewer.id if viewer else p.sender_key == GM)]


def reply_addressee(original: Press, names: Names, gm_copy: bool) -> str | None:
    """Whom a reply to `original` is shown to answer: the signature that press bore, a
    fake one too (the reply reaches the true sender, but its author is never told who that
    is); None for grey press, whose sender stays unnamed. `gm_copy`: the GM read it
    through his copy, which named its true sender."""
    return names.label(original.sender_key) if gm_copy else original.signed_as


def record_text(press: Press, viewer: Player | None, names: Names, gm_copy: bool,
                public: bool = False) -> str:
    """One press message for the record, seen by `viewer`; `gm_copy`: the GM reads it
    through his copy, so with its true sender; `public`: read by anyone (the web pages),
    as a player who neither sent nor received it reads it."""
    own = "" if public else viewer.key if viewer else GM
    if press.reply_to_id is not None and press.sender_key == own and press.reply_to:
        original = press.reply_to
        to = reply_addressee(original, names, viewer is None and GM not in original.recipients
                             ) or "the anonymous sender"
    else:
        to = "all players" if press.broadcast else ", ".join(
            names.label(k) for k in press.recipients)
    if press.sender_key == own:
        who = "You" + (" (anonymously)" if press.grey and not press.signed_as else
                       f" (signed {press.signed_as})" if press.grey else "")
    elif gm_copy:
        who = names.label(press.sender_key) + (" (sent anonymously)" if press.grey else "")
    else:
        who = press.signed_as or "Anonymous"
    kind = "broadcast" if press.broadcast else "reply" if press.reply_to_id else "press"
    text = "\n".join(f"    {line}" if line else "" for line in press.text.splitlines())
    return f"  {who} to {to} ({kind}):\n{text}"


def press_by_phase(session: Session, game: Game, viewer: Player | None,
                   names: Names, record: PressRecord | None = None) -> dict[str, list[str]]:
    """The record's press texts grouped by the phase they were sent in; `record`: the
    game's press already read."""
    out: dict[str, list[str]] = {}
    for press in (record or PressRecord(session, game)).visible(viewer):
        gm_copy = viewer is None and GM not in press.recipients
        out.setdefault(press.phase, []).append(record_text(press, viewer, names, gm_copy))
    return out


def public_press_by_phase(session: Session, game: Game) -> dict[str, list[str]]:
    """The game's public record (its broadcasts) by phase, as anyone may read it: signed
    as each was signed, a grey one by "Anonymous"; never by whom it was sent."""
    out: dict[str, list[str]] = {}
    nobody = Names([], lambda _: None)  # a broadcast names no recipient
    for press in session.scalars(select(Press).where(Press.game_id == game.id,
                                                     Press.broadcast.is_(True))
                                 .order_by(Press.id)):
        out.setdefault(press.phase, []).append(
            record_text(press, None, nobody, gm_copy=False, public=True))
    return out
