"""An mtgkb index read straight from its files, without importing Whoosh.

Whoosh stays the on-disk format (`kb.index` writes it with Whoosh); this module reads the
parts a search needs of whoosh3's segments, mapped in place (nothing is copied into
memory but the bytes asked for): the table of contents (`_records_N.toc`), each segment's
compound file, its term table (`.trm`, an ordered hash file: looked up by binary search
over its sorted key index, so no hashing), posting blocks (`.pst`: block header, pickled
block info, pickled data, zlib above a size), the stored-payload column and each field's
length column. Opening an index through Whoosh imports its schema, analysis, codec and
storage modules and unpickles every analyzer of the schema (compiling their patterns),
which cost a cold search more than all of its query work: here the pickles are read
with classes that only hold their state (`_Loaded`), and no module of Whoosh is imported.

The readers answer the calls `kb.index_read` makes of Whoosh's (`leaf_readers`,
`postings`, `doc_frequency`, `field_length`, `stored_fields`, ...), with the same
numbers; the posting matcher keeps whoosh3's block-reading names (`_read_data`,
`_next_block`, ...). `tests/test_index_files.py` holds every term, posting, length and
stored payload to what Whoosh's own reader gives.
"""

from __future__ import annotations

import mmap
import os
import pickle
import struct
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterator
from itertools import accumulate
from pathlib import Path
from typing import Any

from kb.index_records import load_counts

_INT = struct.Struct("!i")
_UINT = struct.Struct("!I")
_LONG = struct.Struct("!q")
_USHORT = struct.Struct("!H")
_LENGTHS = struct.Struct("!ii")  # a hash file's key and value lengths
_TERMINFO = struct.Struct("!BfIBBfII")  # whoosh3's W3TermInfo row
_BLOCK_MAGIC = b"W3Bl"
_HASH_MAGIC = b"HSH3"
_TOC_VERSION = -111  # whoosh.index._CURRENT_TOC_VERSION
_NO_ID = 0xFFFFFFFF
# bytes per posting value by format (whoosh.formats' posting_size; others vary)
_VALUE_SIZE = {"Existence": 0, "Frequency": 4}


class IndexFileError(ValueError):
    """An index file that is not what mtgkb writes (damaged, or of another format)."""


class View:
    """A read-only file over a memoryview (`read`, `readline`, `peek`, `seek`, `tell`):
    what pickle's loader reads a pickle from in place."""

    def __init__(self, buf: memoryview, pos: int = 0) -> None:
        self._buf, self._pos, self._len = buf, pos, len(buf)

    def read(self, size: int | None = -1) -> bytes:
        start = self._pos
        end = self._len if size is None or size < 0 else min(start + size, self._len)
        self._pos = end
        return bytes(self._buf[start:end])

    def peek(self, size: int = 0) -> memoryview:
        """The bytes from here on, without moving (pickle's loader reads a block header
        through one `peek` and one `read` instead of a `read` per field)."""
        return self._buf[self._pos:self._pos + max(size, 1)]

    def readline(self, size: int | None = -1) -> bytes:
        start = self._pos
        end = self._len if size is None or size < 0 else min(start + size, self._len)
        newline = bytes(self._buf[start:end]).find(b"\n")
        return self.read(end - start if newline < 0 else newline + 1)

    def seek(self, where: int, whence: int = 0) -> int:
        self._pos = where if whence == 0 else self._pos + where if whence == 1 \
            else self._len + where
        return self._pos

    def tell(self) -> int:
        return self._pos

    def close(self) -> None:
        pass


class _Loaded:
    """An object of a Whoosh class read from a pickle: only its state (attributes)."""

    def __init__(self, *args: Any) -> None:
        self.args = args

    def __setstate__(self, state: Any) -> None:
        if isinstance(state, tuple) and len(state) == 2:  # (dict, slots)
            state = {**(state[0] or {}), **(state[1] or {})}
        if isinstance(state, dict):
            self.__dict__.update(state)


def byte_to_length(byte: int) -> int:
    """The field length a length byte stands for, as Whoosh decodes it
    (`whoosh.util.numeric.byte_to_length`: its table is this formula's values)."""
    return int(round((pow(1.033, byte) - 1) * 27))


def _pattern_text(pattern: str, flags: int = 0) -> str:
    """A pickled compiled pattern, read as its text (never compiled)."""
    return pattern


# globals of mtgkb's own that a schema pickles (the analyzer's stemming function)
_OWN = frozenset({("kb.index", "porter_stem")})


