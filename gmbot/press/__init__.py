"""Press: messages between players relayed by the judge. Pure parts only here (the
block syntax, the game's press rules, recipient names); the use case is
gmbot/service/inbound/relay.py and the mail command gmbot/service/inbound/commands/press.py."""
