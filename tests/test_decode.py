"""Reading bytes in every encoding the published documents come in, and saying so when a
file mixes them; the UTF-16 Comprehensive Rules of the archive parse whole."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from ingest import comprehensive_rules as cr
from ingest.registry import describe_file, parse_source
from ingest.source import decode, decode_with_notes
from tests.conftest import CR_FILES, extra_file

SAMPLE = "Æther Vial’s “exalted” — 702.81a\r\nsecond line\rthird\n"
EXPECTED = "Æther Vial’s “exalted” — 702.81a\nsecond line\nthird\n"


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be",
                                      "utf-32", "cp1252", "utf-8"])
def test_every_encoding_reads_the_same_text(encoding: str) -> None:
    raw = SAMPLE.encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):  # no byte-order mark: told by its NUL bytes
        raw = (SAMPLE * 20).encode(encoding)
        assert decode_with_notes(raw) == (EXPECTED * 20, [])
        return
    assert decode_with_notes(raw) == (EXPECTED, [])


def test_a_file_mixing_utf8_and_cp1252_reads_both_and_says_where() -> None:
    raw = "line one ’\n".encode() + "line two ’\n".encode("cp1252") + "three é\n".encode()
    text, notes = decode_with_notes(raw)
    assert text == "line one ’\nline two ’\nthree é\n"
    assert notes == ["mixed encodings: 1 place(s) are not UTF-8 and were read as Windows-1252 "
                     "(the first on line 2); 2 other non-ASCII character(s) read as UTF-8"]


def test_a_utf16_file_cut_at_an_odd_byte_says_so() -> None:
    text, notes = decode_with_notes(SAMPLE.encode("utf-16")[:-1])
    assert text.startswith("Æther") and notes == ["1 character(s) could not be read as UTF-16-LE"]


def test_bytes_never_fail_to_decode() -> None:
    for raw in (bytes(range(256)), b"\xff\xfe\x00", b"\xfe\xff\xd8\x00", b"\x00" * 9,
                "\udc80".encode("utf-8", "surrogatepass")):
        text = decode(raw)
        assert "\r" not in text and not any(0xD800 <= ord(c) <= 0xDFFF for c in text)


def test_cr_file_saved_as_utf16_parses_as_the_original(tmp_path: Path) -> None:
    original = extra_file(CR_FILES["2009-10-01"])
    as_utf16 = tmp_path / "cr.txt"
    as_utf16.write_bytes(decode(original.read_bytes()).replace("\n", "\r\n").encode("utf-16"))
    first, text = describe_file(original)
    second, text16 = describe_file(as_utf16)
    assert first.id == second.id and text16 == text
    assert [r.to_dict() for r in parse_source(first, text)] == \
        [r.to_dict() for r in parse_source(second, text16)]


UTF16_VERSIONS = ("2013-04-29", "2016-08-26", "2016-09-30", "2022-11-18")


@pytest.mark.parametrize("version", UTF16_VERSIONS)
def test_the_archives_utf16_versions_parse_whole(version: str) -> None:
    archive = os.environ.get("MTGKB_CR_ARCHIVE")
    if not archive or not (Path(archive) / f"{version}.txt").exists():
        pytest.skip("MTGKB_CR_ARCHIVE (the folder of CR texts) is not set")
    path = Path(archive) / f"{version}.txt"
    assert path.read_bytes()[:2] in (b"\xff\xfe", b"\xfe\xff")
    source, text = describe_file(path)
    assert source.format == cr.FORMAT and cr.missing_parts(text) == []
    counts = Counter(r.kind for r in parse_source(source, text))
    numbered = sum(1 for line in text.split("\n") if cr._DETAIL_RULE.match(line))
    assert counts["rule"] >= numbered > 1500
    assert counts["glossary"] > 400 and counts["keyword"] > 100 and counts["section"] == 9


def test_line_ends_are_each_one_newline() -> None:
    """CRLF, lone CR and LF, mixed in any order, each end one line (as the pattern
    `\\r\\n|\\r|\\n` reads them), so line numbers match an editor's."""
    import itertools
    import re

    pattern = re.compile(r"\r\n|\r|\n")
    for size in range(7):
        for chars in itertools.product("\r\na", repeat=size):
            text = "".join(chars)
            assert decode(text.encode("utf-8")) == pattern.sub("\n", text)
    assert decode(b"one\r\ntwo\rthree\n\r\nfour\r\r\n") == "one\ntwo\nthree\n\nfour\n\n"
