"""A card's printings as a reader wants them: a reprint that gives no ruling of its own is
folded into the newest printing.

Over many card sets a card is printed again and again (Serra Angel in ten core sets), each
printing with the same Gatherer rulings and mostly the same text (some with reminder
text, the oldest in their own wording: the reader sees each wording where the printing is
listed). `fold` takes the printings newest first and keeps in full the newest and any
that brings a ruling not given yet; a printing kept in full shows only its rulings not
given yet. Every ruling not shown is an alias of the identical one shown, so that
whatever links to it can still land on its text.

>>> from types import SimpleNamespace as R
>>> new = R(id="m10", text="Flying")
>>> old = R(id="10e", text="Flying")
>>> rule = R(id="m10:r1", text="It flies.")
>>> same = R(id="10e:r1", text="It flies.")
>>> [f.card.id for f in fold([(new, [rule]), (old, [same])])]
['m10']
>>> f = fold([(new, [rule]), (old, [same])])[0]
>>> [c.id for c in f.reprints], {k: [a.id for a in v] for k, v in f.aliases.items()}
(['10e'], {'m10:r1': ['10e:r1']})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

Card = TypeVar("Card")
Ruling = TypeVar("Ruling")


@dataclass
class Folded(Generic[Card, Ruling]):
    """A printing shown in full: its rulings not given by a printing before it, its
    rulings given before (`given`), the reprints folded into it, and for each ruling shown
    (by id) the identical rulings of later printings it stands for."""

    card: Card
    rulings: list[Ruling] = field(default_factory=list)
    given: list[Ruling] = field(default_factory=list)
    reprints: list[Card] = field(default_factory=list)
    aliases: dict[str, list[Ruling]] = field(default_factory=dict)


def fold(printings: Sequence[tuple[Any, Sequence[Any]]]) -> list[Folded[Any, Any]]:
    """The printings to show in full, newest first (`printings`: each card record with its
    rulings, newest first; a card has an `id`, a ruling an `id` and a `text`)."""
    kept: list[Folded[Any, Any]] = []
    shown: dict[str, tuple[Folded[Any, Any], Any]] = {}  # a ruling's text -> where it is shown
    for card, rulings in printings:
        printing: Folded[Any, Any] | None
        if kept and all(ruling.text in shown for ruling in rulings):
            kept[0].reprints.append(card)
            printing = None
        else:
            printing = Folded(card)
            kept.append(printing)
        for ruling in rulings:
            if ruling.text in shown:
                owner, first = shown[ruling.text]
                owner.aliases.setdefault(first.id, []).append(ruling)
                if printing is not None:
                    printing.given.append(ruling)
            else:  # (a text not shown yet keeps its printing in full)
                assert printing is not None
                printing.rulings.append(ruling)
                shown[ruling.text] = (printing, ruling)
    return kept
