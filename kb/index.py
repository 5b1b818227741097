"""The Whoosh index: the one module that knows Whoosh (so the engine stays swappable).

Matching fields hold era-normalised text (`kb.era.modernize`), so a query in either
wording finds both; the stored `payload` holds the record's export fields for display.
Rule numbers live in ID fields (`rule`, and `rule_prefix` for `702.81` -> its subrules).
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from whoosh import fields, index
from whoosh.analysis import Analyzer, StemmingAnalyzer

from kb.era import modernize

if TYPE_CHECKING:
    from kb.model import Record

# what opening a removed or damaged index raises (files gone, a segment unreadable)
UNREADABLE: tuple[type[Exception], ...] = (OSError, index.IndexError)

INDEX_NAME = "records"
NAMES_FILE = "names.json"


@functools.cache
def text_analyzer() -> Analyzer:
    """English stemming without a stoplist, so phrases keep every word and its position
    (one shared instance: building an analyzer costs more than running it)."""
    return StemmingAnalyzer(stoplist=None, minsize=1)


def schema() -> fields.Schema:
    """Stored payload for display, analysed fields for matching, ID fields for filters."""
    analyzer = text_analyzer()
    return fields.Schema(
        id=fields.ID(stored=True, unique=True),
        kind=fields.ID(stored=True),
        source=fields.ID(stored=True),
        rule=fields.ID(stored=True),
        rule_prefix=fields.KEYWORD(commas=False, lowercase=True),
        title=fields.TEXT(analyzer=analyzer, field_boost=2.0, phrase=True),
        names=fields.TEXT(analyzer=analyzer, field_boost=3.0, phrase=True, spelling=True),
        text=fields.TEXT(analyzer=analyzer, phrase=True),
        defines=fields.TEXT(analyzer=analyzer, phrase=True),
        payload=fields.STORED(),
    )


def _rule_prefixes(number: str | None) -> str:
    if not number:
        return ""
    prefixes = [number]
    while number[-1].isalpha():
        number = number[:-1]
        prefixes.append(number)
    return " ".join(prefixes)


# `"Exalted" means …`, `A creature "attacks alone" if …`: the text defines the quoted term
_DEFINITION = re.compile(r'"([^"\n]{2,40})"\s+(?:means|if|is|refers to)\b')


def defined_terms(record: Record) -> list[str]:
    """The terms a record defines: its title for keywords and glossary entries, and each
    quoted term a rules text explains (`"X" means`, `"X" if`)."""
    terms = [record.title] if record.kind in ("keyword", "glossary") else []
    if record.kind in ("rule", "keyword", "glossary"):
        terms += [t.rstrip(".,") for t in _DEFINITION.findall(record.text)]
    return list(dict.fromkeys(terms))


def _document(record: Record) -> dict[str, str]:
    names = [*record.keywords, *record.cards]
    if record.kind in ("keyword", "card", "glossary"):
        names.append(record.title)
    return {
        "id": record.id,
        "kind": record.kind,
        "source": record.source,
        "rule": record.rule or "",
        "rule_prefix": _rule_prefixes(record.rule),
        "title": modernize(record.title),
        "names": " ; ".join(dict.fromkeys(names)),
        "text": modernize(record.text),
        "defines": " ; ".join(modernize(t) for t in defined_terms(record)),
        "payload": json.dumps(record.export(), ensure_ascii=False),
    }


# Below this many records one process indexes faster than starting a second one.
PARALLEL_FROM = 3000


def build_index(records: Sequence[Record], folder: Path) -> None:
    """Index every record into a new folder (in two processes for a large corpus, leaving
    one segment per process: merging them would cost more than it saves at search time)."""
    folder.mkdir(parents=True, exist_ok=True)
    ix = index.create_in(str(folder), schema(), indexname=INDEX_NAME)
    procs = min(2, os.cpu_count() or 1) if len(records) >= PARALLEL_FROM else 1
    writer = ix.writer(limitmb=256, procs=procs, multisegment=procs > 1)
    name_words: set[str] = set()
    for record in records:
        writer.add_document(**_document(record))
        if record.kind in ("keyword", "card", "glossary"):
            name_words.update(w for w in re.findall(r"[a-z][a-z'-]+", record.title.lower())
                              if len(w) > 2)
    writer.commit()
    (folder / NAMES_FILE).write_text(json.dumps(sorted(name_words)), encoding="utf-8")


def open_index(folder: Path) -> index.Index:
    """Open an index mtgkb built (only ever one inside a marked KB home)."""
    return index.open_dir(str(folder), indexname=INDEX_NAME)
