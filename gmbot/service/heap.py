"""The process's long-lived objects kept out of the garbage collector's full passes.

The modules, the configuration and what start-up loaded are there for the life of the
process, yet every full collection walked them all again: benchmarks/ingest.py's
ingest stage spent about 7% of its CPU in one such pass over ~110k objects (issue 33).
They are moved once a process into the collector's permanent generation (gc.freeze),
where no pass looks; what is made later is collected as before. No collection runs
first: it would cost a piped mail's worker (`gmbot ingest`) that pass itself; the
garbage of start-up that freezing keeps is made once, so it cannot grow."""

from __future__ import annotations

import gc

_settled = False


def settle_once() -> None:
    """Freeze what the process holds now, the first time only (cheap after that)."""
    global _settled
    if not _settled:
        _settled = True
        gc.freeze()
