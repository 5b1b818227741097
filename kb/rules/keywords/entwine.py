"""Entwine [cost] (702.40 in 2012, 502.32 in 2008): a static ability of modal spells on the
stack: "You may choose all modes of this spell instead of just one. If you do, you pay an
additional [cost]"; an entwined spell follows each mode in the order written."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Game, GameObject, Player, StackItem
from kb.rules.keywords._casting import (
    ability_of,
    check_cost_paid,
    cost_rule,
    param_cost,
    spending,
)
from kb.rules.registry import Check, Keyword, register

MODES = ("draw", "gain life", "deal damage")


def modal_spell(game: Game, owner: Player, abilities: tuple[Ability, ...] = ()) -> GameObject:
    """A {2}{G} sorcery with three modes; each mode it follows is noted in `done`."""
    def resolve(game: Game, item: StackItem) -> None:
        for index in sorted(item.paid.get("modes", [0])):
            item.source.notes.setdefault("done", []).append(MODES[index])
    return game.create("Tri-Choice", controller=owner, zone="hand", types={"sorcery"},
                       mana_cost="{2}{G}", abilities=abilities, effect=resolve)


def cast_entwined(game: Game, player: Player, card: GameObject) -> StackItem:
    """Cast a modal spell choosing all its modes, paying its entwine cost in addition."""
    ability = ability_of(card, "entwine")
    return game.cast(player, card, additional=[param_cost(ability)],
                     paid={"modes": list(range(len(MODES))), "entwined": True})


def check(claims: Claims, era: str) -> list[str] | None:
    """A {2}{G} sorcery with three modes and entwine {3}, cast entwined: the mana it takes,
    and which modes happen in which order."""
    rule = cost_rule(claims, r"entwine \[cost\]")
    modes = re.search(r"choose (?:to use )?(all|\w+) modes of this spell",
                      rule.quote.lower()) if rule else None
    order = claims.says(r"follow the text of each of the modes in the order written")
    if rule is None and order is None:
        return None
    game = Game(era=era)
    card = modal_spell(game, game.active, (Ability("entwine", "{3}"),))
    _, mana = spending(game.active, cast_entwined, game, game.active, card)
    game.resolve_stack()
    done = card.notes.get("done", [])
    problems = []
    if rule is not None:
        problems += check_cost_paid("entwine", rule, "a {2}{G} modal sorcery cast with entwine {3}",
                                    3, 3, mana)
    if modes is not None:
        count = len(MODES) if modes.group(1) == "all" else quantity(modes.group(1), 0)
        problems += differ(f"{modes.group(1)} modes are chosen", rule.quote if rule else "",
                           "a three-mode sorcery cast entwined", count, len(done))
    if order is not None:
        problems += differ("each mode is followed in the order written", order,
                           "a three-mode sorcery cast entwined", sorted(done, key=MODES.index),
                           done)
    return problems


register(Keyword(
    name="entwine",
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack",),
    functions_in=("stack",),
    checks=(Check("entwine: all modes for an additional cost", check),),
))
