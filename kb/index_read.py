"""Reading an mtgkb index fast: its files mapped in place, and term-at-a-time scoring.

Files: a search reads the segment's files without Whoosh (`kb.index_files`: mapped in
place, no Whoosh module imported); the build reads a previous index through Whoosh, over
`mapped_storage` (whoosh3 maps a segment and then copies every sub-file it opens into
memory, `BufferFile` over a `BytesIO`; the mapped storage hands it views of one read-only
mapping instead, and only the bytes asked for are read).

Scoring over Whoosh's postings: the scores of `kb.index`'s query shape
(each word scored by its best field, words summed, optional words added where present,
phrases and rule numbers as further parts) computed by reading each term's posting blocks
once, instead of Whoosh's matcher tree, which visits every candidate through a dozen
Python calls per step. The numbers are Whoosh's own (its BM25F formula, idf, average and
one-byte field lengths, posting weights, positions for phrases); tests/test_index.py holds
them to the scores of the Whoosh query they stand for.

Used only by `kb.index` (the one module that knows the engine) and only for reading.
"""

from __future__ import annotations

import heapq
import operator
import zlib
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from functools import cache
from itertools import accumulate, compress, repeat
from math import log
from pathlib import Path
from pickle import loads
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kb.index_records import RecordCounts


def mapped_storage(folder: Path) -> Any:
    """A Whoosh storage of a read-only folder whose files Whoosh reads in place, through
    views of one mapping (compound segment files included: Whoosh takes its sub-files as
    `subset`s), for the build's reading of a previous index; a search reads the files
    without Whoosh (`kb.index_files`)."""
    return _mapped_classes()(str(folder))


@cache
def _mapped_classes() -> Any:
    """`MappedStorage`, defined on first use: it subclasses Whoosh's storage, which a
    search never imports."""
    import mmap
    import os

    from whoosh.filedb.filestore import FileStorage
    from whoosh.filedb.structfile import BufferFile

    from kb.index_files import View

    class MappedFile(BufferFile):
        """Whoosh's file interface over part of a mapping, never copied whole."""

        def __init__(self, buf: Any, name: str | None = None) -> None:
            self._buf = buf
            self._name = name
            self.file = View(buf)  # type: ignore[assignment]
            self.onclose = None
            self.is_real = False
            self.is_closed = False

        def subset(self, position: int, length: int, name: str | None = None) -> Any:
            return MappedFile(self._buf[position:position + length], name=name or self._name)

    class MappedStorage(FileStorage):
        """A read-only folder whose files Whoosh reads through `MappedFile`s."""

        def __init__(self, folder: str) -> None:
            super().__init__(folder, supports_mmap=False, readonly=True)

        def open_file(self, name: str, **kwargs: Any) -> Any:
            with open(self._fpath(name), "rb") as f:
                if os.fstat(f.fileno()).st_size == 0:
                    return super().open_file(name, **kwargs)
                mapping = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            return MappedFile(memoryview(mapping), name=name)

    return MappedStorage


# A docnum -> score map: what one part of a query gives each record it matches.
Scores = dict[int, float]


# Whoosh's default weighting (`whoosh.scoring.BM25F()`), the one its searcher scores with
BM25_B, BM25_K1 = 0.75, 1.2


def idf_of(count: int, df: int) -> float:
    """Whoosh's `idf`: `log(N / (df + 1)) + 1`, of `count` records, `df` of them with the
    term."""
    return log(count / (df + 1)) + 1


