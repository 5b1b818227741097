"""The parts of a Whoosh 3 segment, written in bulk for the index writer (`kb.index`).

- `write_field`: what Whoosh's `W3FieldWriter` writes for a field (`start_term`, `add`
  per posting, `finish_term`), the same blocks in the same format (block header, pickled
  info and data tuples, zlib above the codec's size threshold, the term info row), but
  straight into one buffer per field: no per-term postings writer, no per-posting checks,
  one file write per few megabytes.
- `StoredColumn`: the stored-fields column (each document's pickled, compressed fields),
  as `W3PerDocWriter.finish_doc` adds it, written a few hundred kilobytes at a time.
- `write_lengths`: a field's length column and total, as `add_field` adds them per
  document, in one write.
"""

from __future__ import annotations

import struct
import zlib
from array import array
from collections.abc import Iterable, Sequence
from itertools import chain, starmap
from operator import sub
from pickle import dumps
from types import MethodType
from typing import Any

_FLUSH = 1 << 22  # bytes of postings buffered before a write
# zlib levels, not the codec's 3 for both (readers take any level): posting blocks at 1
# (a tenth less time for 2% more bytes); each record's stored fields at 0, stored as
# they are (a few hundred bytes each, which deflate shrank only 1.7 times for ten times
# the time of the rest of the stored column)
POSTINGS_LEVEL = 1
STORED_LEVEL = 0
# posting blocks under this size are stored as they are (the codec compresses from 80
# bytes): zlib shrank FULL's 7,515 blocks of 80 to 127 bytes by 8% (674 KB to 619 KB),
# at the cost of one compression each; those of 128 to 255 bytes by 28%
POSTINGS_MIN_SIZE = 128
_TERMINFO = struct.Struct("!BfIBBfII")  # W3TermInfo._struct
_EXTENT = struct.Struct("!qi")  # a non-inlined term's postings: offset, length
_BLOCK_LENGTH = struct.Struct("!i")
_KEY = struct.Struct("!H")  # the field number before a term's bytes


def write_field(fieldwriter: Any, name: str, field: Any,
                terms: Iterable[tuple[bytes, Sequence[int], Sequence[int]]],
                weights: Sequence[float], values: Sequence[bytes],
                lengths: Sequence[int]) -> None:
    """Write one field's postings through an open `W3FieldWriter`.

    `terms`: (term bytes, ascending; its document numbers, ascending; references into
    `weights` and `values`, one per posting); `lengths`: each document's field length as the length
    byte gives it back (0: none), indexed by document number, covering every document."""
    from whoosh.codec.whoosh3 import COMPRESSION_MIN_SIZE, WHOOSH3_HEADER_MAGIC
    from whoosh.filedb.filetables import _lengths as row_lengths
    from whoosh.util.numeric import length_to_byte

    fieldwriter.start_field(name, field)
    postwriter = fieldwriter._postwriter
    limit, level = postwriter._blocklimit, POSTINGS_LEVEL if postwriter._compression else 0
    min_size = max(COMPRESSION_MIN_SIZE, POSTINGS_MIN_SIZE)
    if postwriter._inlinelimit > 1 or postwriter._byteids:
        raise ValueError("inlined postings and byte ids are not supported")
    fixed = field.format.fixed_value_size()
    postfile, table = fieldwriter._postfile, fieldwriter._tindex
    fieldid = _KEY.pack(fieldwriter._fieldid)
    to_byte = {n: length_to_byte(n) for n in {0, *lengths}}
    base, out = postfile.tell(), bytearray()
    rows: list[tuple[bytes, bytes]] = []
    singles = array("f", weights)  # each weight as a block's float array holds it
    variable = fixed is None or fixed < 0
    for tbytes, docs, refs in terms:
        start = base + len(out)
        out += WHOOSH3_HEADER_MAGIC
        if len(docs) == 1:  # most terms: the one block of one posting, written directly
            doc, ref = docs[0], refs[0]
            value, single, size = values[ref], singles[ref], lengths[doc]
            top = max(0, weights[ref])
            data = dumps(((doc,), None if single == 1.0 else single,
                          ((value,) if value else ()) if variable
                          else None if fixed == 0 else value), 2)
            comp = level if level and len(data) >= min_size else 0
            if comp:
                data = deflate(data, comp)
            info = dumps((1, doc, top, comp, to_byte[size], to_byte[size]), 2)
            out += _BLOCK_LENGTH.pack(-(len(info) + len(data)))
            out += info
            out += data
            rows.append((fieldid + tbytes, _TERMINFO.pack(
                False, single, 1, to_byte[size], to_byte[size], top, doc, doc)
                + _EXTENT.pack(start, base + len(out) - start)))
        else:
            total, minlength, maxlength = 0.0, None, 0
            maxweight: float = 0
            count = len(docs)
            for first in range(0, count, limit):
                ids = docs[first:first + limit]
                chunk = refs[first:first + limit]
                block_weights = [weights[r] for r in chunk]
                floats = array("f", block_weights)
                total += sum(floats)
                sizes = [s for s in map(lengths.__getitem__, ids) if s]
                low = min(sizes) if sizes else None
                high = max(sizes) if sizes else 0
                top = max(0, *block_weights)
                data = dumps((tuple(map(sub, ids, chain((0,), ids))), _mini_weights(floats),
                              _mini_values([values[r] for r in chunk], fixed)), 2)
                comp = level if level and len(data) >= min_size else 0
                if comp:
                    data = deflate(data, comp)
                info = dumps((len(ids), ids[-1], top, comp, 0 if low is None else to_byte[low],
                              to_byte[high]), 2)
                size = len(info) + len(data)
                out += _BLOCK_LENGTH.pack(-size if first + limit >= count else size)
                out += info
                out += data
                if low is not None:
                    minlength = low if minlength is None else min(minlength, low)
                maxlength = max(maxlength, high)
                maxweight = max(maxweight, top)
            rows.append((fieldid + tbytes, _TERMINFO.pack(
                False, total, count, 0 if minlength is None else to_byte[minlength],
                to_byte[maxlength], maxweight, docs[0], docs[-1])
                + _EXTENT.pack(start, base + len(out) - start)))
        if len(out) >= _FLUSH:
            postfile.write(bytes(out))
            base, out = postfile.tell(), bytearray()
    postfile.write(bytes(out))
    _add_rows(table, rows, row_lengths)
    fieldwriter.finish_field()


