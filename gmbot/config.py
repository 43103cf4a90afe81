"""Where gmbot keeps its state and how it reaches mail: one YAML file, environment overrides.

Everything lives under one home directory (default ./var, or --home / GMBOT_HOME): the
SQLite database, the inbox and outbox Maildirs and the logs. See deploy/gmbot.yaml for
an annotated example.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

CONFIG_NAME = "gmbot.yaml"
KEYS = {"database_url", "inbound", "outbound", "poll_interval", "imap", "smtp", "limits",
        "templates", "trusted_authserv_ids", "standby", "site", "dkim", "bounces",
        "arc_forwarders"}
# The `limits:` section, with its defaults (deploy/gmbot.yaml explains each).
LIMITS: dict[str, float] = {
    "max_message_bytes": 1_000_000,  # larger mail is measured, not read, and refused
    "mails_per_hour": 30,  # per sender
    "gm_mails_per_hour": 300,  # per GM address: high, for a busy hour, yet finite
    "stranger_replies_per_hour": 20,  # refusals to unregistered senders, all together
    "keep_raw_mail_days": 30,  # then the raw text of handled mail is dropped
    "press_bytes": 20_000,  # the largest press message relayed
    "password_guesses_per_hour": 10,  # wrong PASSWORD lines per seat, then none is checked
    "reply_token_days": 30,  # a reply to a judge mail older than this proves nothing
    "refused_mail_kept": 10_000,  # refused or ignored mails whose header text is kept,
    "refused_mail_bytes": 50_000_000,  # and their bytes: past either, the oldest dropped
    # Answers to LIST/JOIN/OBSERVE/TAKEOVER an hour (inbound/signups.py): to one address;
    # to unproven mail, per sending domain and all together; to mail a trusted header
    # proves, all together (forged mail never counts against it). Past one: silence.
    "signup_replies_per_address": 5,
    "signup_replies_per_domain": 10,
    "signup_replies_per_hour": 100,
    "signup_proven_replies_per_hour": 1000,
}
# ssl and tls: implicit TLS; none and plain: no encryption at all (loopback only).
SECURITY = ("ssl", "tls", "starttls", "none", "plain")


class ConfigError(ValueError):
    pass


@dataclass
class Config:
    home: Path
    database_url: str
    inbound: str = "maildir"  # maildir | imap | pipe
    outbound: str = "maildir"  # maildir | smtp
    poll_interval: float = 60.0
    imap: dict[str, Any] = field(default_factory=dict)
    smtp: dict[str, Any] = field(default_factory=dict)
    limits: dict[str, Any] = field(default_factory=dict)
    templates: Path | None = None
    # Servers whose Authentication-Results headers the judge believes (docs/security.md).
    trusted_authserv_ids: frozenset[str] = frozenset()
    # Called whenever a seat of any game opens, after the game's own `standby:` list.
    standby: tuple[str, ...] = ()
    # The games' web pages (docs/site.md): where they are written and the address they
    # are served at; None: no site is kept current.
    site: SiteConfig | None = None
    # The judge's own DKIM key (docs/operations.md); None: its mail goes unsigned.
    dkim: DkimConfig | None = None
    # Return paths and bounce scoring (docs/operations.md); None: mail goes out with the
    # judge's own address as its envelope sender, and bounces are ignored.
    bounces: BouncesConfig | None = None
    # Forwarders whose ARC seal (RFC 8617) the judge believes (docs/security.md).
    arc_forwarders: frozenset[str] = frozenset()

    @property
    def inbox(self) -> Path:
        return self.home / "mail" / "inbox"

    @property
    def outbox(self) -> Path:
        return self.home / "mail" / "outbox"

    @property
    def spool(self) -> Path:
        """Where `gmbot ingest` keeps piped mail until it is handled (gmbot/pipe)."""
        return self.home / "mail" / "spool"

    @property
    def logs(self) -> Path:
        return self.home / "logs"

    def limit(self, name: str) -> float:
        return float(self.limits.get(name, LIMITS[name]))


@dataclass(frozen=True)
class SiteConfig:
    """gmbot.yaml's `site:` section: the folder the daemon and `gmbot tick` keep the
    games' pages in, the address it is served at (for the players' private links), and
    the games it shows (None: all)."""

    dir: Path
    url: str = ""
    games: frozenset[str] | None = None

    def shows(self, game: str) -> bool:
        return self.games is None or game in self.games


@dataclass(frozen=True)
class DkimConfig:
    """gmbot.yaml's `dkim:` section: the signing domain (d=), the selector (s=) and the
    file of the private key (`gmbot dkim keygen` makes both)."""

    domain: str
    selector: str
    key_file: Path


@dataclass(frozen=True)
class BouncesConfig:
    """gmbot.yaml's `bounces:` section, scored as GNU Mailman 3 scores its members'
    bounces: a hard bounce adds `hard`, a soft one `soft`, at most once a day; a score
    whose last bounce is older than `stale_days` starts again from nothing; at
    `threshold` the address is bouncing (its GM told). A bounce counts only for a mail
    sent at most `accept_days` ago. `delimiter`: the character the judge's mail server
    takes as the start of an address's extension (judge+bounce-...)."""

    delimiter: str = "+"
    hard: float = 1.0
    soft: float = 0.5
    threshold: float = 1.0
    stale_days: float = 7.0
    accept_days: float = 14.0


