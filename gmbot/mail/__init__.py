"""Transport-independent decoding of inbound e-mail."""
