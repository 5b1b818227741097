"""The posting cache: each word's scores in an index, ready to use, written at build time.

A search scores a word by its best field (`kb.index.MATCH_FIELDS`, BM25F): through the
index that is a decompressed, unpickled posting block and a Python formula per posting and
field, then the fields merged. The cache holds the result for every word of those fields,
as the index's own numbers make it (`kb.index_read.TermScorer`, the same floats): the
records a word matches grouped by their score, groups best first, so a word's scores are
one dict built at C speed (each group's records zipped with its one score), and its best
score is the first group's.

One file beside the index (`CACHE_FILE`), read in place (mapped):

    header   MAGIC, version, word count, where the keys, key offsets and entry offsets
             start, the file's size, the identity of the index it was made from (its table of
             contents, segments and record counts, the fields it combines, as JSON), and
             a CRC-32 of all of it
    keys     the words (UTF-8) one after another, in byte order; offsets (uint32, one
             more than words) where each starts; entry offsets (uint64)
    entries  per word: CRC-32 of the rest of the entry, groups, records, key length, the
             key, each group's score (float64), record count (uint32), then the records
             (uint32 docnums) group after group, each group ascending

It is written into the build's folder before the build is made current, through a
temporary name and a rename, so no reader ever sees half of one. A reader checks the
header against the index it opens and each entry's CRC and key when it reads it; a file
missing, of another index or damaged is ignored (the words are scored from the postings)
and written again by the reader that found it (`kb.index_read.TermScorer`).
"""

from __future__ import annotations

import json
import mmap
import operator
import os
import struct
import sys
import zlib
from array import array
from collections.abc import Callable, Iterable, KeysView, Sequence
from itertools import chain, compress, islice, repeat
from pathlib import Path
from typing import Any

CACHE_FILE = "postings.cache"
MAGIC = b"MTGKBPC\x00"
VERSION = 1
# magic, version, words, where the keys, key offsets and entry offsets start, size, id length
_HEAD = struct.Struct("<8sIIQQQQI")
_ENTRY = struct.Struct("<IIIH")  # crc, groups, records, key length
_CRC = struct.Struct("<I")

# A docnum -> score map (as `kb.index_read.Scores`).
Scores = dict[int, float]


class CacheError(ValueError):
    """A cache file that is not the one its index needs (another index, damaged)."""


def identity(reader: Any, fields: Sequence[str]) -> str:
    """What a cache is valid for: the index's table of contents and segments (id, record
    count, deleted records), the fields combined, the byte order (as JSON)."""
    leaves = [[leaf.segment_id(), leaf.doc_count_all(), leaf.doc_count()]
              for leaf, _ in reader.leaf_readers()]
    return json.dumps({"toc": getattr(reader, "toc_name", ""), "segments": leaves,
                       "fields": list(fields), "byteorder": sys.byteorder},
                      sort_keys=True)


def _pad(size: int) -> bytes:
    return bytes(-size % 8)


# A word's entry as written: each distinct score (float64, best first), how many records
# have it (uint32), the records (uint32 docnums) group after group, each group ascending.
Groups = tuple[array, array, array]


def _entry(key: bytes, groups: Groups) -> bytes:
    """One word's entry: its records grouped by score, best first, each group ascending."""
    values, counts, docs = groups
    body = (_ENTRY.pack(0, len(values), len(docs), len(key))[4:] + key
            + _pad(_ENTRY.size + len(key)) + values.tobytes() + counts.tobytes()
            + docs.tobytes())
    return _CRC.pack(zlib.crc32(body)) + body


def write_cache(folder: Path, ident: str, words: Iterable[str],
                groups_of: Callable[[str], Groups]) -> Path:
    """Write the cache of `words` (each word's groups by `groups_of`, asked in the byte
    order of the words) into `folder`, under a temporary name renamed into place when
    whole."""
    if array("I").itemsize != 4 or array("d").itemsize != 8:
        raise CacheError("this platform's arrays are not 32-bit ints and 64-bit floats")
    keys = sorted(w.encode("utf-8") for w in words)
    ident_bytes = ident.encode("utf-8")
    head_size = _HEAD.size + len(ident_bytes) + _CRC.size
    key_blob = b"".join(keys)
    key_offsets = array("I", [0])
    for key in keys:
        key_offsets.append(key_offsets[-1] + len(key))
    keys_at = head_size + len(_pad(head_size))
    koff_at = keys_at + len(key_blob) + len(_pad(len(key_blob)))
    entries_at = koff_at + 4 * len(key_offsets)
    entries_at += len(_pad(entries_at))
    first_entry = entries_at + 8 * len(keys)
    tmp = folder / f".{CACHE_FILE}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as out:
            out.seek(first_entry)
            offsets = array("Q")
            for key in keys:
                offsets.append(out.tell())
                entry = _entry(key, groups_of(key.decode("utf-8")))
                out.write(entry + _pad(len(entry)))
            size = out.tell()
            head = _HEAD.pack(MAGIC, VERSION, len(keys), keys_at, koff_at, entries_at, size,
                              len(ident_bytes)) + ident_bytes
            out.seek(0)
            out.write(head + _CRC.pack(zlib.crc32(head)) + _pad(head_size))
            out.write(key_blob + _pad(len(key_blob)) + key_offsets.tobytes())
            out.write(_pad(out.tell()) + offsets.tobytes())
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, folder / CACHE_FILE)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return folder / CACHE_FILE


