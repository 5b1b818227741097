"""A fingerprint of a built knowledge base, to check that a change to the build left what
it builds the same.

Usage: python bench/build_fingerprint.py HOME > before.txt   (then again after; diff)

One line per part: each store table (its rows in order), `names.json` and
`renames.json`, the index's documents (count, field lengths, stored payloads) and its
postings (every term's statistics, postings with their values, and block bounds), and the
build's counts and capture damage. The index is read through Whoosh, so two segments
written differently (compression, file layout) but holding the same index print the same.
A home's source paths are part of the store: compare homes of the same path.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def store_parts(build: Path) -> dict[str, str]:
    """Each table of the store, its rows in rowid order."""
    out = {}
    db = sqlite3.connect(build / "kb.sqlite")
    try:
        tables = [name for (name,) in db.execute(
            "select name from sqlite_master where type = 'table' order by name")]
        for name in tables:
            digest = hashlib.sha256()
            for row in db.execute(f"select * from '{name}' order by rowid"):
                digest.update(repr(row).encode())
            out[f"table {name}"] = digest.hexdigest()[:16]
    finally:
        db.close()
    return out


def _max_length(reader: Any, field: str) -> int:
    """A field's longest length over the index's segments: a segment none of whose
    documents has the field (an addition's cards have no glossary terms) has no lengths
    column for it, and Whoosh's own `max_field_length` fails on it."""
    return max((leaf.max_field_length(field) for leaf, _ in reader.leaf_readers()
                if leaf.field_length(field)), default=0)


def index_parts(folder: Path) -> dict[str, str]:
    """The index's side files, documents and postings, as Whoosh reads them."""
    sys.path.insert(0, str(ROOT))
    from kb.index import open_index, schema

    out = {f"index {p.name}": _digest(p.read_bytes()) for p in sorted(folder.glob("*.json"))}
    reader = open_index(folder).reader()
    try:
        names, fields = schema().names(), schema()
        docs = hashlib.sha256(repr([
            reader.doc_count(), [(f, reader.field_length(f), _max_length(reader, f))
                                 for f in names if fields[f].scorable]]).encode())
        for docnum in range(reader.doc_count()):
            docs.update(repr([[reader.doc_field_length(docnum, f) for f in names],
                              reader.stored_fields(docnum)]).encode())
        out["index documents"] = docs.hexdigest()[:16]
        postings = hashlib.sha256()
        leaves = reader.leaf_readers()
        for field, term in reader.all_terms():
            info = reader.term_info(field, term)
            items, bounds = [], []
            for leaf, offset in leaves:  # each segment's blocks (an addition adds one)
                if (field, term) not in leaf:
                    continue
                matcher: Any = leaf.postings(field, term)  # a block matcher
                matcher = getattr(matcher, "child", matcher)  # under a segment's deletions
                while matcher.is_active():
                    bounds.append((offset + matcher.id(), matcher.block_max_weight(),
                                   matcher.block_min_length(), matcher.block_max_length()))
                    matcher.next()
                items += [(offset + docnum, *rest)
                          for docnum, *rest in leaf.postings(field, term).all_items()]
            postings.update(repr((
                field, term, info.weight(), info.doc_frequency(), info.min_length(),
                info.max_length(), info.max_weight(), info.min_id(), info.max_id(),
                items, bounds)).encode())
        out["index postings"] = postings.hexdigest()[:16]
    finally:
        reader.close()
    return out


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    home = Path(sys.argv[1])
    build = home / "builds" / json.loads((home / "current").read_text())["build"]
    info = json.loads((build / "build.json").read_text())
    parts = {**store_parts(build), **index_parts(build / "index"),
             "build counts and damage": _digest([info["counts"], info["damage"]])}
    for name, value in parts.items():
        print(f"{name:32} {value}")


if __name__ == "__main__":
    main()
