"""Cascade (702.83 in 2012, 702.82 in 2009): a triggered ability that functions while the
spell is on the stack; "When you cast this spell, exile cards from the top of your library
until you exile a nonland card whose converted mana cost is less than this spell's converted
mana cost. You may cast that card without paying its mana cost. Then put all cards exiled
this way that weren't cast on the bottom of your library in a random order." Multiple
instances trigger separately."""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Event, Game, GameObject
from kb.rules.keywords._library import fill_library, put_on_bottom
from kb.rules.keywords._spells import (
    burn_spell,
    cast_and_resolve,
    cast_trigger,
    clause_trigger,
    stocked_game,
)
from kb.rules.registry import Check, register

COMPARE: dict[str, Callable[[int, int], bool]] = {
    "less than or equal to": lambda a, b: a <= b, "greater than or equal to": lambda a, b: a >= b,
    "less than": lambda a, b: a < b, "greater than": lambda a, b: a > b,
    "equal to": lambda a, b: a == b}


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    player = source.controller or source.owner
    exiled, hit = [], None
    while player.library:
        card = player.library[0]
        game.move(card, "exile", cause="cascade")
        exiled.append(card)
        if not card.is_("land") and card.mana_value < source.mana_value:
            hit = card
            break
    if hit is not None and hit.mana_value < source.mana_value and \
            game.choose(f"cascade:cast:{hit.ident}", True):
        game.cast(player, hit, alternative=Cost())
        exiled.remove(hit)
    put_on_bottom(game, exiled)


def _scenario(era: str) -> tuple[list[GameObject], list[GameObject], list[str]]:
    """A {3}{R} spell with cascade over a library of a land, then spells of mana value 5, 4,
    2, 1, 3: the library before and after, and the names of the spells that resolved."""
    game = stocked_game(era, cards=0)
    me = game.active
    land = game.create("Land", controller=me, zone="library", types={"land"})
    costs = ["{4}{R}", "{3}{R}", "{1}{R}", "{R}", "{2}{R}"]
    spells = [burn_spell(game, me, f"MV{index + 1} {cost}", mana_cost=cost, zone="library")
              for index, cost in enumerate(costs)]
    library = [land, *spells]
    fill_library(game, me, library)
    start = len(game.log)
    cast_and_resolve(game, me, burn_spell(game, me, "Cascade spell", mana_cost="{3}{R}",
                                          abilities=("cascade",)))
    resolved = [e.obj.name for e in game.log[start:] if e.name == "resolved" and e.obj]
    return library, list(me.library), resolved


def check(claims: Claims, era: str) -> list[str] | None:
    """Which card is cast free, and where the other exiled cards go, read from the text."""
    sentence = claims.says(r"exile cards from the (?:top|bottom) of your library until")
    if sentence is None:
        return None
    until = re.search(r"exile cards from the (top|bottom) of your library until you exile an? "
                      r"(nonland )?card whose (?:converted mana cost|mana value) is (.+?) this "
                      r"spell's", sentence, re.I)
    cast = re.search(r"you may cast (?:that|the exiled) card without paying its mana cost",
                     sentence, re.I)
    rest = re.search(r"exiled (?:from the game )?this way that weren't cast on the (bottom|top)"
                     r" of", sentence, re.I)
    if until is None or until.group(3).lower() not in COMPARE:
        return [f'the text names cards to exile the model does not read ("{sentence}")']
    library, after, resolved = _scenario(era)
    trigger = clause_trigger(sentence, r"exile cards") or next(iter(claims.triggers), "")
    order = library if until.group(1).lower() == "top" else list(reversed(library))
    test = COMPARE[until.group(3).lower()]
    hit = next((c for c in order if (not until.group(2) or not c.is_("land"))
                and test(c.mana_value, 4)), None) if trigger == "cast" else None
    exiled = order[:order.index(hit) + 1] if hit else []
    expected = [hit.name] if hit is not None and cast else []
    others = [c for c in exiled if c.name not in expected]
    place = after[-len(others):] if rest and rest.group(1).lower() == "bottom" else \
        after[:len(others)]
    scenario = "a {3}{R} cascade spell; library: a land, then mana values 5, 4, 2, 1, 3"
    return (differ("the first card of the kind it names is cast free", sentence, scenario,
                   expected + ["Cascade spell"], resolved)
            + differ(f"the other exiled cards go to the {rest.group(1) if rest else '?'}",
                     sentence, scenario, {c.name for c in others},
                     {c.name for c in place} if others else set()))


register(cast_trigger(
    "cascade", _effect,
    (Check("the first nonland card of lesser mana value cast free, the rest to the bottom",
           check),),
    zones=("library", "stack", "exile"),
))
