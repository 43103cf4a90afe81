"""A page put in place of its old copy, atomically, without the flush ext4 adds to a
rename over an existing file.

On ext4 (mounted with `auto_da_alloc`, the default) renaming a file over another starts
writing the new file's data to disk there and then, in the renaming process: that was
about half of the CPU of writing a site's page (benchmarks/site.py; 30 pages: 3.7-4.6
ms replaced, 0.9-1.2 ms exchanged). The site needs no such care: it can be made again
from the store (docs/site.md). Exchanging the two names (renameat2 with RENAME_EXCHANGE,
Linux 3.15) is as atomic for a web server, which finds the old page or the new one,
whole; the old copy, left under the temporary name, is then removed, and the kernel
writes the new one back in its own time. Where the call is missing (not Linux, an old C
library) or the file system does not do it, the rename it was."""

from __future__ import annotations

import ctypes
import errno
import os
from collections.abc import Callable
from functools import cache

_AT_FDCWD = -100  # paths relative to the working folder, as os.replace takes them
_RENAME_EXCHANGE = 2
# The answers of a system or file system without the exchange: it is not tried again.
_UNSUPPORTED = {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP}
_unsupported: list[bool] = []


@cache
def _renameat2() -> Callable[..., int] | None:
    try:
        call = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                     ctypes.c_uint]
    call.restype = ctypes.c_int
    return call


def put_in_place(tmp: str, path: str) -> None:
    """Put the file `tmp` at `path`, where a file stands: the reader of `path` finds the
    one or the other, never a part. `tmp` is gone after."""
    call = None if _unsupported else _renameat2()
    if call is not None:
        if call(_AT_FDCWD, os.fsencode(tmp), _AT_FDCWD, os.fsencode(path),
                _RENAME_EXCHANGE) == 0:
            os.unlink(tmp)  # the old copy
            return
        err = ctypes.get_errno()
        if err in _UNSUPPORTED:
            _unsupported.append(True)
        elif err != errno.ENOENT:  # ENOENT: `path` was removed meanwhile; renamed below
            raise OSError(err, os.strerror(err), path)
    os.replace(tmp, path)