class TermScorer:
    """BM25F scores of single terms and phrases on an open index reader (its leaf readers
    read once per field for their length bytes; everything else per term, never per
    record). The formulas are Whoosh's: `whoosh.scoring.BM25F` and its `idf`."""

    def __init__(self, reader: Any, layout: Layout | None = None) -> None:
        self._reader = reader
        self._leaves = list(reader.leaf_readers())
        self.layout = layout or Layout(reader)
        self._count = self.layout.count
        self._norms: dict[str, list[float]] = {}
        self._lengths: dict[tuple[int, str], Sequence[int]] = {}
        self._idf: dict[tuple[str, str], float] = {}
        self._caches: dict[tuple[str, ...], Any] = {}
        self._rewritten = False
        # writes the posting cache (`write_cache`), given by the owner (`kb.index.Engine`)
        self.cache_writer: Callable[..., tuple[int, bool]] | None = None

    def idf(self, field: str, text: str) -> float:
        """`log(N / (df + 1)) + 1`, as Whoosh's weighting computes it (over the live
        records: see `Layout`)."""
        key = (field, text)
        if key not in self._idf:
            self._idf[key] = idf_of(self._count, self.layout.doc_frequency(field, text))
        return self._idf[key]

    def term(self, field: str, text: str, boost: float = 1.0,
             within: Sequence[int] | None = None) -> Scores:
        """Docnum -> score of one term in one field (BM25F for a scored field, the
        posting weight for an unscored one), times `boost`; with `within` (ascending
        docnums), only for those: a posting block holding none of them is passed over
        on its header, never decoded."""
        scorable = self._reader.schema[field].scorable
        if scorable:
            idf = self.idf(field, text)
            top = BM25_K1 + 1
            norms = self._norm(field)
        out: Scores = {}
        for n, (reader, offset) in enumerate(self._leaves):
            if (field, text) not in reader:
                continue
            lengths = self._leaf_lengths(n, reader, field) if scorable else b""
            dead = self.layout.deleted[n]
            matcher = _postings(reader, field, text, dead)
            if within is None:
                blocks = _blocks(matcher)
            else:
                size = reader.doc_count_all()
                wanted = within[bisect_left(within, offset):bisect_left(within, offset + size)]
                if offset:
                    wanted = [d - offset for d in wanted]
                blocks = _blocks_among(matcher, wanted)
                wanted_set = set(wanted)
            for ids, weights in blocks:
                if within is not None or dead:
                    keep = [d in wanted_set for d in ids] if within is not None \
                        else [d not in dead for d in ids]
                    if within is not None and dead:
                        keep = [k and d not in dead for d, k in zip(ids, keep, strict=True)]
                    ids, weights = list(compress(ids, keep)), list(compress(weights, keep))
                if not scorable:
                    values = list(map(float, weights))
                else:
                    # bm25(): idf * ((tf * (K1 + 1)) / (tf + K1 * ((1 - B) + B * fl / avgfl)))
                    values = [idf * ((w * top) / (w + norms[lengths[d]]))
                              for d, w in zip(ids, weights, strict=True)]
                out.update(zip(map(offset.__add__, ids) if offset else ids, values,
                               strict=True))
        if boost != 1.0:
            out = {d: s * boost for d, s in out.items()}
        return out

    def best(self, fields: Sequence[str], text: str, boost: float = 1.0,
             within: Collection[int] | None = None) -> Scores:
        """Docnum -> score of a word by its best field among `fields`, times `boost` (as
        `best_of` their `term`s; with `within`, only for those docnums): from the posting
        cache (`kb.postings_cache`) when the index has one for these fields, else from
        the postings."""
        entry = self._cached(tuple(fields), text)
        if entry is not None:
            return entry.as_dict(boost, within)
        if within is not None and not isinstance(within, list):
            within = sorted(within)
        return best_of((self.term(f, text, within=within) for f in fields), boost)

    def add_best(self, total: Scores, fields: Sequence[str], text: str, boost: float = 1.0,
                 only_present: bool = False) -> None:
        """Add a word's scores by its best field among `fields` (times `boost`) into
        `total`, as `add(total, self.best(fields, text, boost), only_present)` (with
        `only_present`, only to records already there): from the posting cache, a group
        of records of one score at a time (`kb.postings_cache.Entry.add_to`)."""
        entry = self._cached(tuple(fields), text)
        if entry is not None:
            entry.add_to(total, boost, only_present)
        else:
            add(total, self.best(fields, text, boost, total.keys() if only_present else None),
                only_present)

    def _cached(self, fields: tuple[str, ...], text: str) -> Any:
        """The word's cache entry; None when there is no cache (or it proved damaged: it
        is written again, and the postings answer this time)."""
        from kb.postings_cache import EMPTY, CacheError

        cache = self._cache(fields)
        if cache is None:
            return None
        try:
            entry = cache.get(text)
        except CacheError:
            entry = None
        else:  # a word the cache lacks must be in none of the fields
            if entry is not None or not any((f, text) in leaf for f in fields
                                            for leaf, _ in self._leaves):
                return entry or EMPTY
        self._caches[fields] = self._write_cache(fields)
        return None

    def _cache(self, fields: tuple[str, ...]) -> Any:
        """The posting cache of these fields, opened once (written first when missing or
        not made for this index); None when the index is not read from its files or the
        cache cannot be written."""
        if fields not in self._caches:
            folder = getattr(self._reader, "folder", None)
            if folder is None:
                self._caches[fields] = None
            else:
                from kb.postings_cache import identity, open_cache

                self._caches[fields] = open_cache(folder, identity(self._reader, fields)) \
                    or self._write_cache(fields)
        return self._caches[fields]

    def _write_cache(self, fields: tuple[str, ...]) -> Any:
        """Write the posting cache of these fields beside the index and open it (once per
        reader: a cache that proves damaged again is left alone); None when it cannot be
        written (a read-only home)."""
        from kb.postings_cache import identity, open_cache

        folder = getattr(self._reader, "folder", None)
        if folder is None or self._rewritten:
            return None
        self._rewritten = True
        try:
            self.write_cache(folder, fields)
        except OSError:
            return None
        return open_cache(folder, identity(self._reader, fields))

    def write_cache(self, folder: Path, fields: Sequence[str], previous: Path | None = None,
                    keep: bool = False) -> tuple[int, bool]:
        """Write the index's posting cache of `fields` (`kb.postings_cache`) into `folder`:
        every word of those fields scored by its best field, as `best` scores it, by the
        `cache_writer` its owner gave it (`kb.score_groups.write_cache`: from the groups
        kept in the `previous` index folder when this index is that one with a segment
        appended; with `keep`, the groups kept for the next). How many words, and whether
        the previous groups were used; OSError when it has no writer."""
        if self.cache_writer is None:
            raise OSError("no posting cache writer")
        return self.cache_writer(self, folder, fields, previous, keep)

    def phrase(self, field: str, words: list[str], boost: float = 1.0,
               within: Sequence[int] | None = None) -> Scores:
        """Docnum -> score of records where the words stand next to each other in this
        order: the sum of the words' scores (Whoosh's `Phrase`), times `boost`; with
        `within` (ascending docnums), only among those (the postings and positions of two
        common words, "you may", are read for the records a query matches otherwise,
        not for all that hold both)."""
        if len(words) == 1:
            return self.term(field, words[0], boost, within)
        parts = [self.term(field, w, within=within) for w in words]
        both_ = both(parts)
        found: Scores = {}
        for reader, offset in self._leaves:
            size = reader.doc_count_all()
            docs = sorted(d - offset for d in both_ if offset <= d < offset + size)
            if not docs:
                continue
            places = [_positions(reader.postings(field, w), docs) for w in words]
            for d in docs:
                if any(all(p + i in places[i][d] for i in range(1, len(words)))
                       for p in places[0][d]):
                    found[offset + d] = both_[offset + d] * boost
        return found

    def _norm(self, field: str) -> list[float]:
        """`K1 * ((1 - B) + B * fl / avgfl)` for every length byte, as Whoosh computes it."""
        if field not in self._norms:
            from kb.index_files import byte_to_length

            b, k1 = BM25_B, BM25_K1
            avgfl = (self.layout.field_length(field) / (self._count or 1)) or 1
            # a byte 0 (no length stored) scores with length 1, the scorer's default
            self._norms[field] = [k1 * ((1 - b) + b * (byte_to_length(x) if x else 1) / avgfl)
                                  for x in range(256)]
        return self._norms[field]

    def _leaf_lengths(self, n: int, reader: Any, field: str) -> Sequence[int]:
        """The one-byte field length of every record of a leaf, read in one piece."""
        key = (n, field)
        if key not in self._lengths:
            self._lengths[key] = _length_bytes(reader, field)
        return self._lengths[key]


