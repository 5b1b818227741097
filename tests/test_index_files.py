"""`kb.index_files` reads an index without Whoosh: every count, term, posting (ids,
weights, positions), length byte and stored payload is what Whoosh's own reader gives,
on the shipped build (one segment) and on an index an addition extended (two segments,
records deleted from the first); a damaged index is an `IndexFileError` (or an OSError),
never a traceback of another kind."""

from __future__ import annotations

from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from kb.index import INDEX_NAME, append_index, build_index, open_index, payload_records
from kb.index_files import IndexFileError, IndexReader, byte_to_length


def _postings(matcher: Any, positions: bool) -> list[tuple[int, float, Any]]:
    """Every posting: docnum, weight and (for a field with positions) positions."""
    out = []
    while matcher.is_active():
        value = list(matcher.value_as("positions")) if positions else None
        out.append((matcher.id(), matcher.weight(), value))
        matcher.next()
    return out


def _same_as_whoosh(folder: Path, every: int = 1) -> int:
    """Compare the two readers of an index; the number of terms compared."""
    ours = IndexReader(folder, INDEX_NAME)
    theirs = open_index(folder).reader()
    compared = 0
    try:
        assert ours.doc_count() == theirs.doc_count()
        assert ours.doc_count_all() == theirs.doc_count_all()
        leaves = list(zip(ours.leaf_readers(), theirs.leaf_readers(), strict=True))
        for (leaf, offset), (wleaf, woffset) in leaves:
            assert offset == woffset
            assert leaf.segment().segment_id() == wleaf.segment().segment_id()
            assert leaf.has_deletions() == wleaf.has_deletions()
            assert leaf.deleted_docs_set == frozenset(wleaf.deleted_docs_set
                                                      if wleaf.has_deletions() else ())
            for name in theirs.schema.names():
                field = theirs.schema[name]
                assert ours.schema[name].scorable == bool(field.scorable)
                if field.scorable:
                    assert ours.field_length(name) == theirs.field_length(name)
                    column = wleaf._perdoc._cached_reader(f"_{name}_len", _lengths())
                    assert list(leaf.length_bytes(name)) == [
                        column[d] if column is not None else 0
                        for d in range(wleaf.doc_count_all())]
            terms = list(wleaf.all_terms())
            for name, tbytes in islice(terms, 0, None, every):
                text = tbytes.decode("utf-8")
                assert (name, text) in leaf
                assert leaf.doc_frequency(name, text) == wleaf.doc_frequency(name, text)
                positions = theirs.schema[name].format.supports("positions")
                wmatcher = wleaf.postings(name, tbytes)
                if hasattr(wmatcher, "child"):  # deletions: Whoosh filters them
                    wmatcher = wmatcher.child
                    wmatcher.reset()
                assert _postings(leaf.postings(name, text), positions) == \
                    _postings(wmatcher, positions), (name, text)
                compared += 1
            assert ("text", "no-such-word-anywhere") not in leaf
        for docnum in range(ours.doc_count_all()):
            assert ours.stored_fields(docnum) == theirs.stored_fields(docnum)
    finally:
        theirs.close()
    return compared


def _lengths() -> Any:
    from whoosh.codec.whoosh3 import LENGTHS_COLUMN

    return LENGTHS_COLUMN


def test_the_shipped_index_reads_as_whoosh_reads_it(shipped_build) -> None:
    assert _same_as_whoosh(shipped_build.index, every=7) > 3000


def test_an_extended_index_reads_as_whoosh_reads_it(tmp_path: Path, shipped_build) -> None:
    """Two segments: records of a FAQ written again (so deleted from the first) with new
    text, and new records after them."""
    from kb.model import Record
    from kb.store import KnowledgeBase

    with KnowledgeBase(shipped_build.store) as kb:
        records = list(kb.records())
    first = tmp_path / "first"
    build_index(records, first)
    rulings = [r for r in records if r.kind == "ruling"][:40]
    changed = [Record(**{**vars(r), "text": r.text + " It attacks alone."}) for r in rulings]
    added = [Record(id=f"mtgjson-xa1:card:test-{n}", kind="card", source="mtgjson-xa1",
                    title=f"Test Angel {n}", text="Flying, exalted. It attacks alone.")
             for n in range(30)]
    assert append_index(first, tmp_path / "second", [*changed, *added]) == "append"
    reader = IndexReader(tmp_path / "second", INDEX_NAME)
    assert [len(leaf.deleted_docs_set) for leaf, _ in reader.leaf_readers()] == [40, 0]
    assert _same_as_whoosh(tmp_path / "second", every=5) > 1000