class _Unpickler(pickle.Unpickler):
    """Whoosh's classes as `_Loaded` holders of their state; a handful of builtins; any
    other global refused (an index only ever holds these)."""

    _classes: dict[tuple[str, str], type] = {}
    _builtins = {("builtins", "frozenset"): frozenset, ("__builtin__", "frozenset"): frozenset,
                 ("builtins", "set"): set, ("__builtin__", "set"): set,
                 ("builtins", "int"): int, ("__builtin__", "int"): int,
                 ("re", "_compile"): _pattern_text}

    def find_class(self, module: str, name: str) -> Any:
        # Whoosh's classes, and the index's own stemming function (`kb.index.porter_stem`,
        # named by the schema's analyzer), as holders of their state: never called here
        if module == "whoosh" or module.startswith("whoosh.") or (module, name) in _OWN:
            key = (module, name)
            if key not in self._classes:
                self._classes[key] = type(name, (_Loaded,), {"__module__": module})
            return self._classes[key]
        if module == "collections" and name == "defaultdict":
            from collections import defaultdict

            return defaultdict
        if module == "copyreg" and name == "_reconstructor":
            import copyreg

            return copyreg._reconstructor  # type: ignore[attr-defined]
        if (module, name) in self._builtins:
            return self._builtins[(module, name)]
        raise pickle.UnpicklingError(f"unexpected {module}.{name} in an index file")


def _load(buf: memoryview, pos: int) -> tuple[Any, int]:
    """The pickle at `pos` and the position after it."""
    view = View(buf, pos)
    try:
        return _Unpickler(view).load(), view.tell()
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, KeyError,
            AttributeError, IndexError) as exc:
        raise IndexFileError(f"unreadable pickle at {pos} ({exc})") from exc


def _varint(buf: memoryview, pos: int) -> tuple[int, int]:
    """Whoosh's variable-length integer at `pos` and the position after it."""
    value = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def _reader(typecode: str) -> Any:
    """`unpack_from` of one big-endian item of a Whoosh array (native item sizes)."""
    size = array(typecode).itemsize
    code = {1: "b", 2: "h", 4: "i", 8: "q"}[size]
    return struct.Struct(">" + (code if typecode.islower() else code.upper())).unpack_from


class _Items:
    """Items of a big-endian array Whoosh wrote, read one at a time in place."""

    def __init__(self, buf: memoryview, pos: int, typecode: str) -> None:
        self._buf, self._pos = buf, pos
        self._size = array(typecode).itemsize
        self._read = _reader(typecode)

    def __getitem__(self, n: int) -> int:
        return int(self._read(self._buf, self._pos + n * self._size)[0])


def _array(buf: memoryview, pos: int, typecode: str, count: int) -> Any:
    """`count` items of a big-endian array at `pos`: in place (`_Items`) when there are
    many, else read whole."""
    if count > 1 << 15:
        return _Items(buf, pos, typecode)
    items = array(typecode)
    items.frombytes(buf[pos:pos + count * items.itemsize])
    if sys.byteorder == "little":
        items.byteswap()
    return items


def _mapped(path: Path) -> memoryview:
    """A file's bytes, mapped read-only (an empty file: no bytes)."""
    with open(path, "rb") as f:
        if os.fstat(f.fileno()).st_size == 0:
            return memoryview(b"")
        return memoryview(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))


class Field:
    """What a search needs of a schema field: scored or not, its posting values."""

    def __init__(self, loaded: Any) -> None:
        state = vars(loaded)
        self.scorable = bool(state.get("scorable", False))
        fmt = state.get("format")
        self.format = type(fmt).__name__ if fmt is not None else ""
        self.value_size = _VALUE_SIZE.get(self.format)


class Schema:
    """The index's fields by name (`schema[name].scorable`)."""

    def __init__(self, fields: dict[str, Field]) -> None:
        self._fields = fields

    def __getitem__(self, name: str) -> Field:
        return self._fields[name]

    def __contains__(self, name: object) -> bool:
        return name in self._fields

    def names(self) -> list[str]:
        """The field names."""
        return list(self._fields)


def latest_toc(folder: Path, indexname: str) -> Path:
    """The newest table of contents of an index (`_NAME_GEN.toc`, highest GEN)."""
    prefix, best, found = f"_{indexname}_", -1, None
    for name in os.listdir(folder):
        gen = name[len(prefix):-4] if name.startswith(prefix) and name.endswith(".toc") else ""
        if gen.isdigit() and int(gen) > best:
            best, found = int(gen), name
    if found is None:
        raise FileNotFoundError(2, "no index table of contents", str(folder))
    return folder / found


