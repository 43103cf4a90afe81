"""Mail commands: a mail's lines split into directives, commands and order lines (parse.py,
into a request.py Request), and run in the inbound transaction (handlers.py) as the
command table says (table.py: one row per command, with its handler): orders.py,
press.py, info.py (questions) and gm.py (the GM's actions)."""
