"""Where every record lives in the site: its page (a relative file path) and its anchor.

Pages: `index.html`, `findings.html`, `keyword/<slug>.html` (one per keyword name, all
sources), `card/<slug>.html` (one per card name, all sources), `rules/<source>/<nnn>.html`
(one per three-digit rule of each rules version or source), `faq/<source>/<slug>.html`
(one per FAQ section), `glossary/<source>.html`, `source/<source>.html`.

Every record has exactly one home (page and anchor), so any reference resolves to one
place. Anchors are rule numbers for rules (`#702.81a`) and derived from the record id for
the others; both are stable across builds of the same data.

File names (`file_name`) depend on their own name alone, never on which other names are
present, and are portable: lower-case ASCII, at most MAX_NAME characters, never a name
Windows reserves (CON, NUL, COM1, …), never `.` or `..`. An id that is already a plain slug
(`cr-2026-01-16`, `702`) is kept, as is a card or keyword name of plain words (`battlegrace
angel` -> `battlegrace-angel`); any other gets its readable slug, `--` and a hash of the
name (`ajani-s-pridemate--3f1c9a2b1d`), which no plain slug has, so two names never share
a file.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from kb.model import Record, slugify

_UNSAFE = re.compile(r"[^A-Za-z0-9._~-]")
CURRENT = "rules/current/"  # today's rules, at addresses that name no version
MAX_NAME = 100
_PLAIN = re.compile(r"[a-z0-9]+(?:[-.][a-z0-9]+)*")
_WORDS = re.compile(r"[a-z0-9]+(?: [a-z0-9]+)*")
_RESERVED = re.compile(r"(?:con|prn|aux|nul|com[0-9]|lpt[0-9]|current)(?:\..*)?")


@dataclass(frozen=True)
class Place:
    """A page of the site and an anchor on it ("" for the top of the page)."""

    page: str
    anchor: str = ""


def file_name(name: str, words: bool = False) -> str:
    """The portable, collision-free file name (without extension) of a name: of an id
    (`cr-2026-01-16`), or with `words` of a lower-case name (`ad nauseam` -> `ad-nauseam`)."""
    plain = _WORDS.fullmatch(name) if words else _PLAIN.fullmatch(name)
    slug = name.replace(" ", "-") if words else name
    if len(slug) <= MAX_NAME and plain and not _RESERVED.fullmatch(slug):
        return slug
    digest = hashlib.sha1(name.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"{slugify(name)[:MAX_NAME - 12].rstrip('-')}--{digest}"


class NameClash(ValueError):
    """Two names that would share a file of the site."""


def unique_slugs(names: Iterable[str], words: bool = False) -> dict[str, str]:
    """The file name of every name (`file_name`); an error if two would share one."""
    slugs: dict[str, str] = {}
    owner: dict[str, str] = {}
    for name in set(names):
        slug = file_name(name, words)
        if owner.setdefault(slug, name) != name:
            raise NameClash(f"{name!r} and {owner[slug]!r} would share the file name {slug}")
        slugs[name] = slug
    return slugs


def rules_folder(source: str) -> str:
    """The folder of a source's rules pages (`rules/cr-2026-01-16/`)."""
    return f"rules/{file_name(source)}/"


def safe_name(text: str) -> str:
    """A string usable as a file name, an HTML id and a URL fragment as it is."""
    return _UNSAFE.sub("-", text) or "x"


def anchor_of(record: Record) -> str:
    """The record's anchor: its rule number for a rule, else its id made URL-safe."""
    if record.kind == "rule" and record.rule:
        return safe_name(record.id[len(record.source) + 1:])
    return safe_name(record.id.replace(":", "."))


def keyword_name(record: Record) -> str:
    """The lower-case keyword a keyword record defines."""
    return record.keywords[0] if record.keywords else record.title.lower()


def card_name(record: Record) -> str:
    """The key that groups a card's records across sources."""
    return record.title.strip().lower()


