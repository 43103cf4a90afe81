"""What the judge adds to its own mail so that it arrives and its readers control it:
the DKIM signature (dkim.py), the list headers (lists.py) and the return path a bounce
comes back to (verp.py)."""