def _postings(reader: Any, field: str, text: str, dead: frozenset[int]) -> Any:
    """A leaf's postings of a term, deleted records included (whoosh3 wraps the postings
    of a segment with deletions in a filter, which `_blocks` reads a posting at a time;
    the caller skips `dead` itself)."""
    matcher = reader.postings(field, text)
    if dead and hasattr(matcher, "child"):
        matcher = matcher.child
        matcher.reset()
    return matcher


def _positions(matcher: Any, docs: list[int]) -> dict[int, set[int]]:
    """The positions of a term in each of the (sorted) docs."""
    out: dict[int, set[int]] = {}
    for d in docs:
        if not matcher.is_active():
            break
        matcher.skip_to(d)
        if matcher.is_active() and matcher.id() == d:
            out[d] = set(matcher.value_as("positions"))
    return out


def _length_bytes(reader: Any, field: str) -> Sequence[int]:
    """A leaf reader's length column of a field as bytes (docnum -> length byte); read
    through Whoosh's per-document call where the column is not the plain byte column."""
    if hasattr(reader, "length_bytes"):  # kb.index_files' reader: the column as it is
        return reader.length_bytes(field)
    from whoosh.util.numeric import length_to_byte

    count = reader.doc_count_all()
    try:
        column = reader._perdoc._cached_reader(f"_{field}_len",  # whoosh3's length column
                                               _lengths_column())
        if column is not None and column._typecode == "B":
            data = column._dbfile.get(column._basepos, column._count)
            return bytes(data) + bytes(count - len(data))
    except AttributeError:
        pass
    return bytes(length_to_byte(reader.doc_field_length(d, field, 0) or 0)
                 for d in range(count))


