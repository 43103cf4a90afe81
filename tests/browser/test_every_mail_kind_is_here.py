"""Every kind of mail gmbot can write is read on a phone (issue 32, item 5): each mail
template (tests/browser/kindkit.py: a template of templates/ with a `Subject:` line) and
each outbox kind (gmbot/service/outbox/kinds.py, which every queue_mail names) is the
`text` or the `queued` of a kind in tests/browser/mail_kinds.yaml, which the phone test
makes through the pipeline and reads in Chromium, or is named below, text only by
design, with why. A new template or outbox kind fails here until it has its kind. (The
answers to mail commands that no template writes, RULES or HISTORY, are queued as
`ack`: kinds of their own there.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from gmbot.service.outbox.kinds import MAIL_KINDS
from tests.browser.kindkit import mail_templates, subjects

HERE = Path(__file__).resolve().parent

# Templates and outbox kinds no kind of mail_kinds.yaml makes, and why none needs to:
# empty while every one is made there. One named here is a text-only mail by design (it
# must never gain an HTML part without a kind of its own).
TEXT_ONLY_BY_DESIGN: dict[str, str] = {}


def kinds() -> dict[str, dict[str, Any]]:
    data = yaml.safe_load((HERE / "mail_kinds.yaml").read_text(encoding="utf-8"))
    return dict(data["kinds"])


def left_out(names: list[str], kinds: dict[str, dict[str, Any]], field: str = "text"
             ) -> list[str]:
    """The templates (or, `field` "queued", outbox kinds) that are neither some kind's
    nor text only by design."""
    named = {kind.get(field) for kind in kinds.values()} | set(TEXT_ONLY_BY_DESIGN)
    return [name for name in names if name not in named]


def test_every_mail_template_is_a_kind_on_the_phone_or_text_only_by_design() -> None:
    missing = left_out(mail_templates(), kinds())
    assert not missing, (f"mail templates no kind of tests/browser/mail_kinds.yaml makes: "
                         f"{', '.join(missing)} (add a kind and the steps that make it, "
                         "or say why it is text only in TEXT_ONLY_BY_DESIGN)")


def test_every_outbox_kind_is_a_kind_on_the_phone_or_text_only_by_design() -> None:
    missing = left_out(list(MAIL_KINDS), kinds(), "queued")
    assert not missing, (f"outbox kinds no kind of tests/browser/mail_kinds.yaml is queued "
                         f"as: {', '.join(missing)} (add a kind and the steps that make it, "
                         "or say why it is text only in TEXT_ONLY_BY_DESIGN)")


def test_a_kind_left_out_is_named() -> None:
    """The guard can fail: without the bot's seating mails, it names their template."""
    some = {name: kind for name, kind in kinds().items()
            if kind.get("text") != "bot_seated.txt.j2"}
    assert left_out(mail_templates(), some) == ["bot_seated.txt.j2"]
    some = {name: kind for name, kind in kinds().items() if kind["queued"] != "gm-bounce"}
    assert left_out(list(MAIL_KINDS), some, "queued") == ["gm-bounce"]


def test_the_kinds_name_templates_that_write_mails_and_outbox_kinds() -> None:
    templates = set(mail_templates())
    named = {kind["text"] for kind in kinds().values() if "text" in kind}
    assert named <= templates, named - templates
    assert not set(TEXT_ONLY_BY_DESIGN) & named, "a template is either made or text only"
    queued = {kind["queued"] for kind in kinds().values()}
    assert queued <= set(MAIL_KINDS), queued - set(MAIL_KINDS)
    assert all(subjects(name) for name in templates)


def test_a_subject_is_told_from_its_template() -> None:
    from tests.browser.kindkit import written_by

    assert written_by("bot_seated.txt.j2", "[g] AUSTRIA is played by a bot")
    assert not written_by("bot_seated.txt.j2", "[g] AUSTRIA is no longer played by a bot")
    assert written_by("press.txt.j2", "[g] Broadcast from FRANCE")
    assert written_by("results.txt.j2", "[g] Spring 1901 Movement results")
    assert written_by("results.txt.j2", "[g] Corrected results: Spring 1901 Movement results")
    assert not written_by("results.txt.j2", "[g] Spring 1901 Movement")
