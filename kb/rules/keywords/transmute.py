"""Transmute [cost] (702.51 in 2012, 502.48 in 2008): an activated ability that functions only
while the card is in a player's hand: "[Cost], Discard this card: Search your library for a
card with the same converted mana cost as the discarded card, reveal that card, and put it into
your hand. Then shuffle your library. Activate this ability only any time you could cast a
sorcery." """

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import ability_of
from kb.rules.keywords._search import (
    activate_search,
    check_search,
)
from kb.rules.registry import Check, Keyword, register


def transmute(game: Game, player: Player, card: GameObject) -> StackItem:
    """Activate transmute of a card in its owner's hand, as a sorcery: pay, discard it; the
    ability puts a card of the same mana value from the library into the hand."""
    ability = ability_of(card, "transmute")
    if card.zone != "hand" or card.owner is not player:
        raise IllegalAction("transmute can be activated only from its owner's hand")
    item = activate_search(game, player, card, ability, lambda c: True,
                           lambda game, found: game.move(found, "hand"))
    game.discard(card, cause="transmute")
    return item


def check(claims: Claims, era: str) -> list[str] | None:
    """Transmute {1}{U}{B} on a card of mana value 3, in its owner's main phase: the card it
    finds and where that goes; on an opponent's turn."""
    return check_search(claims, era, "transmute", transmute, _card,
                        "transmute {1}{B}{B} on a card of mana value 4: (legal, mana, the "
                        "card's zone, the card found, its zone)", Game.next_turn,
                        "on an opponent's turn")


def _card(game: Game, owner: Player, first: bool) -> GameObject:
    """Dimir House Guard in its owner's hand (the first one a 2/3)."""
    body = {"power": 2, "toughness": 3} if first else {}
    return game.create("Dimir House Guard", controller=owner, zone="hand", mana_cost="{3}{B}",
                       abilities=(Ability("transmute", "{1}{B}{B}"),), **body)


register(Keyword(
    name="transmute",
    kind=("activated",),
    parameter=("[cost]",),
    zones=("hand", "library", "battlefield", "graveyard"),
    functions_in=("hand",),
    checks=(Check("transmute: discard, search for the same mana value, as a sorcery", check),),
))