def _lengths_column() -> Any:
    from whoosh.codec.whoosh3 import LENGTHS_COLUMN

    return LENGTHS_COLUMN


def _blocks(matcher: Any) -> Iterator[tuple[Sequence[int], Sequence[float]]]:
    """A posting list as (docnums, weights) blocks: whoosh3's on-disk blocks whole (its
    delta-coded docnums summed in C; `_ids_weights`), any other matcher (inlined or
    filtered postings) one posting at a time."""
    if all(hasattr(matcher, a) for a in ("_read_data", "_read_weights", "_next_block",
                                         "_postfile", "_dataoffset", "_nextoffset")):
        while matcher.is_active():
            raw, weights = _ids_weights(matcher)
            yield (raw if matcher._byteids else list(accumulate(raw))), weights
            matcher._next_block()
        return
    ids, weights = [], []
    while matcher.is_active():
        ids.append(matcher.id())
        weights.append(matcher.weight())
        matcher.next()
    yield ids, weights


# A whoosh3 posting block's data is one pickle (protocol 2) of (docnum deltas, weights,
# values), the values (each posting's positions) last, each pickled as a call of
# `_codecs.encode` on its bytes as text: most of the block and of its unpickling.
_VALUES_START = b"c_codecs\nencode\n"
_TUPLE2_STOP = b"\x86."
_MARK = ord("(")


def _ids_weights(matcher: Any) -> tuple[Sequence[int], Sequence[float]]:
    """The current block's docnums (as stored: deltas, unless byte ids) and weights,
    without its values: only the head of the block is decompressed and unpickled, up to
    where its values begin (the values' tuple and the outer one left off, the two parts
    closed as a pair). A block not laid out so is read whole, as Whoosh reads it."""
    count = matcher._blocklength
    data = matcher._postfile.get(matcher._dataoffset,
                                 matcher._nextoffset - matcher._dataoffset)
    # deltas take at most 5 bytes a posting, weights 9, their tuples' marks and memo
    # entries a few
    head = zlib.decompressobj().decompress(data, 14 * count + 64) \
        if matcher._compression else bytes(data)
    at = head.find(_VALUES_START)
    # more than three values: their tuple opens with a mark
    if count > 3 and at > 0 and head[at - 1] == _MARK:
        at -= 1
    elif count > 3:
        at = -1
    if at > 0:
        try:
            ids, weights = loads(head[:at] + _TUPLE2_STOP)
        except Exception:  # noqa: BLE001 - any surprise: read the block as Whoosh does
            ids, weights = None, None
        if isinstance(ids, tuple) and len(ids) == count:
            if weights is None or isinstance(weights, float):
                # a block's one weight, as the codec's float array gives it back
                return ids, array("f", [1.0 if weights is None else weights]) * count
            if isinstance(weights, tuple) and len(weights) == count:
                return ids, weights
    if matcher._data is None:
        matcher._read_data()
    matcher._read_weights()
    return matcher._data[0], matcher._weights


def _blocks_among(matcher: Any, wanted: Sequence[int],
                  ) -> Iterator[tuple[Sequence[int], Sequence[float]]]:
    """The posting blocks (as `_blocks`) holding one of the `wanted` (ascending leaf
    docnums); the others are passed over on their header (the highest docnum in it),
    never decoded. Any other matcher: every posting."""
    if not all(hasattr(matcher, a) for a in ("_next_block", "_maxid", "_postfile",
                                             "_dataoffset", "_nextoffset")):
        yield from _blocks(matcher)
        return
    first, count = 0, len(wanted)
    while first < count and matcher.is_active():
        last = bisect_right(wanted, matcher._maxid, first)
        if last > first:
            raw, weights = _ids_weights(matcher)
            yield (raw if matcher._byteids else list(accumulate(raw))), weights
            first = last
        matcher._next_block()