def _mini_weights(floats: array[float]) -> float | tuple[float, ...] | None:
    """A block's weights as the codec stores them: None all 1.0, one float all equal."""
    distinct = set(floats)
    if len(distinct) == 1:
        return None if floats[0] == 1.0 else floats[0]
    return tuple(floats)


def _mini_values(values: list[bytes], fixed: int | None) -> Any:
    """A block's posting values as the codec stores them (empty ones dropped)."""
    present = [v for v in values if v]
    if fixed is None or fixed < 0:
        return tuple(present)
    return None if fixed == 0 else b"".join(present)


def _add_rows(table: Any, rows: list[tuple[bytes, bytes]], row_lengths: struct.Struct) -> None:
    """`OrderedHashWriter.add` for every (key, value) row, in one write."""
    if not rows:
        return
    if rows[0][0] <= table.lastkey:
        raise ValueError(f"keys must increase: {table.lastkey!r}..{rows[0][0]!r}")
    dbfile, hashfn, buckets, index = table.dbfile, table.hashfn, table.buckets, table.index
    base, out = dbfile.tell(), bytearray()
    for key, value in rows:
        pos = base + len(out)
        index.append(pos)
        out += row_lengths.pack(len(key), len(value))
        out += key
        out += value
        h = hashfn(key)
        buckets[h & 255].append((h, pos))
    dbfile.write(bytes(out))
    table.lastkey = rows[-1][0]
    if "_write_hashes" not in vars(table):
        table._write_hashes = MethodType(_write_hashes, table)


def _write_hashes(table: Any) -> None:
    """`HashWriter._write_hashes` (the 256 hash tables of the keys' positions, each slot
    found as it finds it), each table written at once instead of slot by slot."""
    from whoosh.filedb.filetables import _pointer

    dbfile, null = table.dbfile, (0, 0)
    for entries in table.buckets:
        numslots = 2 * len(entries)
        table.directory.append((dbfile.tell(), numslots))
        hashtable = [null] * numslots
        for hashval, position in entries:
            slot = (hashval >> 8) % numslots
            while hashtable[slot] != null:
                slot = (slot + 1) % numslots
            hashtable[slot] = (hashval, position)
        dbfile.write(b"".join(starmap(_pointer.pack, hashtable)))


_SMALL = 1 << 14  # bytes up to which a zlib stream is made with a window the data's size


