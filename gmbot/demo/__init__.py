"""The newcomer's first run: a demo game played through the local Maildir."""