def best_of(parts: Iterable[Scores], boost: float = 1.0) -> Scores:
    """Each record's best score among the parts (a word matched in several fields)."""
    # the largest part copied whole, the others merged in (a maximum: any order)
    ordered = sorted(parts, key=len, reverse=True)
    out: Scores = dict(ordered[0]) if ordered else {}
    for part in ordered[1:]:
        both_ = part.keys() & out.keys()
        out.update(zip(both_, map(max, map(out.__getitem__, both_),
                                  map(part.__getitem__, both_)), strict=True))
        new = part.keys() - both_
        out.update(zip(new, map(part.__getitem__, new), strict=True))
    if boost != 1.0:
        out = {d: s * boost for d, s in out.items()}
    return out


def add(total: Scores, part: Scores, only_present: bool = False) -> None:
    """Add a part's scores into `total` (with `only_present`: only to records already
    there, as an optional clause that never makes a match)."""
    # at C speed: records in both summed (total's score plus the part's, as `+=`), the
    # part's others copied (0.0 + s is s): one pass over the part, each record's score
    # in the total looked up once (a pass over big dicts costs their memory, not Python)
    if only_present:
        both_ = part.keys() & total.keys()
        total.update(zip(both_, map(operator.add, map(total.__getitem__, both_),
                                    map(part.__getitem__, both_)), strict=True))
    elif not total:
        total.update(part)
    else:
        total.update(zip(part, map(operator.add, map(total.get, part, repeat(0.0)),
                                   part.values()), strict=True))


def summed(parts: Iterable[Scores]) -> Scores:
    """Records in any part, their scores summed (an Or)."""
    total: Scores = {}
    for part in parts:
        add(total, part)
    return total


def both(parts: list[Scores]) -> Scores:
    """Records in every part, their scores summed (an And)."""
    if not parts:
        return {}
    smallest = min(parts, key=len)
    out = {d: 0.0 for d in smallest if all(d in p for p in parts)}
    for part in parts:
        for d in out:
            out[d] += part[d]
    return out


def top(scores: Scores, limit: int | None,
        order: Callable[[int], int] | None = None) -> list[tuple[int, float]]:
    """The best `limit` (docnum, score) pairs (all for None), highest score first and
    ties in docnum order, as Whoosh's collector returns them (in `order(docnum)` order,
    when given: the record order of an index of several segments, `Layout.position`)."""
    items: Iterable[tuple[int, float]] = scores.items()
    if limit is not None and limit < len(scores):
        if limit <= 0:
            return []
        least = _least(scores.values(), limit)
        # the records at least the least score: one pass over all the scores (a loop
        # comparing floats is faster than calling `least.__le__` on each), then over those
        kept = [(d, s) for d, s in scores.items() if s >= least]
        if order is None:
            # those above the least score kept, then as many of the records tied at it
            # as there is room for, in docnum order (ties are many over many versions)
            above = [(d, s) for d, s in kept if s > least]
            tied = sorted(d for d, s in kept if s == least)
            return _ranked(above) + [(d, least) for d in tied[:limit - len(above)]]
        items = kept
    if order is None:
        return _ranked(items)[:limit]
    # by place, then stably by score (both sorts at C speed, each place read once)
    pairs = list(items)
    placed = sorted(zip(map(order, map(operator.itemgetter(0), pairs)), pairs, strict=True))
    ranked = list(map(operator.itemgetter(1), placed))
    ranked.sort(key=operator.itemgetter(1), reverse=True)
    return ranked[:limit]


def _least(scores: Collection[float], limit: int) -> float:
    """The `limit`-th highest of the scores (1 <= limit < their number): a heap of the
    best `limit` for a few of many (a pass at Python speed, each one compared with the
    heap's least), a sort at C speed for a larger share (the heap's upkeep grows with it).
    For many of many (a later take of a ranking: a thousand of ten thousand), a sorted
    sample of every `2 * limit / SAMPLE_RANK`-th score guesses a score below the limit-th
    (the sample's `SAMPLE_RANK`-th: about twice `limit` scores at least that); the
    limit-th is then the limit-th of the scores at least the guess (one comparison of each
    score, no heap upkeep), or the heap's when they are fewer than `limit` (a guess too
    high)."""
    if limit * _HEAP_SHARE >= len(scores):
        return sorted(scores, reverse=True)[limit - 1]
    step = limit * 2 // SAMPLE_RANK
    if step < _SAMPLE_STEP_MIN:
        return heapq.nlargest(limit, scores)[-1]
    values = list(scores)
    sample = values[::step]
    sample.sort(reverse=True)
    guess = sample[min(len(sample) - 1, SAMPLE_RANK)]
    kept = [v for v in values if v >= guess]
    if len(kept) < limit:
        return heapq.nlargest(limit, values)[-1]
    kept.sort(reverse=True)
    return kept[limit - 1]