def test_length_bytes_decode_as_whoosh_decodes_them() -> None:
    from whoosh.util.numeric import byte_to_length as whoosh_byte_to_length

    assert [byte_to_length(b) for b in range(256)] == [whoosh_byte_to_length(b)
                                                       for b in range(256)]


def test_a_damaged_index_is_an_index_file_error(tmp_path: Path, shipped_build) -> None:
    import shutil

    folder = tmp_path / "index"
    shutil.copytree(shipped_build.index, folder)
    toc = next(folder.glob("*.toc"))
    toc.write_bytes(toc.read_bytes()[:40])
    with pytest.raises(IndexFileError):
        IndexReader(folder, INDEX_NAME)
    toc.unlink()
    with pytest.raises(OSError):
        IndexReader(folder, INDEX_NAME)
    segment = next(folder.glob("*.seg"))
    segment.write_bytes(b"\0" * 64)
    shutil.copy(next(shipped_build.index.glob("*.toc")), folder)
    with pytest.raises(IndexFileError):
        IndexReader(folder, INDEX_NAME)


def test_a_search_reads_the_payloads_whoosh_stored(shipped_build) -> None:
    reader = IndexReader(shipped_build.index, INDEX_NAME)
    first = payload_records(reader.stored_fields(0)["payload"])[0]
    last = payload_records(reader.stored_fields(reader.doc_count_all() - 1)["payload"])[-1]
    assert first["id"] != last["id"]
    assert {"id", "kind", "source", "title", "text"} <= set(first)


@pytest.mark.parametrize("typecode", ["B", "H", "i", "I", "q", "L"])
def test_whooshs_arrays_read_in_place_or_whole(typecode: str) -> None:
    """A column's lengths and offsets, as Whoosh writes them (big-endian, native item
    sizes): read whole for a small column, item by item in place past 2**15 documents
    (the stored column of a large index, whose offsets Whoosh writes)."""
    import sys
    from array import array

    from kb.index_files import _array

    for count in (1000, (1 << 15) + 5):
        values = array(typecode, [(n * 7919) % 250 for n in range(count)])
        data = array(typecode, values)
        if sys.byteorder == "little":
            data.byteswap()
        buf = memoryview(b"head" + data.tobytes() + b"tail")
        read = _array(buf, 4, typecode, count)
        assert [read[n] for n in range(count)] == list(values)


def test_skipping_lands_where_whoosh_lands(shipped_build) -> None:
    """A posting list skipped to docnums (in order, some not in it, some past its end)
    stands on the posting Whoosh's matcher stands on after the same skips, for the
    shipped index's terms of many posting blocks."""
    import random

    ours = IndexReader(shipped_build.index, INDEX_NAME)
    theirs = open_index(shipped_build.index).reader()
    try:
        (leaf, _), = ours.leaf_readers()
        (wleaf, _), = theirs.leaf_readers()
        count = ours.doc_count_all()
        terms = sorted(((wleaf.doc_frequency(n, t), n, t) for n, t in wleaf.all_terms()
                        if n == "text"), reverse=True)[:40:4]
        assert terms[-1][0] > 300  # several blocks of postings each
        skipped = 0
        for seed, (_, name, tbytes) in enumerate(terms):
            targets = sorted(random.Random(seed).sample(range(count + 50), 60))
            mine, whoosh = leaf.postings(name, tbytes.decode("utf-8")), wleaf.postings(name, tbytes)
            for target in targets:
                mine.skip_to(target)
                whoosh.skip_to(target)
                assert mine.is_active() == whoosh.is_active()
                if whoosh.is_active():
                    assert mine.id() == whoosh.id() and mine.weight() == whoosh.weight()
                    skipped += 1
        assert skipped > 300
    finally:
        theirs.close()
