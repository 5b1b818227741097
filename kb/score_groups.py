"""Writing the posting cache (`kb.postings_cache`) from each word's records grouped by what
their score is made of, and keeping those groups so that an addition rescores groups, not
postings.

A record's score for a word (`kb.index_read.TermScorer.best`: BM25F by its best field) is
made of index-wide numbers (the live record count, the word's document frequency in each
field, each field's average length) and of the record's own: in each field, the word's
weight there and the field's length byte. That pair per field is the record's *signature*
for the word: records of one signature score alike in any index, so a word's scores are
one per group, and a group's records are copied as they are.

A build keeps every word's groups beside the cache (`GROUPS_FILE`). An addition that
appends a segment (the segments before it kept whole, their records keeping their
docnums) starts from the previous build's groups: it drops the records it deleted, adds
the new segment's postings, and scores every group with the new index-wide numbers (they
change every score, but only the new postings are read). Anything else (no groups file,
another index, a merge) reads every posting. A groups file is written through a temporary
name and a rename, checked (magic, version, CRC-32, the index it was made from) before use,
and ignored when it does not check.
"""

from __future__ import annotations

import json
import marshal
import os
import struct
import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, repeat
from pathlib import Path
from typing import Any

GROUPS_FILE = "postings.groups"
MAGIC = b"MTGKBSG\x00"
VERSION = 1
_HEAD = struct.Struct("<8sII")  # magic, version, CRC-32 of the rest

# A record's signature for a word: for each field of the cache that holds the word (in
# field order), the field's number, the word's weight there and the field's length byte
Signature = tuple[tuple[int, float, int], ...]
# Records, docnums ascending: uint32s in an array, or their bytes as the groups file has them
Docs = array | bytes
# A word's records by signature
WordGroups = dict[Signature, Docs]


# (the scorer's reader, leaves, layout, length bytes and norms are read as it holds them:
# this module is its cache writer)
def write_cache(scorer: Any, folder: Path, fields: Sequence[str],
                previous: Path | None = None, keep: bool = False) -> tuple[int, bool]:
    """Write the posting cache of `fields` of the scorer's index (`kb.index_read.TermScorer`)
    into `folder`: from the groups kept in the `previous` index folder where the scorer's
    index is that index with segments appended, else from every posting. With `keep`,
    the groups are written beside the cache for a later addition. Returns how many words
    it holds and whether the previous groups were used."""
    from kb.postings_cache import identity
    from kb.postings_cache import write_cache as write_entries

    ident = identity(scorer._reader, fields)
    reused = _appended_to(previous, scorer, fields) if previous is not None else None
    base, first = reused or ({}, 0)
    words, groups_of = _groups(scorer, fields, range(first, len(scorer._leaves)), base)
    kept: list[tuple[str, WordGroups]] = []

    def entry(word: str) -> tuple[array, array, array]:
        groups = groups_of(word)
        if keep:
            kept.append((word, groups))
        return _scored(scorer, fields, groups)

    write_entries(folder, ident, words, entry)
    if keep:
        _save(folder, ident, kept)
    return len(words), reused is not None


def _groups(scorer: Any, fields: Sequence[str], leaves: Iterable[int],
            base: dict[str, WordGroups]) -> tuple[set[str], Callable[[str], WordGroups]]:
    """Every word of `base` and of the fields in the `leaves` (leaf numbers), and a function
    giving a word's groups: those of `base` with the word's postings in those leaves added
    (a leaf's docnums after those of `base`)."""
    present = [(n, i, frozenset(scorer._leaves[n][0].texts(field)))
               for n in leaves for i, field in enumerate(fields)]
    words = set(base).union(*(texts for _, _, texts in present))

    def groups_of(word: str) -> WordGroups:
        parts = [(n, i) for n, i, texts in present if word in texts]
        groups = dict(base.get(word, {}))
        for signature, docs in _postings_groups(scorer, fields, word, parts).items():
            old = groups.get(signature)
            if old is not None:  # the new leaves' docnums come after
                docs = _ints(old) + _ints(docs)
            groups[signature] = docs
        return groups

    return words, groups_of


def _postings_groups(scorer: Any, fields: Sequence[str], word: str,
                     parts: list[tuple[int, int]]) -> WordGroups:
    """A word's live records in the given (leaf number, field number) parts, by signature."""
    if len(parts) == 1:  # one field of one leaf (most words): grouped by its pair alone
        n, i = parts[0]
        by_pair: dict[tuple[int, float, int], list[int]] = {}
        for doc, pair in _field_postings(scorer, n, i, fields[i], word):
            by_pair.setdefault(pair, []).append(doc)
        return {(pair,): array("I", docs) for pair, docs in by_pair.items()}
    slots: dict[int, list[tuple[int, float, int]]] = {}
    for n, i in sorted(parts, key=lambda part: part[1]):  # (in field order)
        for doc, pair in _field_postings(scorer, n, i, fields[i], word):
            slot = slots.get(doc)
            if slot is None:
                slot = slots[doc] = []
            slot.append(pair)
    grouped: dict[Signature, list[int]] = {}
    for doc in sorted(slots):
        grouped.setdefault(tuple(slots[doc]), []).append(doc)
    return {signature: array("I", docs) for signature, docs in grouped.items()}


