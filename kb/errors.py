"""The one base of the errors mtgkb expects: bad input it can explain in one line.

Every library error a user can cause (a file that is no source of a known format, a home
folder mtgkb did not create, a site folder that is not empty, an unknown rules version)
subclasses `MtgkbError`, so that a caller catches one type. The CLI prints such an error as
one line (`mtgkb: ...`) and exits 2; anything else is a bug and keeps its traceback. This
module is at the bottom of the project: it imports nothing.
"""

from __future__ import annotations


class MtgkbError(Exception):
    """An error mtgkb expects and explains in one line (its `str`)."""
