"""How a transport reports a failed send: try again later, or give up."""


class TemporaryFailure(Exception):
    """The mail could not be sent now (server down, 4xx); retry with backoff."""


class PermanentFailure(Exception):
    """The mail will never be accepted (5xx, bad recipient); park it and tell the GM."""
