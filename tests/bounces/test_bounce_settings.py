"""gmbot.yaml's `bounces:` section: read as written, a typo refused at start (a mistyped
threshold must not leave a silent default in force)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmbot.config import BouncesConfig, ConfigError, load_config


def config_of(tmp_path: Path, text: str) -> BouncesConfig | None:
    (tmp_path / "gmbot.yaml").write_text(text, encoding="utf-8")
    return load_config(tmp_path).bounces


def test_the_section_is_read(tmp_path: Path) -> None:
    assert config_of(tmp_path, "") is None
    assert config_of(tmp_path, "bounces: true\n") == BouncesConfig()
    assert config_of(tmp_path, "bounces: {delimiter: '-', threshold: 2.5, soft: 1}\n") == \
        BouncesConfig(delimiter="-", threshold=2.5, soft=1.0)


@pytest.mark.parametrize(("text", "says"), [
    ("bounces: {treshold: 2}\n", "bounces: unknown keys: treshold"),
    ("bounces: {delimiter: '#'}\n", "bounces.delimiter must be +, - or ="),
    ("bounces: {hard: 0}\n", "bounces.hard must be a number above 0"),
    ("bounces: {stale_days: soon}\n", "bounces.stale_days must be a number above 0"),
    ("bounces: [1]\n", "bounces must be true or a mapping"),
])
def test_a_mistake_is_refused(tmp_path: Path, text: str, says: str) -> None:
    with pytest.raises(ConfigError, match=says.replace(".", r"\.").replace("+", r"\+")):
        config_of(tmp_path, text)
