"""Cards a query names: "does Etherium Sculptor reduce colored mana" names Etherium Sculptor.

The words of a named card's name are in its card record and in every ruling of it, so they
tell those records apart not at all: among the records about a card the query names, the
rest of the query decides (and the card record, a description, wins only when the query
says no more than the name).
"""

from __future__ import annotations

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
            name = stems(modernize(card))
            if name and f" {' '.join(name)} " in said:
                named[card] = set(name)
    return named


def about(record: dict[str, Any], named: dict[str, set[str]]) -> list[str]:
    """The named cards a record is about (a card's own record, or a ruling of it)."""
    return [card for card in record.get("cards") or [] if card in named]
