"""What one recipient may see: redaction happens here, once, before any template or picture.

    results.py       a phase's results as the viewer may see them (public and private part)
    pictures.py      the board drawn from the same view
    standing.py      where each player stands (for the GM)
    press_record.py  the press record as one reader may see it
"""
