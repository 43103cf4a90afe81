"""Whole games out of the store and back in: the gmbot export form (docs/export.md),
written public (what the results mails show everyone) or full (the GM's backup, enough to
continue the game elsewhere), the MILA engine's saved-game form for standard games, and
the import that recreates a game from a full export."""
