"""Mail commands: a mail's lines split into directives, commands and order lines
(request.py), and the handlers that run them in the inbound transaction (handlers.py):
orders.py, press.py, info.py (questions) and gm.py (the GM's actions)."""
