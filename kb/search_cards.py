"""The subjects of records and the cards a query names.

A card record, a card's ruling, and a ruling or Q&A answer filed under a keyword of its
document are about a subject (the card, the keyword). "does Etherium Sculptor reduce
colored mana" names Etherium Sculptor: the words of its name are in its card record and in
every ruling of it, so they tell those records apart not at all; among the records about a
card the query names, the rest of the query decides (the card record, a description, wins
only when the query says no more than the name). A record about a subject the query does
not name answers something narrower than what was asked (`unsaid_subject`).
"""

from __future__ import annotations

import functools
from typing import Any

from kb.era import modernize
from kb.index import stems


def named_cards(query_stems: list[str], records: list[dict[str, Any]]) -> dict[str, set[str]]:
    """The cards (of the records' `cards`) whose whole name the query says, in order, each
    with the stems of its name."""
    said = f" {' '.join(query_stems)} "
    named: dict[str, set[str]] = {}
    for record in records:
        for card in record.get("cards") or []:
            if card in named:
                continue
            name = name_stems(card)
            if name and f" {' '.join(name)} " in said:
                named[card] = set(name)
    return named


def about(record: dict[str, Any], named: dict[str, set[str]]) -> list[str]:
    """The named cards a record is about (a card's own record, or a ruling of it)."""
    return [card for card in record.get("cards") or [] if card in named]


def subjects(record: dict[str, Any]) -> list[str]:
    """What a record is about: its cards, and for a ruling or Q&A answer the keyword entry
    of its own document it is filed under (`src:keyword:miracle:qa:5` -> "miracle")."""
    found = list(record.get("cards") or [])
    if record["kind"] in ("ruling", "qa"):
        found += [ref.rsplit(":", 1)[1].replace("-", " ") for ref in record.get("refs") or []
                  if ":keyword:" in ref and record["id"].startswith(ref + ":")]
    return found


def unsaid_subject(record: dict[str, Any], query_stems: set[str]) -> set[str]:
    """The stems of the record's subjects that the query does not say."""
    return {s for subject in subjects(record) for s in name_stems(subject)} - query_stems


@functools.lru_cache(maxsize=20000)
def name_stems(name: str) -> tuple[str, ...]:
    """The index's stems of a name, in order."""
    return tuple(stems(modernize(name)))