def read_toc(path: Path) -> tuple[Schema, list[Any]]:
    """The schema and segments of a table of contents (`whoosh.index.TOC.write`)."""
    buf = memoryview(path.read_bytes())
    pos = 0
    for _ in range(3):  # int, long and float sizes
        _, pos = _varint(buf, pos)
    if _INT.unpack_from(buf, pos)[0] != -12345:
        raise IndexFileError(f"{path}: not an index table of contents")
    version = _INT.unpack_from(buf, pos + 4)[0]
    if version != _TOC_VERSION:
        raise IndexFileError(f"{path}: table of contents version {version}")
    pos += 8
    for _ in range(3):  # Whoosh's release
        _, pos = _varint(buf, pos)
    length, pos = _varint(buf, pos)
    loaded, _ = _load(buf[pos:pos + length], 0)
    pos += length + 8  # the generation and an unused int
    segments, _ = _load(buf, pos)
    fields = {name: Field(field) for name, field in vars(loaded).get("_fields", {}).items()}
    return Schema(fields), list(segments)


class _Files:
    """A segment's files: the parts of its compound file, or files of the folder."""

    def __init__(self, folder: Path, segment_id: str, compound: bool) -> None:
        self._folder, self._id = folder, segment_id
        self._dir: dict[str, Any] | None = None
        if compound:
            self._buf = _mapped(folder / f"{segment_id}.seg")
            where = _LONG.unpack_from(self._buf, 0)[0]
            self._dir, _ = _load(self._buf, where)

    def open(self, ext: str) -> memoryview | None:
        """The bytes of the segment's file with this extension (None: no such file)."""
        name = f"{self._id}{ext}"
        if self._dir is None:
            path = self._folder / name
            return _mapped(path) if path.exists() else None
        info = self._dir.get(name)
        if info is None:
            return None
        return self._buf[info["offset"]:info["offset"] + info["length"]]


class _Terms:
    """A segment's term table (whoosh's `OrderedHashReader` of `.trm`): key = field
    number (2 bytes) + term bytes, value = the term's info row."""

    def __init__(self, buf: memoryview) -> None:
        if bytes(buf[:4]) != _HASH_MAGIC:
            raise IndexFileError("not a term table")
        self._buf = buf
        end = len(buf) - 4
        extras_at = end - _INT.unpack_from(buf, end)[0]
        extras, self._index_at = _load(buf, extras_at)
        self.fieldmap: dict[str, int] = dict(extras["fieldmap"])
        self._typecode = str(extras["indextype"])
        self._size = array(self._typecode).itemsize
        self._read = _reader(self._typecode)
        self._count = int(extras["indexlen"])

    def _key_at(self, n: int) -> tuple[bytes, int]:
        """The n-th key in order, and where its value starts."""
        pos = self._read(self._buf, self._index_at + n * self._size)[0]
        keylen, _ = _LENGTHS.unpack_from(self._buf, pos)
        start = pos + _LENGTHS.size
        return bytes(self._buf[start:start + keylen]), start + keylen

    def value_at(self, field: str, text: str) -> tuple[int, int] | None:
        """A term's row (its place in key order) and where its info row starts, None when
        the segment lacks it."""
        number = self.fieldmap.get(field)
        if number is None:
            return None
        key = _USHORT.pack(number) + text.encode("utf-8")
        lo, hi = 0, self._count
        while lo < hi:
            mid = (lo + hi) // 2
            found, at = self._key_at(mid)
            if found < key:
                lo = mid + 1
            elif found > key:
                hi = mid
            else:
                return mid, at
        return None

    def texts(self, field: str) -> Iterator[tuple[str, tuple[int, int]]]:
        """Every term of a field, in order, with its row and where its info row starts."""
        number = self.fieldmap.get(field)
        if number is None:
            return
        prefix = _USHORT.pack(number)
        lo, hi = 0, self._count
        while lo < hi:  # the first key of the field
            mid = (lo + hi) // 2
            if self._key_at(mid)[0] < prefix:
                lo = mid + 1
            else:
                hi = mid
        for n in range(lo, self._count):
            key, at = self._key_at(n)
            if not key.startswith(prefix):
                return
            yield key[2:].decode("utf-8"), (n, at)

    def info(self, at: int) -> tuple[int, ...]:
        """The info row at `at`: flags, weight, doc frequency, min and max length bytes,
        max weight, first and last id."""
        return _TERMINFO.unpack_from(self._buf, at)

    def extent(self, at: int) -> tuple[int, int] | tuple[Any, ...]:
        """Offset and length of a term's postings, or its inlined postings (ids,
        weights, values)."""
        if self._buf[at]:
            return tuple(_load(self._buf, at + _TERMINFO.size)[0])
        offset = _LONG.unpack_from(self._buf, at + _TERMINFO.size)[0]
        return offset, _INT.unpack_from(self._buf, at + _TERMINFO.size + 8)[0]


