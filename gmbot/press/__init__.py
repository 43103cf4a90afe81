"""Press: messages between players relayed by the judge. Pure parts only here (the
block syntax, recipient names, the per-mail and per-hour limits); the game's press rules
are among its settings' policies (gmbot/gamefile/settings/press.py), the use case is
gmbot/service/inbound/relay.py and the mail command gmbot/service/inbound/commands/press.py."""
