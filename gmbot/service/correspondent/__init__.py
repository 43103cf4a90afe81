"""A seat held by an outside program (docs/bots.md, "An outside bot"): the local channel
`gmbot bot-mail` through which a program reads the mails the judge sends its seat and
answers them as mail, proving the seat by its token (the seat's password), and the JSON
line protocol that speaks MILA's order strings for standard games. Every answer goes into
the spool and through the mail pipeline as a human's mail does."""
