"""Record counts of a segment whose documents may stand for several records.

`kb.index.build_index` gives the unchanged versions of a rule one document (their indexed
fields are the same, `kb.index._documents`). Scores and their order must stay those of one
document per record, so BM25's statistics count records (how many, in how many records
each term occurs, each field's total length over the records), and ties rank in record
order (each record's position: its docnum in an index of one document per record). A
segment holding such documents has a file beside it, named for the segment
(`<segment id>.records`): Whoosh's cleanup, which deletes the files of a segment it drops
by that name, drops it with its segment.

The file: `MAGIC`, the length of a JSON header and the header (`lengths`: each field's
total length over the records), then four columns, each its length and its numbers as
little-endian unsigned 32-bit integers: each document's record count, where each
document's records start in the next column, each record's position (a document's
records in a row, in record order), and each term's record frequency (in the order of the
segment's term table). A segment without the file has one record per document.

>>> counts = RecordCounts({"text": 12}, [2, 1], [0, 2, 3], [0, 2, 1], [3, 2])
>>> counts.records, counts.positions_of(0), counts.positions_of(1)
(3, [0, 2], [1])
"""

from __future__ import annotations

import json
import mmap
import struct
import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

MAGIC = b"MKRC2\n"
_SIZE = struct.Struct("<I")
_SUFFIX = ".records"


@dataclass
class RecordCounts:
    """A segment's record counts: each field's total length over the records; per
    document (by docnum) its records and where their positions start; each record's
    position; per term (by its row in the term table) its record frequency."""

    lengths: dict[str, int]
    per_doc: Sequence[int]
    starts: Sequence[int]
    positions: Sequence[int]
    per_term: Sequence[int]

    @property
    def records(self) -> int:
        """How many records the segment's documents stand for."""
        return len(self.positions)

    def positions_of(self, docnum: int) -> list[int]:
        """The positions of a document's records, in record order."""
        return list(self.positions[self.starts[docnum]:self.starts[docnum + 1]])


def path_of(folder: Path, segment_id: str) -> Path:
    """The record counts file of a segment."""
    return folder / f"{segment_id}{_SUFFIX}"


def write_counts(path: Path, counts: RecordCounts) -> None:
    """Write a segment's record counts (`read_counts` gives them back)."""
    header = json.dumps({"lengths": counts.lengths}, sort_keys=True).encode("utf-8")
    with open(path, "wb") as out:
        out.write(MAGIC + _SIZE.pack(len(header)) + header)
        for numbers in (counts.per_doc, counts.starts, counts.positions, counts.per_term):
            column = array("I", numbers)
            if sys.byteorder == "big":
                column.byteswap()
            out.write(_SIZE.pack(len(column)))
            out.write(column.tobytes())


def load_counts(folder: Path, segment_id: str) -> RecordCounts | None:
    """A segment's record counts, mapped in place; None when it has none (one record
    per document). A file that is not one raises ValueError."""
    path = path_of(folder, segment_id)
    try:
        with open(path, "rb") as file:
            view = memoryview(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:  # (an empty file cannot be mapped)
        raise ValueError(f"{path.name}: {exc}") from exc
    return read_counts(view, path.name)


def read_counts(view: memoryview, name: str) -> RecordCounts:
    """A segment's record counts from the bytes of its file (the columns are views of
    them). Bytes that are not such a file raise ValueError."""
    try:
        if bytes(view[:len(MAGIC)]) != MAGIC:
            raise ValueError("not a record counts file")
        at = len(MAGIC)
        (size,) = _SIZE.unpack_from(view, at)
        header = json.loads(bytes(view[at + 4:at + 4 + size]))
        at += 4 + size
        columns: list[Sequence[int]] = []
        for _ in range(4):
            (count,) = _SIZE.unpack_from(view, at)
            part = view[at + 4:at + 4 + 4 * count]
            if len(part) != 4 * count:
                raise ValueError("cut short")
            if sys.byteorder == "big":
                column = array("I")
                column.frombytes(part)
                column.byteswap()
                columns.append(column)
            else:
                columns.append(part.cast("I"))
            at += 4 + 4 * count
        per_doc, starts, positions, per_term = columns
        if len(starts) != len(per_doc) + 1 or (starts and starts[-1] != len(positions)):
            raise ValueError("columns that do not agree")
        return RecordCounts(dict(header["lengths"]), per_doc, starts, positions, per_term)
    except (struct.error, KeyError, TypeError, UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"{name}: {exc}") from exc
