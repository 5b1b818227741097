"""Transfigure [cost] (702.69 in 2012, 502.71 in 2008): an activated ability: "[Cost],
Sacrifice this permanent: Search your library for a creature card with the same converted mana
cost as this permanent and put it onto the battlefield. Then shuffle your library. Activate
this ability only any time you could cast a sorcery." """

from __future__ import annotations

from kb.rules.checks import creature, differ
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


def transfigure(game: Game, player: Player, permanent: GameObject) -> StackItem:
    """Activate transfigure, as a sorcery: pay, sacrifice the permanent; the ability puts a
    creature card of its mana value from the library onto the battlefield."""
    ability = ability_of(permanent, "transfigure")
    if permanent.zone != "battlefield" or permanent.controller is not player:
        raise IllegalAction("transfigure sacrifices a permanent you control")
    value = permanent.mana_value

    def resolve(game: Game, item: StackItem) -> None:
        found = search_library(player, lambda c: c.is_("creature") and c.mana_value == value)
        if found is not None:
            found.notes["enter_under"] = player
            game.move(found, "battlefield")

    item = game.activate(permanent, "transfigure", cost=param_cost(ability), resolve=resolve,
                         sorcery=True, player=player)
    game.sacrifice(permanent)
    return item


def check(claims: Claims, era: str) -> list[str] | None:
    """Transfigure {1}{B}{B} on a creature of mana value 3: the card it finds (not the
    artifact of the same mana value) and where that goes; on an opponent's turn."""
    found = read_search(claims)
    timing = sorcery_speed(claims)
    if found is None:
        return None
    problems = []
    game = Game(era=era)
    me = game.active
    fiend = creature(game, "Fleshwrither", me, 3, 3, abilities=(Ability("transfigure",
                                                                         "{1}{B}{B}"),),
                     mana_cost="{2}{B}{B}")
    made = stock_library(game, me)
    done, mana = activation_mana(game, me, transfigure, game, me, fiend)
    label = expected_find(found, made, 4)
    expected = (True, 3, "graveyard", label, zone_of(found[3]))
    got = next((lab for lab, c in made.items() if c.zone != "library"), None)
    problems += differ("transfigure finds a card as the text says", found[0],
                       "transfigure {1}{B}{B} on a creature of mana value 4: (legal, mana, "
                       "its zone, the card found, that card's zone)", expected,
                       (done, mana, fiend.zone, got, made[got].zone if got else None))
    # without a timing restriction an activated ability may be activated any time
    game = Game(era=era)
    me = game.active
    fiend = creature(game, "Fleshwrither", me, abilities=(Ability("transfigure", "{1}"),),
                     mana_cost="{2}{B}{B}")
    stock_library(game, me)
    game.begin_combat()
    done, _ = activation_mana(game, me, transfigure, game, me, fiend)
    problems += differ("transfigure only as a sorcery" if timing else "transfigure any "
                       "time", timing or found[0], "transfigure during combat",
                       timing is None, done)
    return problems


register(Keyword(
    name="transfigure",
    kind=("activated",),
    parameter=("[cost]",),
    zones=("library", "battlefield", "graveyard"),
    checks=(Check("transfigure: sacrifice, search for a creature of the same mana value",
                  check),),
))
