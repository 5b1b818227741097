"""Fuzzing mtgkb with mutated real documents: the mutations and the paths they go through.

Shared by `tests/test_fuzz_ingest.py` (a modest number of examples in CI) and
`bench/fuzz_campaign.py` (thousands, over the public archives). Mutations cut a document,
flip bytes, add very long lines and names, control characters, other encodings and JSON
escapes. A parser may refuse a document only with IngestError; any other exception is a
bug.
"""

from __future__ import annotations

import json
import types
from collections.abc import Iterable
from pathlib import Path

from hypothesis import strategies as st

from ingest.registry import PARSER_MODULES, missing_parts, parser_for, sniff
from ingest.source import IngestError, Source, decode

SLICE = 30_000  # bytes of each seed: enough for every part of a document's structure
MUTATIONS = ("cut", "flip", "long-line", "huge-name", "control", "encode", "drop-lines",
             "json-escape", "long-title")


def seeds(paths: Iterable[Path], size: int = SLICE) -> dict[str, bytes]:
    """The head and the tail (a glossary, credits) of each document; of an MTGJSON set,
    its first and last cards (a slice of JSON would not read as JSON at all)."""
    found = {}
    for path in paths:
        raw = path.read_bytes()
        if len(raw) > size and path.suffix.lower() == ".json":
            raw = _fewer_cards(raw, size)
        found[path.name] = raw if len(raw) <= size else _head_and_tail(raw, size)
    return found


def _head_and_tail(raw: bytes, size: int) -> bytes:
    """The head, the start of the last glossary (a rules text's glossary heading) and the
    tail; cut at even bytes (a UTF-16 text stays readable)."""
    quarter = size // 8 * 2
    encoding = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}.get(raw[:2], "utf-8")
    glossary = raw.rfind("\nGlossary".encode(encoding), 0, len(raw) - quarter)
    if glossary < 0:
        return raw[:2 * quarter] + raw[-2 * quarter:]
    glossary -= glossary % 2
    return raw[:2 * quarter] + raw[glossary:glossary + quarter] + raw[-quarter:]


def _fewer_cards(raw: bytes, size: int) -> bytes:
    data = json.loads(raw)
    holder = data if "cards" in data else data.get("data", {})
    cards = list(holder.get("cards") or [])
    keep = len(cards)
    while True:
        holder["cards"] = cards[:(keep + 1) // 2] + cards[len(cards) - keep // 2:]
        out = json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8")
        if len(out) <= size or keep <= 1:
            return out
        keep = keep * 2 // 3


@st.composite
def mutated(draw: st.DrawFn, documents: dict[str, bytes]) -> bytes:
    """One of `documents` with a few mutations."""
    raw = bytearray(documents[draw(st.sampled_from(sorted(documents)))])
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(MUTATIONS))
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
            raw = bytearray(b"\n".join(lines[::draw(st.integers(1, 5))]))
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


def clean(action: object) -> object:
    """Run `action`; IngestError is a clean refusal (None), anything else propagates."""
    try:
        return action()  # type: ignore[operator]
    except IngestError:
        return None


def parse_as(raw: bytes, format_name: str) -> list | None:
    """Every step a parser offers, on the decoded bytes; its records (None if refused)."""
    text = decode(raw)
    parser = parser_for(format_name)
    parser.sniff(text)
    clean(lambda: parser.describe(text, Path("fuzz.txt")))
    missing_parts(format_name, text)
    source = Source(id="fuzz", title="fuzz", path=Path("fuzz.txt"), format=format_name,
                    date="2012-10-01", era="2012-10-01")
    records = clean(lambda: parser.parse(source, text))
    if records is not None:
        assert isinstance(records, list)
        ids = [r.id for r in records]
        assert len(ids) == len(set(ids)), "two records share an id"
    return records  # type: ignore[return-value]


def whole_path(raw: bytes, folder: Path, html: bool = True) -> str:
    """A file as `mtgkb ingest` reads it (sniffed, described, parsed), then linked, stored,
    indexed and written as a site in `folder`; what happened (`refused`, `empty`, `built`)."""
    from kb.html.site import write_site
    from kb.index import build_index
    from kb.links import build_links
    from kb.store import write_store

    text = decode(raw)
    format_name = clean(lambda: sniff(text, Path("fuzz.txt")))
    if format_name is None or (missing_parts(str(format_name), text)):
        return "refused"
    parser = parser_for(str(format_name))
    info = clean(lambda: parser.describe(text, Path("fuzz.txt")))
    if info is None:
        return "refused"
    assert isinstance(info, dict)
    source = Source(id=info["id"], title=info.get("title", "fuzz"), path=Path("fuzz.txt"),
                    format=str(format_name), date=info.get("date", ""), era=info.get("era", ""))
    records = clean(lambda: parser.parse(source, text))
    if not records:
        return "refused" if records is None else "empty"
    assert isinstance(records, list)
    graph = build_links(records)
    store = folder / "kb.sqlite"
    write_store(store, records, graph.links, graph.unresolved, graph.lineage,
                [{"id": source.id, "title": source.title, "path": "fuzz.txt",
                  "format": source.format, "date": source.date, "era": source.era,
                  "counts": {}}])
    build_index(records, folder / "index")
    if html:
        write_site(types.SimpleNamespace(store=store), folder / "site")
    return "built"


FORMATS = sorted(PARSER_MODULES)
