"""Shared pieces of the library keywords (ripple, cascade, scry, fateseal, clash): a library
in a known order, the top cards, cards put on the bottom, and where a card now lies."""

from __future__ import annotations

from collections.abc import Iterable

from kb.rules.game import Game, GameObject, Player


def top(player: Player, n: int) -> list[GameObject]:
    """The top `n` cards of a library (all of them when it has fewer), top first."""
    return list(player.library[:max(n, 0)])


def put_on_bottom(game: Game, cards: Iterable[GameObject]) -> None:
    """Put cards on the bottom of their owners' libraries, in the order given (the last
    ends lowest); cards from another zone move to the library first."""
    for card in cards:
        if card.zone != "library":
            game.move(card, "library")
        pile = card.owner.library
        pile.remove(card)
        pile.append(card)


def put_on_top(game: Game, cards: Iterable[GameObject]) -> None:
    """Put cards on top of their owners' libraries, the first of `cards` on top."""
    for card in reversed(list(cards)):
        if card.zone != "library":
            game.move(card, "library")
        pile = card.owner.library
        pile.remove(card)
        pile.insert(0, card)


def fill_library(game: Game, player: Player, cards: list[GameObject]) -> None:
    """Make `cards` (already in `player`'s library) its whole content, top first."""
    player.library[:] = list(cards)


def position(card: GameObject) -> str:
    """Where a card lies: `top`, `bottom`, `library` (in between), or its zone."""
    if card.zone != "library":
        return card.zone
    pile = card.owner.library
    index = pile.index(card)
    return "top" if index == 0 else "bottom" if index == len(pile) - 1 else "library"
