"""Writing the posting cache (`kb.postings_cache`) from each word's records grouped by what
their score is made of, and keeping those groups so that an addition rescores groups, not
postings.

A record's score for a word (`kb.index_read.TermScorer.best`: BM25F by its best field) is
made of index-wide numbers (the live record count, the word's document frequency in each
field, each field's average length) and of the record's own: in each field, the word's
weight there and the field's length byte. That pair per field is the record's *signature*
for the word: records of one signature score alike in any index, so a word's scores are
one per group, and a group's records are copied as they are.

A build keeps every word's groups beside the cache (`GROUPS_FILE`: a header, then marshal
records, each after its length: the identity of the index, each word's groups in the
cache's order with how many records each group's documents stand for, an end mark, the
words), written and read a word at a time. An addition that
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
from operator import add
from pathlib import Path
from typing import Any

from kb.index_read import BM25_K1, idf_of

GROUPS_FILE = "postings.groups"
MAGIC = b"MTGKBSG\x00"
VERSION = 2
_HEAD = struct.Struct("<8sIIQ")  # magic, version, CRC-32 of the rest, where the words are
_LENGTH = struct.Struct("<I")  # a record's length, before it

# A record's signature for a word: for each field of the cache that holds the word (in
# field order), the field's number, the word's weight there and the field's length byte
Signature = tuple[tuple[int, float, int], ...]
# Records, docnums ascending: uint32s in an array, or their bytes as the groups file has them
Docs = array | bytes
# A word's records by signature
WordGroups = dict[Signature, Docs]
# How many records each of a word's groups holds (its documents may stand for several), in
# the groups' order; None where not known yet
Held = list[int] | None


# (the scorer's reader, leaves, layout, length bytes and norms are read as it holds them:
# this module is its cache writer)
def write_cache(scorer: Any, folder: Path, fields: Sequence[str],
                previous: Path | None = None, keep: bool = False,
                fresh: Fresh | None = None) -> tuple[int, bool]:
    """Write the posting cache of `fields` of the scorer's index (`kb.index_read.TermScorer`)
    into `folder`: from the groups kept in the `previous` index folder where the scorer's
    index is that index with segments appended, from `fresh` (the groups of a new index of
    one segment, as its writer made it), else from every posting. With `keep`, the groups
    are written beside the cache for a later addition. Returns how many words it holds and
    whether the previous groups were used."""
    from kb.postings_cache import identity
    from kb.postings_cache import write_cache as write_entries

    ident = identity(scorer._reader, fields)
    kept = _Kept.open(previous, scorer, fields) if previous is not None else None
    if fresh is not None and (kept is not None or len(scorer._leaves) != 1
                              or scorer.layout.deleted[0]):
        raise ValueError("fresh groups are of a new index of one segment")
    writer = _Writer(folder, ident) if keep else None
    try:
        first = kept.segments if kept is not None else 0
        words, groups_of = (fresh.words, fresh.groups) if fresh is not None else \
            _groups(scorer, fields, range(first, len(scorer._leaves)), kept)

        scoring = _Scoring(scorer, fields)

        def entry(word: str) -> tuple[array, array, array]:
            groups, kept_as_read, held = groups_of(word)
            scored, held = _scored(scoring, groups, held)
            if writer is not None:
                writer.add(word, groups, held, kept_as_read)
            return scored

        write_entries(folder, ident, words, entry)
        if writer is not None:
            writer.close(sorted(words))
    except BaseException:
        if writer is not None:
            writer.abort()
        raise
    finally:
        if kept is not None:
            kept.close()
    return len(words), kept is not None


def _groups(scorer: Any, fields: Sequence[str], leaves: Iterable[int], kept: _Kept | None
            ) -> tuple[set[str], Callable[[str], tuple[WordGroups, bytes | None, Held]]]:
    """Every word of the `kept` groups and of the fields in the `leaves` (leaf numbers), and
    a function giving a word's groups (asked in word order): those kept with the word's
    postings in those leaves added (a leaf's docnums after those kept); and, when they are
    the kept ones as they were, their record as the groups file holds it and how many
    records each holds (else None and None)."""
    present = [(n, i, frozenset(scorer._leaves[n][0].texts(field)))
               for n in leaves for i, field in enumerate(fields)]
    words = set(kept.words if kept is not None else ()).union(
        *(texts for _, _, texts in present))

    per_doc = scorer.layout.per_doc()

    def groups_of(word: str) -> tuple[WordGroups, bytes | None, Held]:
        parts = [(n, i) for n, i, texts in present if word in texts]
        groups, as_read, held = kept.take(word) if kept is not None else ({}, None, None)
        if not parts:
            return groups, as_read, held
        # (a group kept keeps its place, a new signature comes last: the counts kept stay
        # in step, each added to by the records its new docnums stand for)
        if not groups:
            held = []
        places = None if held is None else {signature: n for n, signature in enumerate(groups)}
        for signature, docs in _postings_groups(scorer, fields, word, parts).items():
            old = groups.get(signature)
            if held is not None and places is not None:
                count = _size(docs) if per_doc is None else \
                    sum(map(per_doc.__getitem__, docs))
                if old is None:
                    held.append(count)
                else:
                    held[places[signature]] += count
            if old is not None:  # the new leaves' docnums come after
                docs = _ints(old) + _ints(docs)
            groups[signature] = docs
        return groups, None, held

    return words, groups_of


# One field of a new segment as its writer holds it: each word's values (a value: the
# records sharing one text of the field) with the number of its posting's weight there;
# each value's records (docnums ascending) and its length byte
FieldTable = tuple[dict[str, tuple[Sequence[int], Sequence[int]]], Sequence[array],
                   Sequence[int]]


class Fresh:
    """Every word's groups in a new index of one segment, no deletions, from its writer's
    tables of the cache's fields (`kb.index._SegmentBuilder`): the groups `_postings_groups`
    reads back from the postings, without reading them (`weights`: each weight number's
    weight as the posting blocks store it)."""

    def __init__(self, fields: Sequence[FieldTable], weights: Sequence[float]) -> None:
        self._fields, self._weights = fields, weights
        self.words: set[str] = set().union(*(terms for terms, _, _ in fields))
        # a posting's (weight, length byte) as one int: its weight's number among the
        # distinct weights times 256, plus the length byte
        distinct: dict[float, int] = {}
        self._keys = [distinct.setdefault(w, len(distinct)) << 8 for w in weights]
        self._distinct = list(distinct)

    def groups(self, word: str) -> tuple[WordGroups, None, None]:
        """The word's groups, in the order of their first records (as `groups_of`): a
        field's values holding it grouped by their (weight, length byte), known by one
        int, each group's records together (a value's records share its signature
        there); only the records holding the word in several fields are grouped one at a
        time."""
        keys_of, distinct = self._keys, self._distinct
        parts = []  # per field holding the word: its number, its values by their key
        for i, (terms, docs, lengths) in enumerate(self._fields):
            if (found := terms.get(word)) is None:
                continue
            values, pairs = found
            if len(values) == 1:
                parts.append((i, docs, {keys_of[pairs[0]] + lengths[values[0]]: [values[0]]}))
                continue
            by_key: dict[int, list[int]] = {}
            for key, value in zip(map(add, map(keys_of.__getitem__, pairs),
                                      map(lengths.__getitem__, values)), values, strict=True):
                if (same := by_key.get(key)) is None:
                    by_key[key] = [value]
                else:
                    same.append(value)
            parts.append((i, docs, by_key))
        shared: set[int] = set()  # the records holding the word in more than one field
        if len(parts) > 1:
            seen: set[int] = set()
            for _, docs, by_key in parts:
                here = set(chain.from_iterable(map(docs.__getitem__,
                                                   chain.from_iterable(by_key.values()))))
                shared |= seen & here
                seen |= here
        pieces: list[tuple[array, Signature]] = []
        slots: dict[int, list[tuple[int, float, int]]] = {}
        for i, docs, by_key in parts:  # (in field order)
            for key, values in by_key.items():
                signature = (i, distinct[key >> 8], key & 255)
                records: array = docs[values[0]] if len(values) == 1 else \
                    array("I", sorted(chain.from_iterable(map(docs.__getitem__, values))))
                if shared and not shared.isdisjoint(records):
                    for doc in shared.intersection(records):
                        if (slot := slots.get(doc)) is None:
                            slots[doc] = [signature]
                        else:
                            slot.append(signature)
                    records = array("I", [doc for doc in records if doc not in shared])
                    if not records:
                        continue
                pieces.append((records, (signature,)))
        if slots:
            by_slots: dict[Signature, list[int]] = {}
            for doc in sorted(slots):
                if (same_docs := by_slots.get(k := tuple(slots[doc]))) is None:
                    by_slots[k] = [doc]
                else:
                    same_docs.append(doc)
            pieces += [(array("I", d), k) for k, d in by_slots.items()]
        pieces.sort(key=lambda piece: piece[0][0])
        return {key: found for found, key in pieces}, None, None


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


class _Scoring:
    """What scoring a word's groups takes from the index, read once per cache: the live
    record count, which fields are scored, each field's norms, how many records each
    document stands for, and the term-frequency part of each (field, weight, length byte)
    met so far (`part`)."""

    def __init__(self, scorer: Any, fields: Sequence[str]) -> None:
        self.count = scorer.layout.count
        self.scorable = [scorer._reader.schema[f].scorable for f in fields]
        self.per_doc = scorer.layout.per_doc()  # a document may stand for several records
        self._norms = [scorer._norm(f) if scored else None
                       for f, scored in zip(fields, self.scorable, strict=True)]
        self._parts: dict[tuple[int, float, int], float] = {}

    def part(self, pair: tuple[int, float, int]) -> float:
        """The term-frequency part of a record's score in field i of weight w and length
        byte `length` (`TermScorer.best`'s BM25F), its weight in a field not scored."""
        found = self._parts.get(pair)
        if found is None:
            i, w, length = pair
            norm = self._norms[i]
            found = self._parts[pair] = \
                (w * (BM25_K1 + 1)) / (w + norm[length]) if norm is not None else w
        return found


def _scored(scoring: _Scoring, groups: WordGroups,
            held: Held = None) -> tuple[tuple[array, array, array], list[int]]:
    """A word's cache entry (`kb.postings_cache`: distinct scores best first, how many
    records each, the records) from its groups, each scored as `TermScorer.term` scores
    its records and by its best field, as `best_of` takes it; and how many records each
    group holds (`held`, where known already)."""
    if held is None:
        per_doc = scoring.per_doc
        held = list(map(_size, groups.values())) if per_doc is None else \
            [sum(map(per_doc.__getitem__, _ints(docs))) for docs in groups.values()]
    df = [0] * len(scoring.scorable)
    for signature, count in zip(groups, held, strict=True):
        for i, _w, _length in signature:
            df[i] += count
    # (a field not scored scores a record by its weight alone: times 1.0, the same float)
    idfs = [idf_of(scoring.count, n) if n and scored else 1.0
            for n, scored in zip(df, scoring.scorable, strict=True)]
    part = scoring.part
    by_score: dict[float, list[Docs]] = {}
    for signature, docs in groups.items():  # (a group holds records; a signature a field)
        if len(signature) == 1:  # one field holds the word (most records)
            best = idfs[signature[0][0]] * part(signature[0])
        else:
            best = max(idfs[pair[0]] * part(pair) for pair in signature)
        same = by_score.get(best)
        if same is None:
            by_score[best] = [docs]
        else:
            same.append(docs)
    values = array("d", sorted(by_score, reverse=True))
    counts, records = array("I"), array("I")
    for value in values:
        same = by_score[value]
        docs = same[0] if len(same) == 1 else \
            array("I", sorted(chain.from_iterable(map(_ints, same))))
        counts.append(_size(docs))
        if type(docs) is array:
            records += docs
        else:
            records.frombytes(docs)
    return (values, counts, records), held


def _size(docs: Docs) -> int:
    """How many docnums (an array's, or their bytes' four each)."""
    return len(docs) if type(docs) is array else len(docs) >> 2


def _ints(docs: Docs) -> array:
    """Docnums as an array (read from their bytes)."""
    if isinstance(docs, array):
        return docs
    out = array("I")
    out.frombytes(docs)
    return out


class _Kept:
    """The groups kept in a previous index folder, read a word at a time in word order,
    without the records deleted since."""

    def __init__(self, file: Any, words: list[str], segments: int, dead: set[int]) -> None:
        self._file, self.words, self.segments, self._dead = file, words, segments, dead
        self._next = self._read()

    @classmethod
    def open(cls, previous: Path, scorer: Any, fields: Sequence[str]) -> _Kept | None:
        """The groups of the `previous` index folder, when the scorer's index is that index
        with segments appended (its segments first, of the same records); else None (no
        groups file there, or one that does not check)."""
        try:
            file = open(previous / GROUPS_FILE, "rb")  # noqa: SIM115 - closed by close()
        except OSError:
            return None
        try:
            ident, words = _checked(file)
            meta = json.loads(ident)
            segments = list(meta.get("segments") or [])
            leaves = scorer._leaves
            if meta.get("fields") != list(fields) or not 0 < len(segments) < len(leaves):
                raise ValueError("groups of another index")
            for (segment, count, _live), (leaf, _) in zip(segments, leaves, strict=False):
                if leaf.segment_id() != segment or leaf.doc_count_all() != count:
                    raise ValueError("groups of another index")
        except (OSError, ValueError, EOFError, TypeError, AttributeError, struct.error):
            file.close()
            return None
        dead = {offset + d for n, (_leaf, offset) in enumerate(leaves[:len(segments)])
                for d in scorer.layout.deleted[n]}
        return cls(file, words, len(segments), dead)

    def _read(self) -> tuple[str, list[tuple[Signature, bytes, int]], bytes] | None:
        record, data = _record_read(self._file)
        if record is not None and not (isinstance(record, tuple) and len(record) == 2):
            raise ValueError("not a word's groups")
        return None if record is None else (*record, data)

    def take(self, word: str) -> tuple[WordGroups, bytes | None, Held]:
        """The word's groups (none for a word it does not hold); when none of their records
        was deleted, their record as read and how many records each holds (else None and
        None)."""
        while self._next is not None and self._next[0] < word:
            self._next = self._read()
        if self._next is None or self._next[0] != word:
            return {}, None, None
        _, groups, data = self._next
        self._next = self._read()
        kept: WordGroups = {signature: docs for signature, docs, _ in groups}
        dead = self._dead
        if not dead or dead.isdisjoint(_ints(b"".join(kept.values()))):
            return kept, data, [held for _, _, held in groups]
        for signature, docs, _ in groups:
            ints = _ints(docs)
            if dead.isdisjoint(ints):
                continue
            live = array("I", [d for d in ints if d not in dead])
            if live:
                kept[signature] = live
            else:
                del kept[signature]
        return kept, None, None

    def close(self) -> None:
        self._file.close()


def _record(file: Any) -> Any:
    """The next record of a groups file (its length, then its marshal)."""
    return _record_read(file)[0]


def _record_read(file: Any) -> tuple[Any, bytes]:
    """The next record of a groups file, and its marshal as read."""
    size = _LENGTH.unpack(file.read(_LENGTH.size))[0]
    data = file.read(size)
    if len(data) != size:
        raise EOFError("a record cut short")
    return marshal.loads(data), data


def _checked(file: Any) -> tuple[str, list[str]]:
    """Check a groups file's header and CRC (reading it through once) and read the identity
    of its index and its words; the file is left at the first word's record."""
    magic, version, crc, words_at = _HEAD.unpack(file.read(_HEAD.size))
    if magic != MAGIC or version != VERSION:
        raise ValueError("not a groups file of this version")
    found = 0
    while chunk := file.read(1 << 20):
        found = zlib.crc32(chunk, found)
    if found != crc:
        raise ValueError("damaged groups file")
    file.seek(words_at)
    words = _record(file)
    file.seek(_HEAD.size)
    ident = _record(file)
    if not isinstance(ident, str) or not isinstance(words, list):
        raise ValueError("damaged groups file")
    return ident, words


class _Writer:
    """A groups file written a word at a time under a temporary name, renamed into place
    when whole: header, identity of the index, each word's groups, an end mark, the words
    (where, the header says)."""

    def __init__(self, folder: Path, ident: str) -> None:
        self._folder = folder
        self._tmp = folder / f".{GROUPS_FILE}.{os.getpid()}.tmp"
        self._out = open(self._tmp, "wb")  # noqa: SIM115 - closed by close() / abort()
        self._out.write(bytes(_HEAD.size))
        self._crc = 0
        self._put(ident)

    def _put(self, value: Any) -> None:
        self._put_data(marshal.dumps(value))

    def _put_data(self, data: bytes) -> None:
        data = _LENGTH.pack(len(data)) + data
        self._crc = zlib.crc32(data, self._crc)
        self._out.write(data)

    def add(self, word: str, groups: WordGroups, held: list[int],
            as_read: bytes | None = None) -> None:
        """The next word's groups (words in the cache's order) and how many records each
        holds; `as_read`: their record as an earlier groups file holds it, when they are
        its groups unchanged (written as it is)."""
        if as_read is not None:
            self._put_data(as_read)
        else:
            self._put((word, [(signature, bytes(docs), count) for (signature, docs), count
                              in zip(groups.items(), held, strict=True)]))

    def close(self, words: list[str]) -> None:
        """Finish the file and rename it into place."""
        self._put(None)
        words_at = self._out.tell()
        self._put(words)
        self._out.seek(0)
        self._out.write(_HEAD.pack(MAGIC, VERSION, self._crc, words_at))
        self._out.flush()
        os.fsync(self._out.fileno())
        self._out.close()
        os.replace(self._tmp, self._folder / GROUPS_FILE)

    def abort(self) -> None:
        """Drop what was written."""
        self._out.close()
        self._tmp.unlink(missing_ok=True)
