"""Overload [cost] (702.94 in 2012): two static abilities, "You may choose to pay [cost]
rather than pay this spell's mana cost" and "If you chose to pay this spell's overload cost,
change its text by replacing all instances of the word 'target' with the word 'each.'"; an
overloaded spell needs no targets."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, Player, StackItem
from kb.rules.keywords._casting import (
    ability_of,
    cast_for,
    check_cost_paid,
    cost_rule,
    spending,
)
from kb.rules.registry import Check, Keyword, register

TEXT = "Destroy target creature you don't control."
REPLACED = r"replacing all instances of the word ['\"]?(\w+)['\"]? with the word ['\"]?(\w+)"


def destroy_spell(game: Game, owner: Player, abilities: tuple[Ability, ...] = ()) -> GameObject:
    """A {1}{B} sorcery whose text (`notes['text']`, changed by text-changing effects) is
    `TEXT`: it destroys its target, or each such creature once its text says "each"."""
    def resolve(game: Game, item: StackItem) -> None:
        text = item.source.notes.get("text", TEXT)
        if re.search(r"\beach creature\b", text):
            victims = [c for c in game.creatures() if c.controller is not item.controller]
        else:
            victims = [t for t in item.targets if isinstance(t, GameObject)]
        for victim in victims:
            game.destroy(victim)
    return game.create("Vandalblast", controller=owner, zone="hand", types={"sorcery"},
                       mana_cost="{1}{B}", abilities=abilities, effect=resolve,
                       notes={"text": TEXT})


def cast_overloaded(game: Game, player: Player, card: GameObject) -> StackItem:
    """Cast a spell for its overload cost: its text says "each" wherever it said "target",
    so it is cast without targets."""
    ability = ability_of(card, "overload")
    card.notes["text"] = re.sub(r"\btarget\b", "each", card.notes.get("text", TEXT))
    return cast_for(game, player, card, ability)


def check(claims: Claims, era: str) -> list[str] | None:
    """"Destroy target creature you don't control" with overload {4}{B}, against three
    creatures (one with hexproof): the mana the overloaded spell takes, how many die."""
    rule = cost_rule(claims, r"overload \[cost\]")
    sentence = claims.says(REPLACED)
    if rule is None and sentence is None:
        return None
    game = Game(era=era)
    me, foe = game.active, game.opponent(game.active)
    foes = [creature(game, f"Foe {n}", foe, abilities=("hexproof",) if n == 2 else ())
            for n in range(3)]
    card = destroy_spell(game, me, (Ability("overload", "{4}{B}"),))
    _, mana = spending(me, cast_overloaded, game, me, card)
    game.resolve_stack()
    problems = []
    if rule is not None:
        problems += check_cost_paid("overload", rule, "a {1}{B} sorcery cast for overload {4}{B}",
                                    2, 5, mana)
    if sentence is not None:
        old, new = re.search(REPLACED, sentence, re.I).groups()  # type: ignore[union-attr]
        text = re.sub(rf"\b{re.escape(old)}\b", new, TEXT)
        expected = len(foes) if re.search(r"\beach creature\b", text) else 0
        problems += differ(f"its text becomes \"{text}\"", sentence,
                           "overloaded, against three creatures (one with hexproof)", expected,
                           sum(1 for c in foes if c.zone == "graveyard"))
    return problems


register(Keyword(
    name="overload",
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack", "any zone"),
    functions_in=("stack", "any zone"),
    checks=(Check("overload: alternative cost, 'target' becomes 'each'", check),),
))
