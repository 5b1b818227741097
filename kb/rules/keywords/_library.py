"""Shared pieces of the library keywords (ripple, cascade, scry, fateseal, clash): a library
in a known order, the top cards, cards put on the bottom, and where a card now lies."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from kb.rules.claims import Claims
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


def look_and_arrange(game: Game, library_owner: Player, n: int, key: str) -> list[GameObject]:
    """Look at the top `n` cards of `library_owner`'s library, put the ones the choice `key`
    picks (a function of the cards looked at; default none) on the bottom and the rest back
    on top in their order (scry, fateseal). Returns the cards looked at."""
    looked = top(library_owner, n)
    picks = game.choices.get(key)
    bottom = list(picks(looked)) if callable(picks) else []
    put_on_bottom(game, [card for card in looked if card in bottom])
    put_on_top(game, [card for card in looked if card not in bottom])
    return looked


def check_look(claims: Claims, era: str, name: str,
               action: Callable[[Game, Player, int], object]) -> list[str] | None:
    """`<name> 3` with cards 1-6 in each library, choosing to put cards 1, 3 and 5 on the
    bottom when they are among those looked at: the library the text names, arranged as it
    says, against the model."""
    from kb.rules.checks import differ

    amount = claims.find("card")
    sentence = amount.quote if amount else None
    if amount is None or sentence is None:
        return None
    text = claims.says(r"\blook at the (?:top|bottom)") or sentence
    look = re.search(r"look at the (top|bottom) \S+ cards? of (your|an opponent's|target "
                     r"player's) library", text, re.I)
    moves = re.search(r"put any number of them on the (bottom|top) of (?:your|that|their) "
                      r"library(?: in any order)?,? and (?:put )?the rest on (top|the bottom) "
                      r"of", text, re.I)
    if look is None or moves is None:
        return [f'the text arranges cards in a way the model does not read ("{text}")']
    n = amount.times(3)
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    for owner in (me, them):
        cards = [game.create(f"{owner.name}{i}", controller=owner, zone="library")
                 for i in range(1, 7)]
        fill_library(game, owner, cards)
    before = {p: list(p.library) for p in (me, them)}
    game.choices[f"{name}:bottom"] = lambda looked: [c for c in looked if c.name[1:] in "135"]
    action(game, me, 3)
    named = me if look.group(2).lower() == "your" else them
    expected = {}
    for owner in (me, them):
        cards = before[owner]
        if owner is not named:
            expected[owner.name] = [c.name for c in cards]
            continue
        looked = cards[:n] if look.group(1).lower() == "top" else cards[-n:]
        chosen = [c for c in looked if c.name[1:] in "135"]
        rest = [c for c in looked if c not in chosen]
        untouched = [c for c in cards if c not in looked]
        first, second = (rest, chosen) if moves.group(1).lower() == "bottom" else (chosen, rest)
        order = (first + untouched + second) if moves.group(2).lower() == "top" else \
            (untouched + first + second)
        expected[owner.name] = [c.name for c in order]
    actual = {p.name: [c.name for c in p.library] for p in (me, them)}
    return differ(f"{name} {amount.count} looks at the {look.group(1)} {amount.count} cards "
                  f"of {look.group(2)} library, the chosen ones to the {moves.group(1)}",
                  text, f"{name} 3, choosing cards 1, 3 and 5 for the {moves.group(1)}: both "
                  "libraries (top first)", expected, actual)
