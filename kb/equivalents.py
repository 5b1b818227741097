"""Wordings the rules themselves equate: a term and what the rules say it means.

The Comprehensive Rules define their terms in words a judge also uses: the glossary's
`Dies`: 'A creature or planeswalker "dies" if it is put into a graveyard from the
battlefield.', rule 700.4 'The term dies means "is put into a graveyard from the
battlefield."', `Any Target`: '"Any target" is the same as "target creature, player, or
planeswalker."', and the glossary's pointers (`APNAP Order`: "See Active Player,
Nonactive Player Order."). `equivalents` reads such pairs (term, its meaning) out of the
rules records at build time; they are stored with the index (`write` / `read`) and search
reads a query that uses a term in its meaning too, as one more wording (`kb.slang`).
Nothing here is a list of words: every pair is a sentence of the documents.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from kb.patterns import lazy

if TYPE_CHECKING:
    from kb.model import Record

FILE = "equivalents.json"
# a meaning longer than this (in words) is a rule, not another wording of its term
MAX_WORDS = 8

# 'A creature "dies" if it is put ...', 'An ability ... "attacks and isn't blocked"
# triggers when the creature becomes ...': the quoted term, then its condition
_QUOTED_IF = lazy(r'"([^"]{2,40})"\s+(?:\w+\s+)?(?:if|when)\s+([^.;:,]+)')
# an aside in parentheses: "(if it's phased in)", "(starting with any one of them)"
_ASIDE = lazy(r"\s*\([^()]*\)")
# '"Any target" is the same as "target creature, player, or planeswalker."'
_SAME_AS = lazy(r'"([^"]{2,40})"\s+is the same as\s+"([^"]+)"', re.IGNORECASE)
# 'The term dies means "is put into a graveyard from the battlefield."'
_TERM_MEANS = lazy(r'\bThe (?:term|word|phrase) "?([^"]{2,40}?)"? means "([^"]+)"')
# a glossary entry that is only a pointer: "See Active Player, Nonactive Player Order."
_SEE = lazy(r'See ([^".]+?)\.?', re.IGNORECASE)
# a meaning's leading subject and verb: "it is put into" -> "put into"
_SUBJECT = lazy(r"^(?:(?:it|they|that \w+|the \w+)\s+)?(?:is|are|it's|has been)\s+",
                re.IGNORECASE)


def _clean(text: str) -> str:
    text = " ".join(text.replace('"', " ").split()).strip(" ,.")
    return _SUBJECT.sub("", text).lower()


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def definitions(title: str, text: str, glossary: bool) -> list[tuple[str, str]]:
    """The (term, meaning) pairs one rules record states (`glossary`: a glossary entry,
    whose own title is the term it defines)."""
    pairs: list[tuple[str, str]] = []
    if glossary:
        pointer = _SEE.fullmatch(text.strip())
        if pointer:
            pairs.append((title, pointer.group(1)))
        for match in _QUOTED_IF.finditer(_ASIDE.sub("", text)):
            if match.group(1).lower() == title.lower():
                pairs.append((match.group(1), match.group(2)))
    pairs += [(m.group(1), m.group(2)) for m in _SAME_AS.finditer(text)]
    pairs += [(m.group(1), m.group(2)) for m in _TERM_MEANS.finditer(text)]
    out = []
    for term, meaning in pairs:
        term, meaning = _clean(term), _clean(meaning)
        if "[" in term + meaning or len(meaning.split()) > MAX_WORDS or len(term) < 3:
            continue
        # a pointer from part of a term to the whole ("If": 'Intervening "If" Clause') or
        # from the whole to its part says nothing of what the term means
        if _words(term) <= _words(meaning) or _words(meaning) <= _words(term):
            continue
        out.append((term, meaning))
    return out


def equivalents(records: Iterable[Record]) -> list[tuple[str, str]]:
    """Every (term, meaning) pair the Comprehensive Rules' records state, the newest
    version's wording of a term first, each term once."""
    rules = sorted((r for r in records if r.source.startswith("cr-")
                    and r.kind in ("rule", "glossary")), key=lambda r: r.date, reverse=True)
    found: dict[str, str] = {}
    for record in rules:
        for term, meaning in definitions(record.title if record.kind == "glossary" else "",
                                         record.text, record.kind == "glossary"):
            found.setdefault(term, meaning)
    return sorted(found.items())


def write(records: Sequence[Record], folder: Path) -> None:
    """Store the pairs the records state beside the index in `folder`."""
    (folder / FILE).write_text(json.dumps(equivalents(records)), encoding="utf-8")


def read(folder: Path) -> tuple[tuple[str, str], ...]:
    """The pairs stored in `folder` (none for a build made before them, or damaged)."""
    try:
        pairs = json.loads((folder / FILE).read_text(encoding="utf-8"))
        return tuple((str(term), str(meaning)) for term, meaning in pairs)
    except (OSError, ValueError, TypeError):
        return ()