# `_least` keeps a heap for at most one in this many scores (the two cost the same near
# one in six, on the archive's scores and on random ones)
_HEAP_SHARE = 6
# the rank in `_least`'s sample of the score it guesses (about half as many sampled
# scores stand above the limit-th: a guess above it, read again by the heap, is rare)
SAMPLE_RANK = 32
# `_least` samples every this many scores at least (a denser sample costs more to sort
# than the heap it spares: for a limit of 128 and more)
_SAMPLE_STEP_MIN = 8


class Ranking:
    """The best of one query's scores, taken as many times as a caller needs, each time
    more: a take finds `POOL_GROWTH` times as many best records as it asks for, and a
    later take within them reads them off (the first `n` of a larger take are the best
    `n`: `top` orders every record one way), instead of passing over every score again.
    (The first take too: a larger pool costs little beside the passes over every score
    that any take makes, and a question's first take is often not its last.)"""

    def __init__(self, scores: Scores, order: Callable[[int], int] | None = None,
                 source: str | None = None) -> None:
        self._scores, self._order = scores, order
        self.source = source  # the source filter: a shared document's other records left
        self._pool: list[tuple[int, float]] = []
        self._whole = False  # the pool holds every record
        self.read: Any = None  # what a caller's takes read of it (`kb.index.RankingRead`)

    def top(self, limit: int | None) -> list[tuple[int, float]]:
        """As `top(scores, limit, order)`."""
        if limit is not None and limit <= 0:
            return []
        if self._whole or (limit is not None and limit <= len(self._pool)):
            return self._pool[:limit]
        size = limit if limit is None else limit * POOL_GROWTH
        if size is None or size >= len(self._scores):
            self._pool, self._whole = top(self._scores, None, self._order), True
        else:
            self._pool = top(self._scores, size, self._order)
        return self._pool[:limit]


# A take of a query's best records finds this many times as many.
POOL_GROWTH = 4


def _ranked(items: Iterable[tuple[int, float]]) -> list[tuple[int, float]]:
    """(docnum, score) pairs highest score first, ties in docnum order: sorted by docnum,
    then by score, stably (both sorts at C speed)."""
    ranked = sorted(items)
    ranked.sort(key=operator.itemgetter(1), reverse=True)
    return ranked


