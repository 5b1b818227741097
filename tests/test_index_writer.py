"""The index writer: `build_index` writes the segment Whoosh's own writer writes for the
same documents (every term, posting, weight, position list, block bound, field length and
stored payload), so search finds and scores exactly what it did with Whoosh's writer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kb.index import INDEX_NAME, _document, build_index, open_index, schema
from kb.model import Record
from kb.store import KnowledgeBase

# texts whose tokens are tricky: non-ASCII letters whose lower case is longer, curly
# apostrophes, possessives, rule numbers, an empty text, repeated texts
ODD_TEXTS = [
    "İstanbul’s creature's ability; Ærathi Berserker's “trample” — 702.19b.",
    "Don’t sacrifice it. It's the player's turn: 1/1, +2/+2, X.",
    "",
    "Whenever a creature you control attacks alone, it gets +1/+1 until end of turn.",
    "Whenever a creature you control attacks alone, it gets +1/+1 until end of turn.",
    " ".join(f"word{i % 300}" for i in range(2000)),  # postings spanning several blocks
]


def _whoosh_writer_index(records: list[Record], folder: Path) -> None:
    """The reference: Whoosh's own writer, one `add_document` per record."""
    from whoosh import index

    folder.mkdir()
    ix = index.create_in(str(folder), schema(), indexname=INDEX_NAME)
    writer = ix.writer()
    for record in records:
        writer.add_document(**_document(record))
    writer.commit()


def _contents(folder: Path) -> dict[str, Any]:
    """Everything a search can read from an index, in comparable form."""
    reader = open_index(folder).reader()
    names = schema().names()
    terms = list(reader.all_terms())
    out: dict[str, Any] = {"count": reader.doc_count(), "terms": terms}
    out["field_lengths"] = [(f, reader.field_length(f), reader.max_field_length(f))
                            for f in names if schema()[f].scorable]
    out["doc_lengths"] = [[reader.doc_field_length(d, f) for f in names]
                          for d in range(reader.doc_count())]
    out["stored"] = [reader.stored_fields(d) for d in range(reader.doc_count())]
    postings = []
    for field, term in terms:
        info = reader.term_info(field, term)
        matcher = reader.postings(field, term)
        blocks = []
        while matcher.is_active():  # each posting's block bounds (what a search skips by)
            blocks.append((matcher.id(), matcher.block_max_weight(),
                           matcher.block_min_length(), matcher.block_max_length()))
            matcher.next()
        postings.append((info.weight(), info.doc_frequency(), info.min_length(),
                         info.max_length(), info.max_weight(), info.min_id(), info.max_id(),
                         list(reader.postings(field, term).all_items()), blocks))
    out["postings"] = postings
    reader.close()
    return out


@pytest.fixture(scope="module")
def records(shipped_build) -> list[Record]:
    with KnowledgeBase(shipped_build.store) as kb:
        shipped = list(kb.records())
    odd = [Record(id=f"odd:{i}", kind="rule", source="odd", rule=f"702.{i}a",
                  title=f"702.{i}a Odd’s {i}", text=text, keywords=["exalted"],
                  cards=["Ærathi Berserker"])
           for i, text in enumerate(ODD_TEXTS)]
    return shipped[::4] + odd + shipped[1::9]


def test_the_segment_is_whooshs_own(records: list[Record], tmp_path: Path) -> None:
    build_index(records, tmp_path / "fast")
    _whoosh_writer_index(records, tmp_path / "whoosh")
    fast, whoosh = _contents(tmp_path / "fast"), _contents(tmp_path / "whoosh")
    assert fast["count"] == len(records)
    assert len(fast["terms"]) > 5000
    for key in whoosh:
        assert fast[key] == whoosh[key], key


def test_values_forgotten_and_met_again_give_the_same_segment(
        records: list[Record], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer knows only the latest field values by number (`_ANALYSED_KEPT`): a value
    met again after it was forgotten gets a second number, and a term's postings then
    come from both; the segment is still Whoosh's own."""
    import kb.index

    monkeypatch.setattr(kb.index, "_ANALYSED_KEPT", 3)
    build_index(records, tmp_path / "fast")
    _whoosh_writer_index(records, tmp_path / "whoosh")
    fast, whoosh = _contents(tmp_path / "fast"), _contents(tmp_path / "whoosh")
    for key in whoosh:
        assert fast[key] == whoosh[key], key


def test_build_index_reports_the_writing_of_each_field(tmp_path: Path) -> None:
    seen: list[str] = []
    record = Record(id="r", kind="rule", source="s", rule="100.1", title="100.1", text="Hi.")
    build_index([record], tmp_path / "ix", progress=seen.append)
    assert any("field text" in message for message in seen)



def test_a_records_payload_reads_back_as_its_export_fields(
        records: list[Record], tmp_path: Path) -> None:
    """What a search reads back of a record is its export fields, value for value, through
    the stored column (pickled, compressed as stored blocks) and Whoosh's own reader:
    quotes, back-slashes, control and non-ASCII characters, a lone surrogate, a rule
    number or none, lists of names, a text over one stored block (64 KB)."""
    from whoosh import index as whoosh_index

    from kb.index import INDEX_NAME, payload_records
    from kb.index_files import IndexReader

    odd = Record(id='odd:"q"\\', kind="ruling", source="odd", rule=None,
                 title="Æther \"Vial\"\t\u2028", text="line\nnext\x00 – “curly” 😀 \udc80",
                 keywords=['a"b', "é"], cards=[], refs=["x\\y"], date="2008-10-01")
    long = Record(id="odd:2", kind="rule", source="odd", title="t", text="word " * 20_000)
    chosen = [*records[:50], odd, long]
    build_index(chosen, tmp_path / "ix")
    ours = IndexReader(tmp_path / "ix", INDEX_NAME)
    with whoosh_index.open_dir(str(tmp_path / "ix"), indexname=INDEX_NAME).reader() as theirs:
        for docnum in range(ours.doc_count_all()):
            read = payload_records(ours.stored_fields(docnum)["payload"])
            assert read == payload_records(theirs.stored_fields(docnum)["payload"])
            assert [r["id"] for r in read] == [chosen[docnum].id]
            assert read == [chosen[docnum].export()]
