"""The sign-up doors of issue 31 (items 3, 4, 5, 11 and 12), each attack replayed through
the real pipeline on the local Maildir: sign-up mail proves nothing, so its answer must
carry none of its words to the address it names, be short and of one size whatever was
written, count under the one-notice-an-hour rule of a registered address, leave a few
hundred bytes in the store once sent, never let forged mail silence a proven newcomer,
and never let a forged request block its address's own."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from gmbot.store.models import Inbound, Signup
from gmbot.store.outbox import Outbound
from tests.loop.joinkit import ask, reply_to, signup_game
from tests.loop.judgekit import body, make_judge, standard_game

VICTIM = "victim@example.org"
PHISH = "Verify-your-seat-at-http://evil.example/login"
HUGE = "A" * 190_000


def _raw_size(msg: object) -> int:
    return len(bytes(msg))  # type: ignore[call-overload]


def test_an_answer_quotes_none_of_the_strangers_words_and_is_of_one_size(
        tmp_path: Path) -> None:
    """One stranger mail made the judge send 198 KB of attacker text to a victim. Now
    whatever the words, the refusal names the line and the rule, and is the same mail."""
    judge = make_judge(tmp_path, signup_game())
    forms = {
        "no game": (f"JOIN {HUGE}", f"JOIN {PHISH}", "JOIN nowhere"),
        "no seat": (f"JOIN open {HUGE}", f"JOIN open {PHISH}", "JOIN open SPAIN"),
        "no observers": (f"OBSERVE {HUGE}", f"OBSERVE {PHISH}", "OBSERVE nowhere"),
        "takeover": (f"TAKEOVER open {HUGE}", f"TAKEOVER open {PHISH}",
                     "TAKEOVER open FRANCE"),
    }
    for n, (rule, lines) in enumerate(forms.items()):
        bodies = set()
        for k, line in enumerate(lines):
            to = f"v@d{n}{k}.example"  # apart: the caps per address and domain stay out
            judge.send(to, f"{line}\n{PHISH} {HUGE[:5000]}\n", subject=PHISH, dmarc=None,
                       headers={"Message-ID": f"<{n}{k}{HUGE[:3000]}@evil.example>"})
            judge.tick()
            [answer] = judge.to(to, judge.new_mail())
            text = body(answer)
            assert "AAAA" not in text and "evil" not in text and "SPAIN" not in text, rule
            assert "nowhere" not in text and "evil" not in str(answer["Subject"])
            assert answer["In-Reply-To"] is None  # an id that long is no real one
            assert _raw_size(answer) < 4000, rule
            assert text.startswith("line 1: ")
            bodies.add(text)
        assert len(bodies) == 1, (rule, bodies)  # the attacker's words change nothing


def test_a_sent_answer_to_unproven_mail_keeps_no_body(tmp_path: Path) -> None:
    """Each answer was kept whole in the outbox after sending (197 KB a stranger mail);
    now a sent answer keeps its few header fields: a few hundred bytes a hostile mail."""
    judge = make_judge(tmp_path, signup_game())
    for k in range(5):
        judge.send(f"s{k}@example.org", f"LIST\nJOIN open\nJOIN {HUGE}\n", dmarc=None,
                   headers={"Message-ID": f"<{'B' * 150}{k}@evil.example>"})
    judge.tick()
    assert len(judge.new_mail()) == 5
    with judge.app.db.transaction() as s:
        rows = s.scalars(select(Outbound).where(Outbound.kind == "signup")).all()
        assert len(rows) == 5 and all(r.status == "sent" for r in rows)
        for r in rows:
            assert r.body == "" and r.picture is None
            kept = sum(len(v or "") for v in (r.key, r.kind, r.sender, r.recipient,
                                              r.subject, r.message_id, r.in_reply_to,
                                              r.head))
            assert kept < 700, kept
        records = s.scalars(select(Inbound).where(Inbound.sender.like("s%"))).all()
        assert all(len(r.subject or "") <= 80 for r in records)


def test_forged_signup_mail_in_a_players_name_is_one_notice_an_hour(tmp_path: Path) -> None:
    """Six forged mails in France's name gave France five judge mails in an hour, four
    with the forger's phishing line. A registered address gets one notice an hour in all
    (sign-up answers and unverified-mail notices together), quoting nothing."""
    judge = make_judge(tmp_path, standard_game())
    judge.new_mail()
    france = "france@example.test"
    for line in (f"JOIN g {PHISH}", f"TAKEOVER g {PHISH}", "LIST", f"OBSERVE g {PHISH}",
                 "LIST", "A PAR - BUR"):
        judge.send(france, f"{line}\n", subject=PHISH, dmarc=None)
    judge.tick()
    mails = judge.to(france, judge.new_mail())
    assert len(mails) == 1
    assert "evil" not in body(mails[0]) and "evil" not in str(mails[0]["Subject"])
    judge.clock.advance(minutes=61)  # the next hour: one notice again
    judge.send(france, "LIST\n", dmarc=None)
    judge.send(france, "LIST\n", dmarc=None)
    judge.tick()
    assert len(judge.to(france, judge.new_mail())) == 1


def test_forged_list_mail_cannot_silence_an_honest_newcomer(tmp_path: Path) -> None:
    """100 forged LIST mails an hour used up the global cap, and every honest JOIN went
    unanswered. Now unproven mail is capped per sending domain and all together, and
    mail a trusted header proves is counted apart: forged mail never fills its cap."""
    judge = make_judge(tmp_path, signup_game())
    limits = judge.app.config.limits
    limits.update(signup_replies_per_hour=6, signup_replies_per_domain=3)
    for k in range(10):  # one attacker's domain: 3 answered, then silence for it
        judge.send(f"f{k}@flood.example", "LIST\n", dmarc=None)
    judge.tick()
    assert len(judge.new_mail()) == 3
    for k in range(10):  # many domains: the unproven cap, 6 in all
        judge.send(f"x@d{k}.example", "LIST\n", dmarc=None)
    judge.tick()
    assert len(judge.new_mail()) == 3
    # The honest newcomer's mail server vouches for him (DMARC pass): he is answered.
    answer = ask(judge, "newcomer@example.org", "JOIN open\n", dmarc="pass")
    assert "Please confirm" in answer["Subject"]
    reply_to(judge, "newcomer@example.org", answer)
    with judge.app.db.transaction() as s:
        seated = s.scalars(select(Signup.status).where(Signup.address == "newcomer@example.org"))
        assert seated.one() == "seated"
    # Bounded all the same: 3 + 3 answers to 20 forged mails, none longer than a LIST.
    with judge.app.db.transaction() as s:
        kinds = s.scalars(select(Outbound.kind).where(Outbound.kind.like("signup%"))).all()
        assert sorted(kinds).count("signup") == 6


def test_a_forged_join_never_blocks_its_addresss_own_join(tmp_path: Path) -> None:
    """A forged JOIN in someone's name blocked his own JOIN for 30 days, unless he
    confirmed the forger's request with the forger's power choices. An unconfirmed
    request proves nothing: his own new one replaces it, with his own choices."""
    judge = make_judge(tmp_path, signup_game())
    forged = ask(judge, VICTIM, "JOIN open TURKEY RUSSIA\n", dmarc=None)
    assert "Please confirm" in forged["Subject"]
    own = ask(judge, VICTIM, "JOIN open FRANCE\n")
    assert "Please confirm" in own["Subject"]
    assert "preferring FRANCE" in body(own)
    reply_to(judge, VICTIM, forged)  # the forger's answer confirms nothing any more
    reply_to(judge, VICTIM, own)
    with judge.app.db.transaction() as s:
        rows = s.scalars(select(Signup).where(Signup.address == VICTIM)
                         .order_by(Signup.id)).all()
        assert [(r.status, r.powers) for r in rows] == [
            ("replaced", ["TURKEY", "RUSSIA"]), ("seated", ["FRANCE"])]
