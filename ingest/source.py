"""Source documents: the manifest (`sources.toml`) and reading a file's text in any encoding."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any


class IngestError(Exception):
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


_NEWLINES = re.compile(r"\r\n|\r|\n")


def decode(raw: bytes) -> str:
    """Bytes to text: UTF-8 (with or without BOM), else Windows-1252; newlines become `\\n`.

    CRLF, lone CR and LF (mixed, too) each end one line, so line numbers match what an
    editor shows for the original file.
    """
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    return _NEWLINES.sub("\n", text)


def read_text(path: Path) -> str:
    """The decoded text of a file, or IngestError naming it."""
    try:
        return decode(path.read_bytes())
    except OSError as exc:
        raise IngestError(f"{path}: cannot read ({exc.strerror or exc})") from exc


def shipped_data_dir() -> Path:
    """The `data/` folder installed with the package (manifest and seed documents)."""
    import mtgkb_data

    return Path(mtgkb_data.__file__).resolve().parent


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
