"""The GM's use cases on the command line (`gmbot game VERB`, `gmbot map`): each opens
its one transaction, does or reads what the verb says and returns what to print; the
command line only parses the arguments and prints. A refusal is an AdminError."""
