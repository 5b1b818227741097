"""Source documents: the manifest (`sources.toml`) and reading a file's text in any encoding."""

from __future__ import annotations

import codecs
import threading
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kb.errors import MtgkbError


class IngestError(MtgkbError):
    """A source that cannot be read or parsed; the message names the file (and line)."""


@dataclass(frozen=True)
class Source:
    """One source document as the manifest describes it."""

    id: str
    title: str
    path: Path
    format: str
    date: str = ""
    era: str = ""

    def with_(self, **changes: Any) -> Source:
        """A copy with some fields changed."""
        return replace(self, **changes)


# longest first: the UTF-32 little-endian mark starts with the UTF-16 one
_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"),
)
_SNIFF_BYTES = 4096
_FALLBACK = "mtgkb-cp1252"
_fallback_spans = threading.local()


def _cp1252_fallback(exc: UnicodeError) -> tuple[str, int]:
    """Codec error handler: bytes that are not UTF-8 are read as Windows-1252 (and noted)."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    _fallback_spans.found.append((exc.start, exc.end))
    return bytes(exc.object[exc.start:exc.end]).decode("cp1252", errors="replace"), exc.end


codecs.register_error(_FALLBACK, _cp1252_fallback)


def _utf16_without_bom(raw: bytes) -> str | None:
    """`utf-16-le` / `utf-16-be` for text saved as UTF-16 without a byte-order mark (mostly
    ASCII characters, so every other byte is NUL), else None."""
    head = raw[:_SNIFF_BYTES]
    half = len(head) // 2
    if half < 2 or b"\x00" not in head:
        return None
    even, odd = head[0::2].count(0), head[1::2].count(0)
    if odd > 0.6 * half and even < 0.05 * half:
        return "utf-16-le"
    if even > 0.6 * half and odd < 0.05 * half:
        return "utf-16-be"
    return None


def _utf8_or_cp1252(raw: bytes) -> tuple[str, list[str]]:
    """UTF-8 where the bytes are valid UTF-8, Windows-1252 where not; a note when a file
    has both (pasted together from two files), so mojibake is never silent."""
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    _fallback_spans.found = []
    try:
        text = raw.decode("utf-8", errors=_FALLBACK)
        spans = _fallback_spans.found
    finally:
        del _fallback_spans.found
    fallback_chars = sum(end - start for start, end in spans)  # one character per byte
    utf8_chars = len(text) - len(text.encode("ascii", errors="ignore")) - fallback_chars
    if utf8_chars <= 0:  # no UTF-8 beyond ASCII: a Windows-1252 file
        return raw.decode("cp1252", errors="replace"), []
    line = raw.count(b"\n", 0, spans[0][0]) + 1
    return text, [f"mixed encodings: {len(spans)} place(s) are not UTF-8 and were read as "
                  f"Windows-1252 (the first on line {line}); {utf8_chars} other non-ASCII "
                  "character(s) read as UTF-8"]


def decode_with_notes(raw: bytes) -> tuple[str, list[str]]:
    """Bytes to text, and notes on what the reading had to guess.

    A byte-order mark decides (UTF-8, UTF-16, UTF-32); text saved as UTF-16 without one is
    recognised by its NUL bytes; otherwise UTF-8, with bytes that are not UTF-8 read as
    Windows-1252 (a note names the place when the file also has UTF-8 text). Newlines
    become `\\n`: CRLF, lone CR and LF (mixed, too) each end one line, so line numbers
    match what an editor shows for the original file.
    """
    notes: list[str] = []
    bom, encoding = next(((b, name) for b, name in _BOMS if raw.startswith(b)), (b"", None))
    if encoding is None:
        encoding = _utf16_without_bom(raw)
    if encoding is None or encoding == "utf-8":
        text, notes = _utf8_or_cp1252(raw[len(bom):])
    else:
        text = raw[len(bom):].decode(encoding, errors="replace")
        if lost := text.count("\ufffd") - raw.decode(encoding, errors="ignore").count("\ufffd"):
            notes.append(f"{lost} character(s) could not be read as {encoding.upper()}")
    return _lf(text), notes


def _lf(text: str) -> str:
    """Every line end `\\n`: a CRLF, then each lone CR (what `re.sub(r"\\r\\n|\\r", "\\n")`
    gives, in passes at C speed: the pattern tried every character of a rules text)."""
    if "\r" not in text:
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode(raw: bytes) -> str:
    """Bytes to text in any encoding mtgkb reads (see `decode_with_notes`)."""
    return decode_with_notes(raw)[0]


def read_text_with_notes(path: Path) -> tuple[str, list[str]]:
    """The decoded text of a file and the notes on its reading, or IngestError naming it."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise IngestError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    return decode_with_notes(raw)


def read_text(path: Path) -> str:
    """The decoded text of a file, or IngestError naming it."""
    return read_text_with_notes(path)[0]


def shipped_data_dir() -> Path:
    """The `data/` folder installed with the package (manifest and seed documents)."""
    import mtgkb_data

    return mtgkb_data.folder()


def load_manifest(data_dir: Path) -> list[Source]:
    """The sources listed in `data_dir/sources.toml`, paths resolved against `data_dir`."""
    manifest = data_dir / "sources.toml"
    try:
        entries = tomllib.loads(manifest.read_text(encoding="utf-8")).get("source", [])
    except OSError as exc:
        raise IngestError(f"{manifest}: cannot read ({exc.strerror or exc})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise IngestError(f"{manifest}: not valid TOML ({exc})") from exc
    sources = []
    for number, entry in enumerate(entries, 1):
        missing = [key for key in ("id", "path", "format") if not entry.get(key)]
        if missing:
            raise IngestError(f"{manifest}: source #{number} lacks {', '.join(missing)}")
        sources.append(Source(
            id=entry["id"], title=entry.get("title", entry["id"]), path=data_dir / entry["path"],
            format=entry["format"], date=str(entry.get("date", "")), era=str(entry.get("era", "")),
        ))
    return sources