class Layout:
    """How an index of several segments reads as the one segment a whole build writes.

    An addition (`kb.index.append_index`) writes a new segment and marks the records it
    rewrites deleted where they were. Deleted records count for nothing: the record
    count, each term's document frequency and each field's total length are those of the
    live records (the index's own totals less what the addition noted of each deleted
    record, `meta["segments"][segment id]["deleted"]`), so every score is the score a
    whole build gives. They count records, not documents: a document may stand for
    several records (`kb.index_records`; a Whoosh reader, the build's, counts documents).
    Ties rank in record order: a record's `position` is its docnum in the first segment
    (written whole, in record order) and noted for every later one.
    """

    def __init__(self, reader: Any, meta: dict[str, Any] | None = None,
                 counts: Sequence[RecordCounts | None] | None = None) -> None:
        self._reader = reader
        leaves = list(reader.leaf_readers())
        self.deleted: list[frozenset[int]] = [
            frozenset(leaf.deleted_docs_set) if leaf.has_deletions() else frozenset()
            for leaf, _ in leaves]
        # each segment's record counts (`kb.index_records`; a search's reader holds them,
        # the build reads them beside a Whoosh reader's segments)
        self._counts = list(counts) if counts is not None else \
            [getattr(leaf, "record_counts", None) for leaf, _ in leaves]
        # some document stands for several records: statistics are the records'
        self.shared = any(c is not None for c in self._counts)
        self.count = sum(
            leaf.doc_count() if c is None else c.records - sum(c.per_doc[d] for d in dead)
            for (leaf, _), c, dead in zip(leaves, self._counts, self.deleted, strict=True))
        self._per_doc: array[int] | None = None
        self._places: array[int] | None = None  # `order`'s positions, by docnum
        self._ordered_for = 0  # how many candidates the rankings before had
        self._gone: list[dict[str, dict[str, int]]] = []  # per segment: field -> term -> n
        self._length: dict[str, int] = {}
        self._starts: list[int] = []
        self._positions: list[Sequence[int] | None] = []
        entries = (meta or {}).get("segments", {})
        for leaf, offset in leaves:
            segment = leaf.segment()
            entry = entries.get(segment.segment_id()) if segment is not None else None
            entry = entry or {}
            self._starts.append(offset)
            self._positions.append(entry.get("positions"))
            gone = entry.get("deleted") or {}
            if gone.get("df"):
                self._gone.append(gone["df"])
            for field, n in (gone.get("lengths") or {}).items():
                self._length[field] = self._length.get(field, 0) + n
        self.ordered = self.shared or any(p is not None for p in self._positions)

    def doc_frequency(self, field: str, text: str) -> int:
        """In how many live records a term occurs in a field."""
        found = int(self._reader.doc_frequency(field, text)) if not self.shared else sum(
            leaf.doc_frequency(field, text) if c is None else leaf.record_frequency(field, text)
            for (leaf, _), c in zip(self._reader.leaf_readers(), self._counts, strict=True))
        return found - sum(gone.get(field, {}).get(text, 0) for gone in self._gone)

    def field_length(self, field: str) -> int:
        """The total length of a field over the live records."""
        found = int(self._reader.field_length(field)) if not self.shared else sum(
            leaf.field_length(field) if c is None else int(c.lengths.get(field, 0))
            for (leaf, _), c in zip(self._reader.leaf_readers(), self._counts, strict=True))
        return found - self._length.get(field, 0)

    def per_doc(self) -> array[int] | None:
        """How many records each document (by docnum) stands for; None when each stands
        for one."""
        if self.shared and self._per_doc is None:
            self._per_doc = array("I")
            for (leaf, _), counts in zip(self._reader.leaf_readers(), self._counts,
                                         strict=True):
                self._per_doc += array("I", counts.per_doc) if counts is not None \
                    else array("I", [1]) * leaf.doc_count_all()
        return self._per_doc

    def order(self, candidates: int) -> Callable[[int], int] | None:
        """`position` for a ranking of up to `candidates` documents, None when the records
        are in docnum order. Once the rankings asked for have had as many candidates as
        the index has documents, it is a look-up at C speed (every document's position
        worked out once, at C speed too: a search over every rules version orders
        thousands of candidates); before, `position` itself (a cold search, one or two
        rankings, does not pay for working out every document's)."""
        if not self.ordered:
            return None
        if self._places is None:
            self._ordered_for += candidates
            if self._ordered_for < self._reader.doc_count_all():
                return self.position
            places = array("q")
            for (leaf, start), counts, positions in zip(
                    self._reader.leaf_readers(), self._counts, self._positions, strict=True):
                docs = range(leaf.doc_count_all())
                if positions is not None:
                    if len(positions) < len(docs):  # (as `position` reads them, lazily)
                        return self.position
                    places.extend(map(positions.__getitem__, docs))
                elif counts is None:
                    places.extend(range(start, start + len(docs)))
                else:
                    places.extend(map(counts.positions.__getitem__,
                                      map(counts.starts.__getitem__, docs)))
            self._places = places
        return self._places.__getitem__

    def record_positions(self, docnum: int) -> list[int]:
        """The positions of the records a document stands for, in record order."""
        leaf = bisect_right(self._starts, docnum) - 1
        counts = self._counts[leaf]
        if counts is None or self._positions[leaf] is not None:
            return [self.position(docnum)]
        return counts.positions_of(docnum - self._starts[leaf])

    def position(self, docnum: int) -> int:
        """The record's place in record order (its docnum in a one-segment index of one
        document per record); of a document of several records, its first record's."""
        leaf = bisect_right(self._starts, docnum) - 1
        positions = self._positions[leaf]
        if positions is not None:
            return positions[docnum - self._starts[leaf]]
        counts = self._counts[leaf]
        if counts is None:
            return docnum
        return counts.positions[counts.starts[docnum - self._starts[leaf]]]
