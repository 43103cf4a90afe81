"""Piped mail (`gmbot ingest`, run by the MTA for each mail): the spool it writes the mail
into durably, the wake-up of a running daemon, and the lock that keeps one background
worker at a time. Light on purpose: only the standard library and gmbot's configuration,
never the database layer, so the MTA's pipe is over quickly. Knows nothing of games."""
