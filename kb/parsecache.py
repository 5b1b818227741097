"""Parsed records kept in the KB home, so a rebuild re-parses only the sources that changed.

An entry is keyed by the source's manifest fields and content digest and by the parser
version (the code of `ingest/` and of the top-level `kb` modules, and the shipped documents
the capture-damage checks read). Entries are pickles of the records, written atomically; only
mtgkb writes a home (it refuses folders it did not create), as for the Whoosh index.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
from pathlib import Path

from ingest.source import Source
from kb.model import Record

CACHE_DIR = "cache/parsed"
# the parsers and every top-level `kb` module they may import (model, text, rulenum, ...)
_PARSER_CODE = ("ingest/*.py", "kb/*.py")


@functools.cache
def parser_version() -> str:
    """A digest of everything besides a source's own bytes that its records depend on."""
    from ingest.source import IngestError, load_manifest

    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(p for pattern in _PARSER_CODE for p in root.glob(pattern)):
        digest.update(path.read_bytes())
    try:  # the capture-damage checks compare a document with the shipped ones
        from kb.paths import shipped_data_dir

        for source in load_manifest(shipped_data_dir()):
            digest.update(source.path.read_bytes())
    except (IngestError, OSError, ImportError):
        digest.update(b"no shipped data")
    return digest.hexdigest()


def key(source: Source, content_digest: str) -> str:
    """The cache key of one source with this content."""
    fields = "|".join((source.id, source.format, source.date, source.era, content_digest))
    return hashlib.sha256(f"{parser_version()}|{fields}".encode()).hexdigest()[:32]


# records parsed in this process that nothing else holds, for the next `load` of each
_HANDED: dict[tuple[str, str], tuple[list[Record], list[str]]] = {}


def hand_over(home: Path, entry: str, records: list[Record], notes: list[str]) -> None:
    """Give the next `load` of `entry` in this process these records (which no one else
    holds: an ingest checks its files by parsing them, then builds with the records)
    instead of reading back what `save` wrote."""
    _HANDED[(str(home), entry)] = (records, notes)


def load(home: Path, entry: str) -> tuple[list[Record], list[str]] | None:
    """The records and reading notes cached under `entry` (or handed over), or None."""
    if (handed := _HANDED.pop((str(home), entry), None)) is not None:
        return handed
    try:
        with open(home / CACHE_DIR / entry, "rb") as handle:
            records, notes = pickle.load(handle)
    except Exception:  # absent, cut short or from another version: parse again
        return None
    return records, notes


def save(home: Path, entry: str, records: list[Record], notes: list[str]) -> None:
    """Keep the records of one source (before linking fills their references)."""
    folder = home / CACHE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{entry}.{os.getpid()}"
    try:
        with open(tmp, "wb") as handle:
            pickle.dump((records, notes), handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, folder / entry)
    except OSError:
        tmp.unlink(missing_ok=True)  # a cache that cannot be written only costs time


def prune(home: Path, keep: set[str]) -> None:
    """Remove entries (and dead writers' temporary files) not in `keep`."""
    folder = home / CACHE_DIR
    if not folder.is_dir():
        return
    for path in folder.iterdir():
        if path.name not in keep:
            path.unlink(missing_ok=True)
