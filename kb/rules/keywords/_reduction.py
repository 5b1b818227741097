"""Shared pieces of convoke and delve: paying part of a spell's cost with creatures tapped or
cards exiled from a graveyard, by the rules of the model and by the numbers a text states."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from kb.rules.game import COLORS, Cost, Game, GameObject, Player, StackItem

LETTERS = {name: letter for letter, name in COLORS.items()}


def reduce_cost(cost: Cost, payers: Iterable[set[str]], generic_each: int, colored: bool,
                unlimited: bool) -> Cost | None:
    """`cost` less what the payers pay: each pays one coloured mana of a colour it has (colour
    letters; when `colored`), else `generic_each` generic mana; None when a payer would pay
    for nothing and `unlimited` is False (it may not be used)."""
    left = Cost(cost.generic, Counter(cost.colored), list(cost.other))
    for colors in payers:
        color = next((c for c in sorted(colors) if colored and left.colored[c] > 0), None)
        if color is not None:
            left.colored[color] -= 1
        elif left.generic > 0 and generic_each > 0:
            left.generic -= min(generic_each, left.generic)
        elif not unlimited:
            return None
    left.colored = +left.colored
    return left


def letters(obj: GameObject) -> set[str]:
    """An object's colours as mana letters (`green` -> `G`)."""
    return {LETTERS[c] for c in obj.colors if c in LETTERS}


def apply_to(cost: Cost, reduced: Cost) -> None:
    """Make `cost` (the spell's total cost, changed in place by a cost hook) `reduced`."""
    cost.generic, cost.colored = reduced.generic, reduced.colored


def cast_paying_with(game: Game, player: Player, card: GameObject, note: str,
                     payers: Iterable[GameObject]) -> StackItem:
    """Cast `card`, the objects that pay part of its cost (tapped creatures, exiled cards)
    noted under `note` for its cost_change hook, which reads them once."""
    card.notes[note] = (player, list(payers))
    try:
        return game.cast(player, card)
    finally:
        card.notes.pop(note, None)
