"""Compleated (702.150 since 2022): a planeswalker whose caster paid life for any of its
Phyrexian mana symbols enters with that many loyalty counters minus two for each of those
symbols."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Cost, Game, GameObject
from kb.rules.keywords._casting import fill_pool
from kb.rules.registry import Check, Keyword, register

LOYALTY = 6
RULE = (r"\bif this permanent would enter(?: the battlefield)? with one or more loyalty counters "
        r"on it and the player who cast it chose to pay (life|mana) for any part of its cost "
        r"represented by Phyrexian mana symbols, it instead enters(?: the battlefield)? with "
        r"(that many|\w+) loyalty counters (minus|plus) (\w+) for each of those mana symbols")


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    item = obj.notes.get("cast_item")
    paid = item.paid.get("life symbols", 0) if item is not None else 0
    obj.counters["loyalty"] = obj.notes.get("loyalty", 0) - 2 * paid


def scenario(era: str, life_symbols: int) -> int:
    """My planeswalker with loyalty 6 and compleated, cast paying life for `life_symbols` of
    its two {B/P} symbols: its loyalty counters as it enters."""
    game = Game(era=era)
    me = game.active
    card = game.create("Compleated Walker", controller=me, zone="hand",
                       types={"planeswalker"}, mana_cost="{2}{B}", abilities=("compleated",),
                       notes={"loyalty": LOYALTY})
    fill_pool(me)
    game.cast(me, card, alternative=Cost.parse("{2}{B}") + Cost(2 - life_symbols),
              paid={"life symbols": life_symbols})
    game.resolve_stack()
    return card.counters["loyalty"]


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast paying life for none, one and both Phyrexian symbols."""
    sentence = claims.says(RULE)
    if sentence is None:
        return None
    match = re.search(RULE, sentence, re.I)
    assert match is not None
    paid_with, base, sign, step = (g.lower() for g in match.groups())
    start = LOYALTY if base == "that many" else quantity(base, LOYALTY)
    per = quantity(step, LOYALTY) * (-1 if sign == "minus" else 1)
    problems = []
    for symbols in (0, 1, 2):
        life = symbols if paid_with == "life" else 2 - symbols
        expected = start + per * life if life else LOYALTY
        problems += differ(f"it enters with {base} loyalty counters {sign} {step} for each "
                           f"symbol paid with {paid_with}", sentence,
                           f"a planeswalker with loyalty {LOYALTY} and compleated, life paid "
                           f"for {symbols} of its two Phyrexian symbols: its loyalty", expected,
                           scenario(era, symbols))
    return problems


register(Keyword(
    name="compleated",
    kind=("static",),
    zones=("battlefield",),
    hooks={"as_enters": _as_enters},
    checks=(Check("two loyalty counters fewer for each Phyrexian symbol paid with life",
                  check),),
))