def is_faq_section(record: Record) -> bool:
    """A section of prose (FAQ, thread), as opposed to a numbered rules section."""
    return record.kind == "section" and "number" not in record.meta


def top_rule(number: str) -> str:
    """`702.81a` -> `702`."""
    return number.split(".")[0]


def relative(from_page: str, to: Place) -> str:
    """The href from one page of the site to a place (pages are paths from the root)."""
    if to.page == from_page:
        path = ""
    else:
        here, _, _ = from_page.rpartition("/")
        there, _, name = to.page.rpartition("/")
        path = name if here == there else "../" * (here.count("/") + 1 if here else 0) + to.page
    return f"{path}#{to.anchor}" if to.anchor else (path or "#")


class Layout:
    """The home of every record and the file names of the grouped pages."""

    def __init__(self, records: list[Record]) -> None:
        self.by_id = {r.id: r for r in records}
        self.keyword_slugs = unique_slugs((keyword_name(r) for r in records
                                           if r.kind == "keyword"), words=True)
        self.card_slugs = unique_slugs((card_name(r) for r in records if r.kind == "card"),
                                       words=True)
        unique_slugs({r.source for r in records})  # two source ids never share a folder
        self._homes: dict[str, Place] = {}

    def keyword_page(self, name: str) -> str:
        """The page of a keyword (lower-case name)."""
        return f"keyword/{self.keyword_slugs[name]}.html"

    def card_page(self, name: str) -> str:
        """The page of a card (lower-case name)."""
        return f"card/{self.card_slugs[name]}.html"

    @staticmethod
    def rules_page(source: str, top: str) -> str:
        """The page of one three-digit rule of one source."""
        return f"{rules_folder(source)}{file_name(top)}.html"

    @staticmethod
    def source_page(source: str) -> str:
        """The page of a source document."""
        return f"source/{file_name(source)}.html"

    @staticmethod
    def glossary_page(source: str) -> str:
        """The glossary of one rules version."""
        return f"glossary/{file_name(source)}.html"

    @staticmethod
    def faq_page(section: Record) -> str:
        """The page of a FAQ section."""
        tail = section.id[len(section.source) + 1:].removeprefix("section:")
        return f"faq/{file_name(section.source)}/{file_name(tail)}.html"

    def home(self, record: Record) -> Place:
        """Where a record is shown in full."""
        if record.id not in self._homes:
            self._homes[record.id] = Place(self._page_of(record), anchor_of(record))
        return self._homes[record.id]

    def place(self, record_id: str) -> Place | None:
        """The home of a record id, or None for an id the knowledge base does not hold."""
        record = self.by_id.get(record_id)
        return self.home(record) if record else None

    def _page_of(self, record: Record) -> str:
        if record.kind == "keyword":
            return self.keyword_page(keyword_name(record))
        if record.kind == "card":
            return self.card_page(card_name(record))
        if record.kind == "glossary":
            return self.glossary_page(record.source)
        if record.kind == "section":
            return self.faq_page(record) if is_faq_section(record) else self.source_page(
                record.source)
        container = self.container(record)
        if container is not None:
            return self._page_of(container)
        if record.kind == "rule" and record.rule:
            return self.rules_page(record.source, top_rule(record.rule))
        return self.source_page(record.source)

    def container(self, record: Record) -> Record | None:
        """The nearest ancestor with a page of its own (card, keyword, FAQ section), if any.

        Rulings and Q&A without one live with the rule they hang from, if any.
        """
        seen = {record.id}
        parent = self.by_id.get(record.parent or "")
        while parent is not None and parent.id not in seen:
            if parent.kind in ("card", "keyword") or is_faq_section(parent):
                return parent
            if parent.kind == "rule" and record.kind != "rule":
                return parent
            seen.add(parent.id)
            parent = self.by_id.get(parent.parent or "")
        return None
