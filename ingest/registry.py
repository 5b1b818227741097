"""The parser for each source format, and sniffing the format of a file a user brings.

Every parser module exposes:
- `FORMAT`: its format name, as written in `sources.toml`;
- `sniff(text) -> bool`: whether a decoded text looks like this format (cheap: the head);
- `describe(text, path) -> dict`: `id`, `title`, `date`, `era` for a file given to
  `mtgkb ingest PATH` (read from the document where it says them);
- `parse(source, text) -> list[Record]`: the records, with provenance;
and may expose `missing_parts(text) -> list[str]`: the parts a whole document of its
format has and this text lacks (a file cut off mid-way).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from ingest.source import IngestError, Source, read_text_with_notes
from kb.model import Record

# Most specific first: sniffing tries them in this order.
PARSER_MODULES: dict[str, str] = {
    "mtgjson": "ingest.mtgjson",
    "comprehensive-rules": "ingest.comprehensive_rules",
    "set-faq": "ingest.set_faq",
    "keyword-thread": "ingest.keyword_thread",
    "rulings-db": "ingest.rulings_db",
    "wiki-keywords": "ingest.wiki_keywords",
    "rules-blog": "ingest.rules_blog",
}


def parser_for(format_name: str) -> ModuleType:
    """The parser module of a format, or IngestError for an unknown one."""
    try:
        return importlib.import_module(PARSER_MODULES[format_name])
    except KeyError:
        known = ", ".join(PARSER_MODULES)
        raise IngestError(f"unknown format {format_name!r} (known: {known})") from None


def source_text_with_notes(path: Path) -> tuple[str, list[str]]:
    """A file's text (a page saved from a browser reduced to the text it shows) and the
    notes on reading it (mixed encodings)."""
    text, notes = read_text_with_notes(path)
    from ingest import html_page

    if html_page.looks_like_html(text):
        return html_page.html_to_text(text), notes
    return text, notes


def source_text(path: Path) -> str:
    """A file's text; a page saved from a browser is reduced to the text it shows."""
    return source_text_with_notes(path)[0]


def missing_parts(format_name: str, text: str) -> list[str]:
    """What a whole document of this format has and `text` lacks ([] when whole)."""
    check = getattr(parser_for(format_name), "missing_parts", None)
    return list(check(text)) if check else []


def sniff(text: str, path: Path) -> str:
    """The format of a document, or IngestError naming the file."""
    for name in PARSER_MODULES:
        if parser_for(name).sniff(text):
            return name
    raise IngestError(f"{path}: not a format mtgkb can read ({', '.join(PARSER_MODULES)})")


def _ending(text: str) -> str:
    """Where a text ends: `it ends at line 4609: 'Attack Multiple Players'`."""
    lines = text.rstrip().split("\n")
    last = lines[-1].strip()
    shown = last if len(last) <= 60 else last[:57] + "..."
    return f"it ends at line {len(lines)}: {shown!r}"


def describe_file(path: Path) -> tuple[Source, str]:
    """A manifest entry for a file given on the command line, and its text; IngestError
    for a file that is not whole (a Comprehensive Rules text cut off before its end)."""
    source, text, _ = describe_file_with_notes(path)
    return source, text


def describe_file_with_notes(path: Path) -> tuple[Source, str, list[str]]:
    """`describe_file`, and the notes on reading the file (`source_text_with_notes`)."""
    text, notes = source_text_with_notes(path)
    format_name = sniff(text, path)
    if missing := missing_parts(format_name, text):
        raise IngestError(f"{path}: cut off? this {format_name} text lacks "
                          f"{' and '.join(missing)} ({_ending(text)}); not added")
    info = parser_for(format_name).describe(text, path)
    source = Source(id=info["id"], title=info.get("title", info["id"]), path=path,
                    format=format_name, date=info.get("date", ""), era=info.get("era", ""))
    return source, text, notes


def parse_source(source: Source, text: str | None = None) -> list[Record]:
    """All records of one source; any failure becomes IngestError naming the file."""
    if text is None:
        text = source_text(source.path)
    parser = parser_for(source.format)
    try:
        return parser.parse(source, text)
    except IngestError:
        raise
    except Exception as exc:  # a parser bug must still name the file, not dump a traceback
        raise IngestError(f"{source.path}: cannot parse as {source.format} ({exc})") from exc
