"""Where things live: the shipped data folder and the knowledge-base home."""

from __future__ import annotations

import os
from pathlib import Path

from kb.errors import MtgkbError
from kb.freshness import HOME_MARKER


def shipped_data_dir() -> Path:
    """The `data/` folder installed with the package, where the manifest lives (as
    `ingest.source` reads it; without importing the parsers' module on every command)."""
    import mtgkb_data

    return mtgkb_data.folder()


class HomeError(MtgkbError):
    """A KB home that mtgkb must not use (a folder it did not create)."""


def default_home() -> Path:
    """`$MTGKB_HOME`, else the per-user cache folder (`$XDG_CACHE_HOME/mtgkb`)."""
    if os.environ.get("MTGKB_HOME"):
        return Path(os.environ["MTGKB_HOME"]).expanduser()
    cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache).expanduser() / "mtgkb"


def claim_home(home: Path) -> Path:
    """Create or check a KB home; refuse a non-empty folder mtgkb did not create.

    Opening an index unpickles its files, so mtgkb only ever reads a home it marked.
    """
    home = home.expanduser().resolve()
    if home.exists() and not home.is_dir():
        raise HomeError(f"{home}: not a folder")
    if home.is_dir() and not (home / HOME_MARKER).exists() and any(home.iterdir()):
        raise HomeError(f"{home}: not an mtgkb home (no {HOME_MARKER}); choose an empty folder")
    home.mkdir(parents=True, exist_ok=True)
    (home / HOME_MARKER).touch()
    return home
