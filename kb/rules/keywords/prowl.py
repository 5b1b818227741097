"""Prowl [cost] (702.74 in 2012, 502.76 in 2008): a static ability on the stack, "You may pay
[cost] rather than pay this spell's mana cost if a player was dealt combat damage this turn by
a source that, at the time it dealt that damage, was under your control and had any of this
spell's creature types"."""

from __future__ import annotations

from kb.rules.checks import creature, differ, fight_combat
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import (
    ability_of,
    cast_for,
    check_cost_paid,
    cost_rule,
    fill_pool,
    legal,
    spending,
)
from kb.rules.keywords._spells import turn_start
from kb.rules.registry import Check, Keyword, register

CONDITION = r"rather than pay this spell's mana cost if a player was dealt combat damage"


def prowl_enabled(game: Game, player: Player, card: GameObject) -> bool:
    """Whether a player was dealt combat damage this turn by a source `player` controlled
    that shared a creature type with `card`."""
    for event in game.log[turn_start(game):]:
        source = event.obj
        if event.name == "deals combat damage to a player" and source is not None \
                and source.controller is player and source.subtypes & card.subtypes:
            return True
    return False


def cast_prowled(game: Game, player: Player, card: GameObject) -> StackItem:
    """Cast `card` for its prowl cost (only when prowl is enabled)."""
    ability = ability_of(card, "prowl")
    if not prowl_enabled(game, player, card):
        raise IllegalAction("no source of yours sharing its creature types dealt combat "
                            "damage to a player this turn")
    return cast_for(game, player, card, ability)


def _scenario(era: str, attacker_types: set[str], mine: bool, last_turn: bool
              ) -> tuple[Game, GameObject]:
    """A Rogue sorcery with prowl in hand after an unblocked attacker dealt combat damage."""
    game = Game(era=era)
    me = game.active
    attacker_owner = me if mine else game.opponent(me)
    if not mine:
        game.next_turn()
    attacker = creature(game, "Attacker", attacker_owner, subtypes=attacker_types)
    fight_combat(game, [attacker])
    game.end_combat()
    if last_turn or not mine:
        game.next_turn()
        if game.active is not me:
            game.next_turn()
    card = game.create("Morsel Theft", controller=me, zone="hand", types={"tribal", "sorcery"},
                       subtypes={"rogue"}, mana_cost="{2}{B}{B}",
                       abilities=(Ability("prowl", "{1}{B}"),))
    fill_pool(me)
    return game, card


def check(claims: Claims, era: str) -> list[str] | None:
    """A {2}{B}{B} Rogue sorcery with prowl {1}{B}: the mana it takes, and whether prowl may be
    used after combat damage by a Rogue of yours this turn, a Goblin of yours, an opponent's
    Rogue, a Rogue of yours last turn."""
    rule = cost_rule(claims, r"prowl \[cost\]")
    condition = claims.says(CONDITION)
    if rule is None and condition is None:
        return None
    problems = []
    if rule is not None:
        game, card = _scenario(era, {"rogue"}, True, False)
        _, mana = spending(game.active, cast_prowled, game, game.active, card)
        problems += check_cost_paid("prowl", rule, "a {2}{B}{B} Rogue spell cast for prowl {1}{B}",
                                    4, 2, mana)
    if condition is not None:
        said = condition.lower()
        for types, mine, last, needs in (
                ({"goblin"}, True, False, "had any of this spell's creature types"),
                ({"rogue"}, False, False, "under your control"),
                ({"rogue"}, True, True, "combat damage this turn"),
                ({"rogue"}, True, False, "")):
            game, card = _scenario(era, types, mine, last)
            expected = needs not in said or not needs
            scenario = (f"{'your' if mine else 'an opponent’s'} {'/'.join(sorted(types))} dealt "
                        f"combat damage {'last turn' if last else 'this turn'}")
            problems += differ("prowl may be used only if a player was dealt combat damage "
                               "as it states", condition, scenario, expected,
                               legal(cast_prowled, game, game.active, card))
    return problems


register(Keyword(
    name="prowl",
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack", "battlefield"),
    functions_in=("stack",),
    durations=("this turn",),
    checks=(Check("prowl: alternative cost after combat damage by a shared type", check),),
))
