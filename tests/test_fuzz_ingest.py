"""Fuzzing every parser and the ingest -> link -> store path with mutated real documents.

Seeds are the shipped sources and the files of ../shared/corpus-extra (a slice of each, so an
example stays quick); mutations cut them, flip bytes, add very long lines and names, control
characters and other encodings. The only failure a parser may report is IngestError; each
example is bounded in time (hypothesis deadline). A bigger run:

    MTGKB_FUZZ_EXAMPLES=2000 python -m pytest tests/test_fuzz_ingest.py
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.registry import PARSER_MODULES, parser_for, sniff
from ingest.source import IngestError, Source, decode
from tests.conftest import CR_FILES, DATA, MTGJSON_ALA

EXAMPLES = int(os.environ.get("MTGKB_FUZZ_EXAMPLES", "25"))
SLICE = 30_000  # bytes of each seed: enough for every part of a document's structure


def _seeds() -> dict[str, bytes]:
    files = sorted((DATA / "sources").glob("*.txt"))
    files += [p for p in (CR_FILES["2008-10-01"], MTGJSON_ALA) if p.exists()]
    seeds = {}
    for path in files:
        raw = path.read_bytes()
        # the head and the tail (a glossary, credits, the last cards) of each document
        seeds[path.name] = raw if len(raw) <= SLICE else raw[:SLICE // 2] + raw[-SLICE // 2:]
    return seeds


SEEDS = _seeds()


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """A seed with a few mutations."""
    raw = bytearray(SEEDS[draw(st.sampled_from(sorted(SEEDS)))])
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["cut", "flip", "long-line", "huge-name", "control",
                                     "encode", "drop-lines", "json-escape", "long-title"]))
        at = draw(st.integers(0, max(0, len(raw) - 1)))
        if kind == "cut":
            raw = raw[:at]
        elif kind == "flip" and raw:
            raw[at] = draw(st.integers(0, 255))
        elif kind == "long-line":
            raw[at:at] = draw(st.sampled_from([b"x", b"word ", b"702.81a ", b"Exalted "])) * \
                draw(st.integers(1000, 20_000))
        elif kind == "huge-name":
            name = draw(st.sampled_from([b"Battlegrace Angel", b"exalted", b"Flying"]))
            raw[at:at] = b"\n" + b" ".join([name] * draw(st.integers(50, 400))) + b"\n"
        elif kind == "control":
            raw[at:at] = bytes(draw(st.lists(st.integers(0, 31), min_size=1, max_size=20)))
        elif kind == "encode":
            text = decode(bytes(raw))
            raw = bytearray(text.encode(draw(st.sampled_from(["utf-16", "utf-16-be", "cp1252",
                                                              "utf-8-sig"])), "replace"))
        elif kind == "drop-lines":
            lines = bytes(raw).split(b"\n")
            keep = draw(st.integers(1, 5))
            raw = bytearray(b"\n".join(lines[::keep]))
        elif kind == "long-title":  # a card or keyword name hundreds of characters long
            words = b" ".join([b"Angel", b"of", b"Grace"] * draw(st.integers(30, 300)))
            found = raw.find(b'"name": "')
            if found >= 0:
                raw[found + 9:found + 9] = words
            else:
                raw[at:at] = b"\n702.99. " + words + b"\n\n702.99a " + words + b" is an ability.\n"
        else:
            raw[at:at] = draw(st.sampled_from([b"\\ud800", b"\\udfff x", b"\\u0000", b'\\"']))
    return bytes(raw)


def _clean(action: object) -> object:
    """Run `action`; IngestError is a clean refusal (None), anything else fails the test."""
    try:
        return action()  # type: ignore[operator]
    except IngestError:
        return None


FUZZ = settings(max_examples=EXAMPLES, deadline=timedelta(seconds=30), derandomize=False,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(raw=mutated(), format_name=st.sampled_from(sorted(PARSER_MODULES)))
def test_every_parser_refuses_cleanly_or_parses(raw: bytes, format_name: str) -> None:
    text = decode(raw)
    parser = parser_for(format_name)
    parser.sniff(text)
    _clean(lambda: parser.describe(text, Path("fuzz.txt")))
    if hasattr(parser, "missing_parts"):
        parser.missing_parts(text)
    source = Source(id="fuzz", title="fuzz", path=Path("fuzz.txt"), format=format_name,
                    date="2012-10-01", era="2012-10-01")
    records = _clean(lambda: parser.parse(source, text))
    if records is not None:
        assert isinstance(records, list)
        ids = [r.id for r in records]
        assert len(ids) == len(set(ids))


@FUZZ
@given(raw=mutated())
def test_ingest_link_store_never_tracebacks(raw: bytes, tmp_path_factory: pytest.TempPathFactory
                                            ) -> None:
    from kb.links import build_links
    from kb.store import write_store

    text = decode(raw)
    format_name = _clean(lambda: sniff(text, Path("fuzz.txt")))
    if format_name is None:
        return
    parser = parser_for(str(format_name))
    info = _clean(lambda: parser.describe(text, Path("fuzz.txt")))
    if info is None:
        return
    source = Source(id=info["id"], title=info.get("title", "fuzz"), path=Path("fuzz.txt"),
                    format=str(format_name), date=info.get("date", ""), era=info.get("era", ""))
    records = _clean(lambda: parser.parse(source, text))
    if not records:
        return
    graph = build_links(records)
    folder = tmp_path_factory.mktemp("fuzz-store")
    write_store(folder / "kb.sqlite", records, graph.links, graph.unresolved, graph.lineage,
                [{"id": source.id, "title": source.title}])