def positions(value: bytes) -> list[int]:
    """The positions a `Positions` posting value holds (a count, pickled deltas)."""
    data = bytes(value)
    if not data.endswith(b"."):
        data += b"."
    return list(accumulate(pickle.loads(data[4:])))


class _Bytes:
    """The postings file as whoosh3's matcher holds it (`_postfile.get(position, length)`,
    which `kb.index_read` reads a block's head through)."""

    def __init__(self, buf: memoryview) -> None:
        self._buf = buf

    def get(self, position: int, length: int) -> bytes:
        """`length` bytes from `position`."""
        return bytes(self._buf[position:position + length])


class Postings:
    """A term's posting blocks in a segment, read as whoosh3's `W3LeafMatcher` reads
    them (the same names for its block state and postings file, which `kb.index_read`
    reads by block)."""

    def __init__(self, buf: memoryview, start: int, value_size: int | None) -> None:
        if bytes(buf[start:start + 4]) != _BLOCK_MAGIC:
            raise IndexFileError(f"no posting block at {start}")
        self._buf = buf
        self._postfile = _Bytes(buf)
        self._baseoffset = start + 4
        self._fixedsize = value_size
        self._byteids = False
        self.reset()

    def reset(self) -> None:
        """Back to the first posting."""
        self._lastblock = False
        self._atend = False
        self._goto(self._baseoffset)

    def _goto(self, position: int) -> None:
        self._data: Any = None
        self._ids: Any = None
        self._weights: Any = None
        self._values: Any = None
        self._i = 0
        length = _INT.unpack_from(self._buf, position)[0]
        if length < 0:
            self._lastblock = True
            length = -length
        self._nextoffset = position + 4 + length
        info, self._dataoffset = _load(self._buf, position + 4)
        (self._blocklength, self._maxid, self._maxweight, self._compression, _, _) = info

    def _next_block(self) -> None:
        if self._lastblock:
            self._atend = True
        else:
            self._goto(self._nextoffset)

    def _read_data(self) -> None:
        data = self._postfile.get(self._dataoffset, self._nextoffset - self._dataoffset)
        self._data = pickle.loads(zlib.decompress(data) if self._compression else data)

    def _read_ids(self) -> None:
        if self._data is None:
            self._read_data()
        self._ids = tuple(accumulate(self._data[0]))

    def _read_weights(self) -> None:
        if self._data is None:
            self._read_data()
        weights = self._data[1]
        if weights is None or isinstance(weights, float):
            self._weights = array("f", [1.0 if weights is None else weights]
                                  * self._blocklength)
        else:
            self._weights = weights

    def _read_values(self) -> None:
        if self._data is None:
            self._read_data()
        values, size = self._data[2], self._fixedsize
        if size is None or size < 0:
            self._values = values
        elif size == 0:
            self._values = (None,) * self._blocklength
        else:
            self._values = tuple(values[i:i + size] for i in range(0, len(values), size))

    def is_active(self) -> bool:
        """Whether there is a posting here."""
        return not self._atend and self._i < self._blocklength

    def id(self) -> int:
        """The docnum of this posting."""
        if self._ids is None:
            self._read_ids()
        return int(self._ids[self._i])

    def weight(self) -> float:
        """The weight of this posting."""
        if self._weights is None:
            self._read_weights()
        return float(self._weights[self._i])

    def value(self) -> Any:
        """The encoded value of this posting."""
        if self._values is None:
            self._read_values()
        return self._values[self._i]

    def value_as(self, astype: str) -> list[int]:
        """This posting's positions (the one value type a search decodes)."""
        if astype != "positions":
            raise ValueError(f"postings are read as positions, not {astype}")
        return positions(self.value())

    def next(self) -> None:
        """On to the next posting."""
        self._i += 1
        if self._i == self._blocklength:
            self._next_block()

    def skip_to(self, target: int) -> None:
        """On to the first posting at or after docnum `target`."""
        if not self.is_active() or target <= self.id():
            return
        while self.is_active() and target > self._maxid:
            self._next_block()
        while self.is_active():  # a block's ids are ascending: found by bisection
            if self._ids is None:
                self._read_ids()
            self._i = bisect_left(self._ids, target, self._i)
            if self._i < self._blocklength:
                break
            self._next_block()


