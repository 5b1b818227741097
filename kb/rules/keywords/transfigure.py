"""Transfigure [cost] (702.69 in 2012, 502.71 in 2008): an activated ability: "[Cost],
Sacrifice this permanent: Search your library for a creature card with the same converted mana
cost as this permanent and put it onto the battlefield. Then shuffle your library. Activate
this ability only any time you could cast a sorcery." """

from __future__ import annotations

from kb.rules.checks import creature
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import ability_of
from kb.rules.keywords._search import (
    activate_search,
    check_search,
)
from kb.rules.registry import Check, Keyword, register


def transfigure(game: Game, player: Player, permanent: GameObject) -> StackItem:
    """Activate transfigure, as a sorcery: pay, sacrifice the permanent; the ability puts a
    creature card of its mana value from the library onto the battlefield."""
    ability = ability_of(permanent, "transfigure")
    if permanent.zone != "battlefield" or permanent.controller is not player:
        raise IllegalAction("transfigure sacrifices a permanent you control")

    def put(game: Game, found: GameObject) -> None:
        found.notes["enter_under"] = player
        game.move(found, "battlefield")

    item = activate_search(game, player, permanent, ability, lambda c: c.is_("creature"), put)
    game.sacrifice(permanent)
    return item


def check(claims: Claims, era: str) -> list[str] | None:
    """Transfigure {1}{B}{B} on a creature of mana value 3: the card it finds (not the
    artifact of the same mana value) and where that goes; on an opponent's turn."""
    return check_search(claims, era, "transfigure", transfigure, _fiend,
                        "transfigure {1}{B}{B} on a creature of mana value 4: (legal, mana, "
                        "its zone, the card found, that card's zone)", Game.begin_combat,
                        "during combat")


def _fiend(game: Game, controller: Player, first: bool) -> GameObject:
    """Fleshwrither on the battlefield (the first one a 3/3 with transfigure {1}{B}{B})."""
    if first:
        return creature(game, "Fleshwrither", controller, 3, 3,
                        abilities=(Ability("transfigure", "{1}{B}{B}"),), mana_cost="{2}{B}{B}")
    return creature(game, "Fleshwrither", controller, abilities=(Ability("transfigure", "{1}"),),
                    mana_cost="{2}{B}{B}")


register(Keyword(
    name="transfigure",
    kind=("activated",),
    parameter=("[cost]",),
    zones=("library", "battlefield", "graveyard"),
    checks=(Check("transfigure: sacrifice, search for a creature of the same mana value",
                  check),),
))