class Entry:
    """One word's cached scores: groups of records of one score, best first."""

    __slots__ = ("scores", "counts", "docs")

    def __init__(self, scores: Sequence[float], counts: Sequence[int],
                 docs: memoryview) -> None:
        self.scores, self.counts, self.docs = scores, counts, docs

    @property
    def best(self) -> float:
        """The word's highest score (0.0 for no record)."""
        return self.scores[0] if self.scores else 0.0

    def __len__(self) -> int:
        return len(self.docs)

    def as_dict(self, boost: float = 1.0, within: Iterable[int] | None = None) -> Scores:
        """Docnum -> score (times `boost`); with `within`, only for those docnums."""
        scores: Iterable[float] = self.scores if boost == 1.0 else map(boost.__mul__,
                                                                      self.scores)
        docs = iter(self.docs)
        groups: Iterable[Iterable[int]] = map(islice, repeat(docs), self.counts)
        if within is not None:  # a dict's keys, a set: the docnums kept, at C speed
            kept = within.__and__ if isinstance(within, KeysView) else \
                (within if isinstance(within, (set, frozenset)) else set(within)).intersection
            groups = map(kept, groups)
        return dict(chain.from_iterable(map(zip, groups, map(repeat, scores))))

    def add_to(self, total: Scores, boost: float = 1.0, only_present: bool = False) -> None:
        """Add the word's scores (times `boost`) into `total` in place, as
        `kb.index_read.add(total, self.as_dict(boost), only_present)` does (each record's
        score in the total plus the word's; with `only_present`, only to records already
        there): its records and their scores as two flat lists made at C speed, no dict
        of the word's own scores."""
        if not total and not only_present:
            total.update(self.as_dict(boost))
            return
        scores: Iterable[float] = self.scores if boost == 1.0 else map(boost.__mul__,
                                                                      self.scores)
        ids: list[int] = self.docs.tolist()
        values: Iterable[float] = chain.from_iterable(map(repeat, scores, self.counts))
        if only_present:
            kept = list(map(total.__contains__, ids))
            ids, values = list(compress(ids, kept)), compress(values, kept)
            found = map(total.__getitem__, ids)
        else:
            found = map(total.get, ids, repeat(0.0))
        total.update(zip(ids, map(operator.add, found, values), strict=True))


EMPTY = Entry((), (), memoryview(b"").cast("I"))


class PostingCache:
    """A cache file opened for reading (mapped in place)."""

    def __init__(self, path: Path, ident: str) -> None:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size < _HEAD.size:
                raise CacheError(f"{path}: cut short")
            self._buf = memoryview(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))
        buf = self._buf
        magic, version, count, keys_at, koff_at, entries_at, total, id_len = \
            _HEAD.unpack_from(buf)
        if magic != MAGIC or version != VERSION:
            raise CacheError(f"{path}: not a posting cache of this version")
        head_end = _HEAD.size + id_len
        if total != size or head_end + _CRC.size > size or \
                _CRC.unpack_from(buf, head_end)[0] != zlib.crc32(buf[:head_end]):
            raise CacheError(f"{path}: damaged header")
        if bytes(buf[_HEAD.size:head_end]).decode("utf-8", "replace") != ident:
            raise CacheError(f"{path}: made for another index")
        if not keys_at <= koff_at <= entries_at <= size - 8 * count or \
                koff_at + 4 * (count + 1) > entries_at:
            raise CacheError(f"{path}: damaged header")
        self._count, self._keys_at, self._size = count, keys_at, size
        self._koff = buf[koff_at:koff_at + 4 * (count + 1)].cast("I")
        self._eoff = buf[entries_at:entries_at + 8 * count].cast("Q")

    def __len__(self) -> int:
        return self._count

    def _key(self, n: int) -> bytes:
        start, end = self._koff[n], self._koff[n + 1]
        return bytes(self._buf[self._keys_at + start:self._keys_at + end])

    def get(self, word: str) -> Entry | None:
        """The word's entry, None when the cache has no such word; CacheError when its
        entry is damaged."""
        key = word.encode("utf-8")
        lo, hi = 0, self._count
        try:
            while lo < hi:
                mid = (lo + hi) // 2
                found = self._key(mid)
                if found < key:
                    lo = mid + 1
                elif found > key:
                    hi = mid
                else:
                    return self._entry(self._eoff[mid], key)
        except (IndexError, ValueError, TypeError) as exc:
            raise CacheError(f"damaged key table ({exc})") from exc
        return None

    def _entry(self, at: int, key: bytes) -> Entry:
        buf = self._buf
        try:
            crc, groups, records, key_len = _ENTRY.unpack_from(buf, at)
        except struct.error as exc:
            raise CacheError(f"damaged entry at {at}") from exc
        values_at = at + _ENTRY.size + key_len
        values_at += -values_at % 8
        docs_at = values_at + 12 * groups
        end = docs_at + 4 * records
        if end > self._size or bytes(buf[at + _ENTRY.size:at + _ENTRY.size + key_len]) != key \
                or zlib.crc32(buf[at + 4:end]) != crc:
            raise CacheError(f"damaged entry of {key!r}")
        scores = buf[values_at:values_at + 8 * groups].cast("d")
        counts = buf[values_at + 8 * groups:docs_at].cast("I")
        if sum(counts) != records:
            raise CacheError(f"damaged entry of {key!r}")
        return Entry(scores, counts, buf[docs_at:end].cast("I"))


def open_cache(folder: Path, ident: str) -> PostingCache | None:
    """The index folder's cache when it is there and made for this index, else None."""
    try:
        return PostingCache(folder / CACHE_FILE, ident)
    except (OSError, CacheError, ValueError, struct.error, TypeError):
        return None
