"""The `mtgkb` command.

`kb.cli.commands` holds it: click commands over the `kb` and `ingest` library, with every
option, the help and the errors. A plain search (`mtgkb [--home DIR] search QUERY` with
search options whose values are plainly valid) is answered without loading click
(`kb.cli.fast`): importing click and the standard modules it pulls in cost a cold search
as much as a fifth of its time. Any other command line, including every one click would
answer with help or an error, goes to the click commands.
"""

from __future__ import annotations

import os
import sys
from typing import Any


def run() -> None:
    """Entry point that never shows a traceback for a closed pipe (`inspect`, which
    `dataclasses` imports and a command rarely uses, loaded when first used)."""
    from kb.cli.deferred import defer

    defer("inspect")
    from kb.cli.fast import search_fast

    try:
        if not search_fast(sys.argv[1:]):
            from kb.cli.commands import main

            main()
    except BrokenPipeError:
        os._exit(0)


def __getattr__(name: str) -> Any:
    """`kb.cli.main` and the rest of the click commands (`kb.cli.commands`), loaded when
    first asked for."""
    missing = AttributeError(f"module 'kb.cli' has no attribute {name!r}")
    if name == "commands" or name.startswith("__"):  # asked by the import of the module
        raise missing
    from kb.cli import commands

    try:
        return getattr(commands, name)
    except AttributeError:
        raise missing from None