def _bounces(value: Any, path: Path) -> BouncesConfig | None:
    if value is None or value is False:
        return None
    if value is True:
        return BouncesConfig()
    if not isinstance(value, dict):
        raise ConfigError(f"{path}: bounces must be true or a mapping (delimiter, hard, soft, "
                          "threshold, stale_days, accept_days)")
    numbers = {"hard", "soft", "threshold", "stale_days", "accept_days"}
    unknown = set(value) - numbers - {"delimiter"}
    if unknown:
        raise ConfigError(f"{path}: bounces: unknown keys: {', '.join(sorted(unknown))}")
    delimiter = value.get("delimiter", "+")
    if delimiter not in ("+", "-", "="):
        raise ConfigError(f"{path}: bounces.delimiter must be +, - or =, not {delimiter!r}")
    for key in numbers & set(value):
        v = value[key]
        if isinstance(v, bool) or not isinstance(v, int | float) or v <= 0:
            raise ConfigError(f"{path}: bounces.{key} must be a number above 0, not {v!r}")
    return BouncesConfig(delimiter=delimiter,
                         **{k: float(value[k]) for k in numbers & set(value)})


def _dkim(value: Any, path: Path, home: Path) -> DkimConfig | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"domain", "selector", "key_file"}:
        raise ConfigError(f"{path}: dkim must be a mapping of domain, selector and key_file")
    for key in ("domain", "selector", "key_file"):
        if not isinstance(value[key], str) or not value[key].strip():
            raise ConfigError(f"{path}: dkim.{key} must be a name")
    if not re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*", value["selector"]):
        raise ConfigError(f"{path}: dkim.selector must be a DNS name, such as mail2026")
    where = Path(value["key_file"]).expanduser()
    return DkimConfig(domain=value["domain"].strip().lower(), selector=value["selector"],
                      key_file=where if where.is_absolute() else home / where)


