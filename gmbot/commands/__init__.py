"""Mail commands: a mail's lines split into directives, commands and order lines."""
