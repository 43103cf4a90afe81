"""A Warlock invisible unit that is itself dislodged stays unseen (the ruling: only the
text's three events show one), through the real mail pipeline: its owner reads its
dislodgement and retreat and sees it on his map; every other player's mail and map show
neither, in the movement results nor in the retreat results."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from gmbot.picture.data import map_picture
from gmbot.picture.inks import FAILED, LAND_RGB, TINT, mix
from tests.loop.judgekit import make_judge
from tests.picture.mapkit import colours, decode, inline_picture, nearest
from tests.warlock.test_warlock_leaks import GAME, SUBJECT, addr, body

GM = "gm@example.test"  # his copy is the full one

POSITION = """
position:
  phase: F1901M
  units:
    TURKEY: [{unit: A BUL, invisible: CON}, F ANK]
    RUSSIA: [A RUM, F BLA]
  centers:
    TURKEY: [ANK, CON, SMY]
    RUSSIA: [MOS, RUM, SEV, STP]
"""


def results(mails: list[EmailMessage], phase: str) -> dict[str, EmailMessage]:
    return {m["To"]: m for m in mails if f"{phase} results" in m["Subject"]}


def test_a_dislodged_invisible_unit_and_its_retreat_are_its_owners_alone(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME.read_text(encoding="utf-8") + POSITION)
    judge.send(addr("RUSSIA"), "A RUM - BUL\nF BLA S A RUM - BUL\n", subject=SUBJECT)
    judge.send(addr("TURKEY"), "A BUL H\nF ANK H\n", subject=SUBJECT)
    judge.tick()
    fall = results(judge.new_mail(), "Fall 1901 Movement")
    assert len(fall) == 8
    turk = body(fall[addr("TURKEY")])
    assert "Dislodged units:" in turk and "A BUL" in turk.split("Dislodged units:")[1]
    bul = map_picture("standard").unit_point("BUL")
    # The GM's copy is the full one (tests/loop/test_gm_full_copy.py): it reads the unit.
    assert "TURKEY A BUL (invisible: only TURKEY sees it) (attacked from RUM)" in body(fall[GM])
    for who, mail in fall.items():
        text = body(mail)
        if who in (addr("TURKEY"), GM):
            continue
        assert "is seen" not in text, who
        assert "Dislodged units:" not in text, who
        assert "A BUL H" not in text, who
        # Russia's army stands in Bulgaria; no dislodged unit is drawn beside it (red rim).
        img = decode(inline_picture(mail))
        assert nearest(img.getpixel((bul[0] - 6, bul[1])), colours("standard")) == "RUSSIA"
        beside = [img.getpixel((bul[0] + 12 + i, bul[1] + 10 + j))
                  for i in range(-9, 10) for j in range(-9, 10)]
        assert FAILED not in beside, who
    judge.send(addr("TURKEY"), "A BUL R CON\n", subject=SUBJECT)
    judge.tick()
    retreats = results(judge.new_mail(), "Fall 1901 Retreat")
    assert "A BUL R CON" in body(retreats[addr("TURKEY")])
    con = map_picture("standard").unit_point("CON")
    turkish = decode(inline_picture(retreats[addr("TURKEY")]))
    assert nearest(turkish.getpixel((con[0] - 6, con[1])), colours("standard")) == "TURKEY"
    assert len(retreats) == 8  # seven players and the GM
    for who, mail in retreats.items():
        if who in (addr("TURKEY"), GM):
            continue
        text = body(mail)
        assert "A BUL R" not in text and "A CON" not in text and "is seen" not in text, who
        img = decode(inline_picture(mail))
        # Constantinople is Turkey's centre, tinted in its colour, with no unit on it.
        looks = {"unit": colours("standard")["TURKEY"],
                 "centre": mix(LAND_RGB, colours("standard")["TURKEY"], TINT)}
        assert nearest(img.getpixel((con[0] - 6, con[1])), looks) == "centre", who
