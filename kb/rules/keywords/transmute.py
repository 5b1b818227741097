"""Transmute [cost] (702.51 in 2012, 502.48 in 2008): an activated ability that functions only
while the card is in a player's hand: "[Cost], Discard this card: Search your library for a
card with the same converted mana cost as the discarded card, reveal that card, and put it into
your hand. Then shuffle your library. Activate this ability only any time you could cast a
sorcery." """

from __future__ import annotations

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords import Check, Keyword, register
from kb.rules.keywords._casting import (
    ability_of,
    activation_mana,
    param_cost,
    search_library,
    zone_of,
)
from kb.rules.keywords._search import expected_find, read_search, sorcery_speed, stock_library


def transmute(game: Game, player: Player, card: GameObject) -> StackItem:
    """Activate transmute of a card in its owner's hand, as a sorcery: pay, discard it; the
    ability puts a card of the same mana value from the library into the hand."""
    ability = ability_of(card, "transmute")
    if card.zone != "hand" or card.owner is not player:
        raise IllegalAction("transmute can be activated only from its owner's hand")
    value = card.mana_value

    def resolve(game: Game, item: StackItem) -> None:
        found = search_library(player, lambda c: c.mana_value == value)
        if found is not None:
            game.move(found, "hand")

    item = game.activate(card, "transmute", cost=param_cost(ability), resolve=resolve,
                         sorcery=True, player=player)
    game.discard(card, cause="transmute")
    return item


def check(claims: Claims, era: str) -> list[str] | None:
    """Transmute {1}{U}{B} on a card of mana value 3, in its owner's main phase: the card it
    finds and where that goes; on an opponent's turn."""
    found = read_search(claims)
    timing = sorcery_speed(claims)
    if found is None:
        return None
    problems = []
    game = Game(era=era)
    me = game.active
    card = game.create("Dimir House Guard", controller=me, zone="hand", mana_cost="{3}{B}",
                       power=2, toughness=3, abilities=(Ability("transmute", "{1}{B}{B}"),))
    made = stock_library(game, me)
    done, mana = activation_mana(game, me, transmute, game, me, card)
    label = expected_find(found, made, 4)
    expected = (True, 3, "graveyard", label, zone_of(found[3]))
    got = next((lab for lab, c in made.items() if c.zone != "library"), None)
    problems += differ("transmute finds a card as the text says", found[0],
                       "transmute {1}{B}{B} on a card of mana value 4: (legal, mana, the "
                       "card's zone, the card found, its zone)", expected,
                       (done, mana, card.zone, got, made[got].zone if got else None))
    # without a timing restriction an activated ability may be activated any time
    game = Game(era=era)
    me = game.active
    card = game.create("Dimir House Guard", controller=me, zone="hand", mana_cost="{3}{B}",
                       abilities=(Ability("transmute", "{1}{B}{B}"),))
    stock_library(game, me)
    game.next_turn()
    done, _ = activation_mana(game, me, transmute, game, me, card)
    problems += differ("transmute only as a sorcery" if timing else "transmute any time",
                       timing or found[0], "transmute on an opponent's turn", timing is None,
                       done)
    return problems


register(Keyword(
    name="transmute",
    kind=("activated",),
    parameter=("[cost]",),
    zones=("hand", "library", "battlefield", "graveyard"),
    functions_in=("hand",),
    checks=(Check("transmute: discard, search for the same mana value, as a sorcery", check),),
))