def _site(value: Any, path: Path, home: Path) -> SiteConfig | None:
    """The `site:` section, each field checked: a typo must not publish, or silently not."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ConfigError(f"{path}: site must be a mapping with dir, url and games")
    unknown = set(value) - {"dir", "url", "games"}
    if unknown:
        raise ConfigError(f"{path}: site: unknown keys: {', '.join(sorted(unknown))}")
    folder = value.get("dir")
    if not isinstance(folder, str) or not folder.strip():
        raise ConfigError(f"{path}: site.dir must name the folder the pages are written to")
    url = value.get("url", "")
    if not isinstance(url, str) or (url and not url.startswith(("http://", "https://"))):
        raise ConfigError(f"{path}: site.url must be an http:// or https:// address")
    games = value.get("games")
    if games is not None and (not isinstance(games, list)
                              or not all(isinstance(g, str) and g for g in games)):
        raise ConfigError(f"{path}: site.games must be a list of game names")
    where = Path(folder).expanduser()
    where = where if where.is_absolute() else home / where
    if home.is_relative_to(where.resolve()):
        # The home's database and site.key would be served with the pages.
        raise ConfigError(f"{path}: site.dir must be a folder of its own, not the home "
                          "or a folder holding it")
    return SiteConfig(dir=where,
                      url=url.rstrip("/"), games=None if games is None else frozenset(games))


def max_message_bytes(config: Config) -> int:
    """The largest mail the judge reads (limits.max_message_bytes); larger mail is
    measured, never read whole, and refused."""
    return int(config.limit("max_message_bytes"))


def _secret(section: dict[str, Any], key: str, env: str) -> None:
    """Credentials may come from the environment instead of the file."""
    if env in os.environ:
        section[key] = os.environ[env]


def _names(value: Any, path: Path) -> frozenset[str]:
    if value is None:
        return frozenset()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ConfigError(f"{path}: trusted_authserv_ids and arc_forwarders must be lists "
                          "of server names")
    return frozenset(v.strip().lower() for v in value)


def _addresses(value: Any, path: Path) -> tuple[str, ...]:
    """The home-wide standby list: addresses, each once."""
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(
            isinstance(v, str) and re.fullmatch(r"[^@\s]+@[^@\s]+", v.strip()) for v in value):
        raise ConfigError(f"{path}: standby must be a list of email addresses")
    return tuple(dict.fromkeys(v.strip().lower() for v in value))


def load_config(home: str | Path | None = None, config_file: str | Path | None = None) -> Config:
    home_path = Path(home or os.environ.get("GMBOT_HOME") or "var").expanduser().resolve()
    path = Path(config_file) if config_file else home_path / CONFIG_NAME
    data: dict[str, Any] = {}
    if path.exists():
        loaded = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(loaded, dict):
            raise ConfigError(f"{path}: the configuration must be a mapping")
        unknown = set(loaded) - KEYS
        if unknown:
            raise ConfigError(f"{path}: unknown keys: {', '.join(sorted(unknown))}")
        data = loaded
    elif config_file:
        raise ConfigError(f"{path}: no such configuration file")
    url = (
        os.environ.get("GMBOT_DATABASE_URL")
        or data.get("database_url")
        or f"sqlite:///{home_path / 'gmbot.sqlite'}"
    )
    imap = dict(data.get("imap") or {})
    smtp = dict(data.get("smtp") or {})
    _secret(imap, "password", "GMBOT_IMAP_PASSWORD")
    _secret(smtp, "password", "GMBOT_SMTP_PASSWORD")
    config = Config(
        home=home_path,
        database_url=str(url),
        inbound=str(data.get("inbound", "maildir")),
        outbound=str(data.get("outbound", "maildir")),
        poll_interval=float(data.get("poll_interval", 60)),
        imap=imap,
        smtp=smtp,
        limits=dict(data.get("limits") or {}),
        templates=Path(data["templates"]) if data.get("templates") else None,
        trusted_authserv_ids=_names(data.get("trusted_authserv_ids"), path),
        standby=_addresses(data.get("standby"), path),
        site=_site(data.get("site"), path, home_path),
        dkim=_dkim(data.get("dkim"), path, home_path),
        bounces=_bounces(data.get("bounces"), path),
        arc_forwarders=_names(data.get("arc_forwarders"), path),
    )
    if config.inbound not in ("maildir", "imap", "pipe"):
        raise ConfigError(f"inbound must be maildir, imap or pipe, not {config.inbound!r}")
    if config.outbound not in ("maildir", "smtp"):
        raise ConfigError(f"outbound must be maildir or smtp, not {config.outbound!r}")
    _check_limits(config.limits, path)
    for name, section in (("imap", imap), ("smtp", smtp)):
        security = section.get("security")
        if security is not None and str(security).strip().lower() not in SECURITY:
            # Never fall back to clear text on a typo.
            raise ConfigError(f"{name}.security must be ssl, starttls or none, "
                              f"not {security!r}")
    return config


def _check_limits(limits: dict[str, Any], path: Path) -> None:
    """A mistyped limit must not silently leave the default in force."""
    unknown = set(limits) - set(LIMITS)
    if unknown:
        raise ConfigError(f"{path}: unknown limits: {', '.join(sorted(unknown))} "
                          f"(known: {', '.join(LIMITS)})")
    for name, value in limits.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise ConfigError(f"{path}: limits.{name} must be a number of at least 0, "
                              f"not {value!r}")