class InlinedPostings:
    """The postings a term info row holds itself (ids, weights, values)."""

    def __init__(self, postings: tuple[Any, ...], value_size: int | None) -> None:
        self._ids, self._weights, self._values = (list(p) for p in postings)
        self._i = 0

    def is_active(self) -> bool:
        """Whether there is a posting here."""
        return self._i < len(self._ids)

    def id(self) -> int:
        """The docnum of this posting."""
        return int(self._ids[self._i])

    def weight(self) -> float:
        """The weight of this posting."""
        return float(self._weights[self._i])

    def value_as(self, astype: str) -> list[int]:
        """This posting's positions."""
        return positions(self._values[self._i])

    def next(self) -> None:
        """On to the next posting."""
        self._i += 1

    def reset(self) -> None:
        """Back to the first posting."""
        self._i = 0

    def skip_to(self, target: int) -> None:
        """On to the first posting at or after docnum `target`."""
        while self.is_active() and self.id() < target:
            self.next()


class SegmentReader:
    """One segment: its terms, postings, lengths and stored payloads."""

    def __init__(self, folder: Path, segment: Any, schema: Schema) -> None:
        state = vars(segment)
        self.schema = schema
        self._id = f"{state['indexname']}_{state['segid']}"
        self._count = int(state["_doccount"])
        deleted = state.get("_deleted")
        self.deleted_docs_set = frozenset(deleted or ())
        self._lengths_total: dict[str, int] = dict(state.get("_fieldlengths") or {})
        self._files = _Files(folder, self._id, bool(state.get("compound")))
        terms = self._files.open(".trm")
        postings = self._files.open(".pst")
        if terms is None or postings is None:
            raise FileNotFoundError(2, "segment files missing", f"{folder}/{self._id}")
        self._terms, self._postings = _Terms(terms), postings
        self._found: dict[tuple[str, str], tuple[int, int] | None] = {}
        self._stored: tuple[memoryview, Any, Any] | None = None
        # the segment's record counts where a document stands for several records
        try:
            self.record_counts = load_counts(folder, self._id)
        except ValueError as exc:
            raise IndexFileError(f"{folder}: {exc}") from exc

    def segment_id(self) -> str:
        """The segment's id (index name and random part)."""
        return self._id

    def segment(self) -> SegmentReader:
        """This reader stands for its segment (`segment().segment_id()`)."""
        return self

    def doc_count_all(self) -> int:
        """Documents in the segment, deleted ones included."""
        return self._count

    def doc_count(self) -> int:
        """Live documents in the segment."""
        return self._count - len(self.deleted_docs_set)

    def has_deletions(self) -> bool:
        """Whether any document of the segment is deleted."""
        return bool(self.deleted_docs_set)

    def _row(self, field: str, text: str) -> tuple[int, int] | None:
        key = (field, text)
        if key not in self._found:
            self._found[key] = self._terms.value_at(field, text)
        return self._found[key]

    def __contains__(self, term: tuple[str, str]) -> bool:
        return self._row(*term) is not None

    def texts(self, field: str) -> Iterator[str]:
        """Every term of a field in the segment, in order (each one's place noted: looking
        it up again costs nothing)."""
        for text, row in self._terms.texts(field):
            self._found[(field, text)] = row
            yield text

    def doc_frequency(self, field: str, text: str) -> int:
        """In how many documents (deleted ones included) a term occurs."""
        row = self._row(field, text)
        return 0 if row is None else int(self._terms.info(row[1])[2])

    def field_length(self, field: str) -> int:
        """The total length of a field (deleted documents included)."""
        return int(self._lengths_total.get(field, 0))

    def record_frequency(self, field: str, text: str) -> int:
        """In how many records (deleted ones included) a term occurs (`kb.index_records`:
        a document may stand for several)."""
        counts = self.record_counts
        if counts is None:
            return self.doc_frequency(field, text)
        row = self._row(field, text)
        return 0 if row is None else int(counts.per_term[row[0]])

    def postings(self, field: str, text: str) -> Postings | InlinedPostings:
        """The postings of a term (deleted documents included)."""
        row = self._row(field, text)
        if row is None:
            raise KeyError((field, text))
        size = self.schema[field].value_size
        extent = self._terms.extent(row[1])
        if len(extent) == 3:
            return InlinedPostings(extent, size)
        return Postings(self._postings, extent[0], size)

    def length_bytes(self, field: str) -> bytes:
        """Each document's one-byte length of a field (0: none), by docnum."""
        column = self._files.open(f"._{field}_len.col")
        data = bytes(column) if column is not None else b""
        return data[:self._count] + bytes(max(self._count - len(data), 0))

    def _stored_column(self) -> tuple[memoryview, Any, Any]:
        """The stored column's bytes, each document's length (by docnum) and offset: read
        in place where Whoosh wrote the offsets (a column of more than 2**15 documents),
        else the lengths summed once (in C)."""
        if self._stored is None:
            column = self._files.open("._stored.col")
            if column is None:
                raise FileNotFoundError(2, "no stored column", self._id)
            last, count = len(column) - 1, self._count
            code = chr(column[last])
            if code == "X":
                code, offsets_code = chr(column[last - 2]), chr(column[last - 1])
                offsets_at = last - 2 - count * array(offsets_code).itemsize
                lengths = _array(column, offsets_at - count * array(code).itemsize, code, count)
                offsets: Any = _array(column, offsets_at, offsets_code, count)
            else:
                lengths = _array(column, last - count * array(code).itemsize, code, count)
                offsets = [0, *accumulate(lengths)]
            self._stored = (column, lengths, offsets)
        return self._stored

    def stored_fields(self, docnum: int) -> dict[str, Any]:
        """The stored fields of a document (its payload)."""
        column, lengths, offsets = self._stored_column()
        length, offset = lengths[docnum], offsets[docnum]
        if not length:
            return {}
        return dict(pickle.loads(zlib.decompress(column[offset:offset + length])))

    def close(self) -> None:
        """Nothing to release but the mappings, which go with the reader."""


