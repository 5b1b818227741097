"""Buyback [cost] (702.25 in 2012, 502.16 in 2008): two static abilities of instants and
sorceries that function on the stack: an additional cost, and, if it was paid, the spell goes
to its owner's hand instead of the graveyard as it resolves."""

from __future__ import annotations

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, Player, StackItem, ZoneChange
from kb.rules.keywords._casting import (
    ability_of,
    cast_for,
    check_cost_paid,
    cost_rule,
    read_zone,
    spending,
)
from kb.rules.keywords._spells import burn_spell
from kb.rules.registry import Check, Keyword, register

PAID = "buyback paid"


def cast_with_buyback(game: Game, player: Player, card: GameObject) -> StackItem:
    """Cast `card` paying its buyback cost as an additional cost."""
    ability = ability_of(card, "buyback")
    card.notes[PAID] = True
    return cast_for(game, player, card, ability, alternative=False)


def _replace(game: Game, card: GameObject, ability: Ability, change: ZoneChange) -> None:
    if change.origin == "stack" and change.cause == "resolve" and card.notes.pop(PAID, False):
        change.to = "hand"


def check(claims: Claims, era: str) -> list[str] | None:
    """A {1}{U} sorcery with buyback {3}, cast paying buyback: the mana it takes, and where
    the card goes as it resolves."""
    rule = cost_rule(claims, r"buyback \[cost\]")
    found = read_zone(claims, r"if the buyback cost was paid, put this spell into ([\w' ]+?) "
                              r"instead")
    if rule is None and found is None:
        return None
    game = Game(era=era)
    me = game.active
    card = burn_spell(game, me, "Whisper", mana_cost="{1}{U}", types=("sorcery",),
                      abilities=(Ability("buyback", "{3}"),))
    _, mana = spending(me, cast_with_buyback, game, me, card)
    game.resolve_stack()
    problems = []
    if rule is not None:
        problems += check_cost_paid("buyback", rule, "a {1}{U} sorcery cast with buyback {3}",
                                    2, 3, mana)
    if found is not None:
        problems += differ(f"the spell goes to the {found[1]} as it resolves", found[0],
                           "a {1}{U} sorcery with its buyback cost paid resolves", found[1],
                           card.zone)
    return problems


register(Keyword(
    name="buyback",
    kind=("static",),
    parameter=("[cost]",),
    zones=("hand", "graveyard", "stack"),
    functions_in=("stack",),
    hooks={"replace_zone_change": _replace},
    checks=(Check("buyback cost and the spell's zone after it resolves", check),),
))