def _field_postings(scorer: Any, n: int, i: int, field: str,
                    word: str) -> list[tuple[int, tuple[int, float, int]]]:
    """A word's live postings in one field (number `i`) of one leaf: (docnum, (i, weight,
    length byte)), in docnum order (the length byte 0 for a field not scored)."""
    from kb.index_read import _blocks, _postings

    leaf, offset = scorer._leaves[n]
    dead = scorer.layout.deleted[n]
    scorable = scorer._reader.schema[field].scorable
    lengths = scorer._leaf_lengths(n, leaf, field) if scorable else None
    out: list[tuple[int, tuple[int, float, int]]] = []
    for ids, weights in _blocks(_postings(leaf, field, word, dead)):
        bytes_ = map(lengths.__getitem__, ids) if lengths is not None else [0] * len(ids)
        pairs = zip(repeat(i), map(float, weights), bytes_)
        if dead:
            out += [(offset + d, p) for d, p in zip(ids, pairs, strict=False) if d not in dead]
        else:
            out += zip(map(offset.__add__, ids), pairs, strict=False)
    return out


def _scored(scorer: Any, fields: Sequence[str],
            groups: WordGroups) -> tuple[array, array, array]:
    """A word's cache entry (`kb.postings_cache`: distinct scores best first, how many
    records each, the records) from its groups, each scored as `TermScorer.term` scores
    its records and by its best field, as `best_of` takes it."""
    from kb.index_read import BM25_K1, idf_of

    width = len(fields)
    df = [0] * width
    for signature, docs in groups.items():
        count = len(docs) if isinstance(docs, array) else len(docs) >> 2
        for i, _w, _length in signature:
            df[i] += count
    scorable = [scorer._reader.schema[f].scorable for f in fields]
    idfs = [idf_of(scorer.layout.count, df[i]) if df[i] and scorable[i] else 0.0
            for i in range(width)]
    norms = [scorer._norm(f) if df[i] and scorable[i] else None for i, f in enumerate(fields)]
    top = BM25_K1 + 1
    by_score: dict[float, list[Docs]] = {}
    for signature, docs in groups.items():
        best: float | None = None
        for i, w, length in signature:
            norm = norms[i]
            score = idfs[i] * ((w * top) / (w + norm[length])) if norm is not None else w
            if best is None or score > best:
                best = score
        if best is not None and docs:
            by_score.setdefault(best, []).append(docs)
    values = array("d", sorted(by_score, reverse=True))
    counts, records = array("I"), array("I")
    for value in values:
        same = by_score[value]
        docs = same[0] if len(same) == 1 else \
            array("I", sorted(chain.from_iterable(map(_ints, same))))
        if isinstance(docs, array):
            counts.append(len(docs))
            records += docs
        else:
            counts.append(len(docs) >> 2)
            records.frombytes(docs)
    return values, counts, records


def _ints(docs: Docs) -> array:
    """Docnums as an array (read from their bytes)."""
    if isinstance(docs, array):
        return docs
    out = array("I")
    out.frombytes(docs)
    return out


def _appended_to(previous: Path, scorer: Any,
                 fields: Sequence[str]) -> tuple[dict[str, WordGroups], int] | None:
    """The groups kept in the `previous` index folder, without the records deleted since,
    and how many segments that index had, when the scorer's index is that index with
    segments appended (its segments first, of the same records); else None."""
    loaded = _load(previous)
    if loaded is None:
        return None
    ident, words = loaded
    try:
        meta = json.loads(ident)
        segments = list(meta.get("segments") or [])
    except (ValueError, AttributeError):
        return None
    leaves = scorer._leaves
    if meta.get("fields") != list(fields) or not 0 < len(segments) < len(leaves):
        return None
    for (segment, count, _live), (leaf, _offset) in zip(segments, leaves, strict=False):
        if leaf.segment_id() != segment or leaf.doc_count_all() != count:
            return None
    dead = {offset + d for n, (_leaf, offset) in enumerate(leaves[:len(segments)])
            for d in scorer.layout.deleted[n]}
    out: dict[str, WordGroups] = {}
    for word, groups in words:
        kept: WordGroups = dict(groups)
        if dead and not dead.isdisjoint(_ints(b"".join(kept.values()))):
            for signature, docs in groups:
                ints = _ints(docs)
                if dead.isdisjoint(ints):
                    continue
                live = array("I", [d for d in ints if d not in dead])
                if live:
                    kept[signature] = live
                else:
                    del kept[signature]
        out[word] = kept
    return out, len(segments)


def _save(folder: Path, ident: str, kept: list[tuple[str, WordGroups]]) -> None:
    """Write the groups file into `folder` (a temporary name renamed into place)."""
    payload = marshal.dumps((ident, [(word, [(signature, bytes(docs))
                                              for signature, docs in groups.items()])
                                     for word, groups in kept]))
    tmp = folder / f".{GROUPS_FILE}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as out:
            out.write(_HEAD.pack(MAGIC, VERSION, zlib.crc32(payload)) + payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, folder / GROUPS_FILE)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _load(folder: Path) -> tuple[str, list[Any]] | None:
    """The groups file of an index folder (the identity of its index, each word's groups),
    None when it is missing or does not check."""
    try:
        data = (folder / GROUPS_FILE).read_bytes()
        magic, version, crc = _HEAD.unpack_from(data)
        payload = memoryview(data)[_HEAD.size:]
        if magic != MAGIC or version != VERSION or zlib.crc32(payload) != crc:
            return None
        ident, words = marshal.loads(payload)
    except (OSError, ValueError, EOFError, TypeError, struct.error):
        return None
    if not isinstance(ident, str) or not isinstance(words, list):
        return None
    return ident, words