# stored payloads an index reader keeps (about a search's candidates, however many it takes)
STORED_KEPT = 4096


class IndexReader:
    """Every segment of an index as one (docnums numbered across segments)."""

    def __init__(self, folder: Path, indexname: str) -> None:
        self._leaves: list[tuple[SegmentReader, int]] = []
        self._stored: dict[int, dict[str, Any]] = {}
        self.folder = folder
        offset = 0
        try:
            toc = latest_toc(folder, indexname)
            self.toc_name = toc.name
            self.schema, segments = read_toc(toc)
            for segment in segments:
                leaf = SegmentReader(folder, segment, self.schema)
                self._leaves.append((leaf, offset))
                offset += leaf.doc_count_all()
        except (struct.error, IndexError, KeyError, TypeError, AttributeError) as exc:
            raise IndexFileError(f"{folder}: unreadable index ({exc!r})") from exc
        self._total = offset

    def leaf_readers(self) -> list[tuple[SegmentReader, int]]:
        """Each segment's reader and the docnum its first document has."""
        return list(self._leaves)

    def doc_count(self) -> int:
        """Live documents."""
        return sum(leaf.doc_count() for leaf, _ in self._leaves)

    def doc_count_all(self) -> int:
        """Documents, deleted ones included."""
        return self._total

    def doc_frequency(self, field: str, text: str) -> int:
        """In how many documents (deleted ones included) a term occurs."""
        return sum(leaf.doc_frequency(field, text) for leaf, _ in self._leaves)

    def field_length(self, field: str) -> int:
        """The total length of a field (deleted documents included)."""
        return sum(leaf.field_length(field) for leaf, _ in self._leaves)

    def stored_fields(self, docnum: int) -> dict[str, Any]:
        """The stored fields of a document, by global docnum (the last `STORED_KEPT` read
        are kept: a search ranks another wording of its query, a correction, over many of
        the same documents; a ranking's own takes keep what they read)."""
        found = self._stored.get(docnum)
        if found is None:
            for leaf, offset in reversed(self._leaves):
                if docnum >= offset:
                    found = leaf.stored_fields(docnum - offset)
                    break
            else:
                raise IndexError(docnum)
            if len(self._stored) >= STORED_KEPT:
                self._stored.clear()
            self._stored[docnum] = found
        return dict(found)

    def iter_leaves(self) -> Iterator[SegmentReader]:
        """The segment readers."""
        return (leaf for leaf, _ in self._leaves)

    def close(self) -> None:
        """Release the files (the mappings go with the readers)."""
