"""Offspring [cost] (702.175 since 2024): "You may pay an additional [cost] as you cast this
spell" and "When this permanent enters, if its offspring cost was paid, create a token that's
a copy of it, except it's 1/1."."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._casting import cast_for, classify_cost, fill_pool, meaning_of, pool_size
from kb.rules.keywords._spells import cast_paid
from kb.rules.registry import Check, Keyword, register

COPY = (r"when this permanent enters(?: the battlefield)?, if its offspring cost was (paid|not "
        r"paid), create (a|two) tokens? that's a copy of it, except it's (\d+)/(\d+)")


def _paid(obj: GameObject) -> bool:
    item = obj.notes.get("cast_item")
    return bool(item is not None and item.paid.get("offspring"))


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is source and _paid(source)


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    game.create(source.name, controller=source.controller, types=set(source.types),
                subtypes=set(source.subtypes), colors=set(source.colors), power=1, toughness=1,
                token=True)


def _scenario(era: str, paid: bool) -> tuple[int, list[tuple[str, int, int]]]:
    """My {2}{G} 3/3 Mouse with offspring {2}, cast paying it (or not): (mana taken, tokens)."""
    game = Game(era=era)
    me = game.active
    card = game.create("Mouse", controller=me, zone="hand", mana_cost="{2}{G}", power=3,
                       toughness=3, abilities=(Ability("offspring", "{2}"),))
    before = fill_pool(me)
    if paid:
        cast_for(game, me, card, card.abilities[0], alternative=False)
    else:
        cast_paid(game, me, card)
    taken = before - pool_size(me) + (0 if paid else 3)
    game.resolve_stack()
    return taken, [(o.name, o.power, o.toughness) for o in game.battlefield if o.token]


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast paying the offspring cost and not paying it."""
    found = meaning_of(claims, r"offspring \[cost\]")
    if found is None:
        return None
    meaning, quote = found
    rule = classify_cost(meaning, quote)
    copy = re.search(COPY, " ".join(claims.sentences), re.I)
    if copy is None:
        return [f'the text says what offspring makes in a way the model does not read '
                f'("{quote}")']
    problems = []
    for paid in (True, False):
        made = (paid == (copy.group(1).lower() == "paid")) and "enters" in claims.triggers
        count = 1 if copy.group(2).lower() == "a" else 2
        expected = (rule.mana(3, 2) if paid else 3,
                    [("Mouse", int(copy.group(3)), int(copy.group(4)))] * count if made else [])
        problems += differ(f"{rule.kind} cost; {copy.group(0)[27:]}", quote, "a {2}{G} 3/3 "
                           f"with offspring {{2}}, cast {'paying' if paid else 'without'} it: "
                           "(mana taken, tokens)", expected, _scenario(era, paid))
    return problems


register(Keyword(
    name="offspring",
    kind=("static", "triggered"),
    parameter=("[cost]",),
    trigger=("enters",),
    zones=("stack", "battlefield"),
    instances="separate",
    effect=_effect,
    condition=_condition,
    checks=(Check("an additional [cost]: a 1/1 token copy when it enters", check),),
))