def deflate(data: bytes, level: int) -> bytes:
    """`zlib.compress(data, level)`, for data of up to 16 KB with a window and hash table
    the data's size: zlib makes and clears ~256 KB of state for a stream of the default
    size, most of the time it takes to compress a block of a few hundred bytes (a build
    compresses one per posting block and per stored record). The same data decompressed
    (a window as large as the data loses nothing); `zlib.decompress` reads any window.
    Level 0 (stored as is) is made without zlib's stream state (`stored`)."""
    if not level:
        return stored(data)
    if len(data) > _SMALL:
        return zlib.compress(data, level)
    bits = max(9, (len(data) - 1).bit_length())
    stream = zlib.compressobj(level, zlib.DEFLATED, bits, max(1, min(8, bits - 6)))
    return stream.compress(data) + stream.flush()


_ZLIB_HEAD = b"\x78\x01"  # a zlib stream's header: a 32 KB window, the fastest level
_STORED_MAX = 0xFFFF  # bytes in one stored deflate block
_STORED_LENGTH = struct.Struct("<HH")  # a stored block's length and its complement
_ADLER = struct.Struct(">I")  # the stream's closing Adler-32 of the data


def stored(data: bytes) -> bytes:
    """A zlib stream of `data` in stored deflate blocks (as `zlib.compress(data, 0)`
    makes, which `zlib.decompress` reads back), put together directly: a build stores
    every record's payload this way, and zlib's stream state (made and cleared per call)
    was most of the time it took."""
    size = len(data)
    if size <= _STORED_MAX:  # (every payload but a record of over 64 KB)
        return b"".join((_ZLIB_HEAD, b"\x01", _STORED_LENGTH.pack(size, size ^ _STORED_MAX),
                         data, _ADLER.pack(zlib.adler32(data))))
    parts = [_ZLIB_HEAD]
    for start in range(0, size, _STORED_MAX):
        chunk = data[start:start + _STORED_MAX]
        last = start + _STORED_MAX >= size
        parts += [b"\x01" if last else b"\x00",
                  _STORED_LENGTH.pack(len(chunk), len(chunk) ^ _STORED_MAX), chunk]
    parts.append(_ADLER.pack(zlib.adler32(data)))
    return b"".join(parts)


class StoredColumn:
    """The `_stored` column of a per-document writer, fed one document at a time."""

    def __init__(self, perdoc: Any) -> None:
        self._perdoc = perdoc
        column = perdoc._get_column("_stored")  # PickleColumn(CompressedBytesColumn)
        self._varbytes = column._child  # its VarBytesColumn writer
        compress = self._varbytes._compress  # zlib's (readers decompress any window)
        self._compress = deflate if compress is zlib.compress else compress
        self._level = STORED_LEVEL
        self._sizes: list[int] = []
        self._out = bytearray()

    def add(self, fields: dict[str, Any]) -> None:
        """The next document's stored fields (none: an empty dict)."""
        if fields:
            blob = self._compress(dumps(fields, 2), self._level)
            self._out += blob
            self._sizes.append(len(blob))
        else:
            self._sizes.append(-1)  # no stored fields: no row (a gap)
        if len(self._out) >= _FLUSH // 8:
            self._flush()

    def _flush(self) -> None:
        writer = self._varbytes
        writer._dbfile.write(bytes(self._out))
        self._out = bytearray()
        base, count = writer._offset_base, writer._count
        for docnum, size in enumerate(self._sizes, count):
            if size < 0:
                continue
            writer.fill(docnum)
            writer._lengths.append(size)
            writer._offsets.append(base)
            base += size
            writer._count = docnum + 1
        writer._offset_base = base
        self._sizes.clear()

    def finish(self, count: int) -> None:
        """Write what is left and mark the per-document writer as having `count`
        documents, none open (its `close` then finishes every column)."""
        self._flush()
        perdoc = self._perdoc
        perdoc._doccount = count
        perdoc._docnum = count - 1 if count else None
        perdoc._indoc = False


def write_lengths(perdoc: Any, name: str, lengths: Sequence[int]) -> None:
    """A field's length column (each document's length byte) and total length, as
    `W3PerDocWriter.add_field` adds them document by document (`lengths`: by document
    number, 0 for none)."""
    from whoosh.codec.whoosh3 import LENGTHS_COLUMN, _lenfield
    from whoosh.util.numeric import length_to_byte

    to_byte = {n: length_to_byte(n) for n in set(lengths)}
    column = bytes(to_byte[n] for n in lengths).rstrip(b"\0")
    if not column:
        return
    lenfield = _lenfield(name)
    if not perdoc._has_column(lenfield):
        perdoc._create_column(lenfield, LENGTHS_COLUMN)
    writer = perdoc._get_column(lenfield)
    if writer._count or writer._fixedlen != 1:
        raise ValueError(f"length column of {name!r}: one write of one-byte lengths only")
    writer._dbfile.write(column)
    writer._count = len(column)
    perdoc._fieldlengths[name] += sum(lengths)
