"""Ripple N (702.58 in 2012, 502.56 in 2008): a triggered ability that functions while the
card is on the stack; "When you cast this spell, you may reveal the top N cards of your
library ... you may cast any of those cards with the same name as this spell without paying
their mana costs, then put all revealed cards not cast this way on the bottom of your
library in any order." Multiple instances trigger separately."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Event, Game, GameObject
from kb.rules.keywords._library import fill_library, put_on_bottom, top
from kb.rules.keywords._spells import (
    burn_spell,
    cast_and_resolve,
    cast_trigger,
    clause_trigger,
    stocked_game,
)
from kb.rules.registry import Check, register


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    player = source.controller or source.owner
    if not game.choose(f"ripple:reveal:{source.ident}", True):
        return
    revealed = top(player, int(ability.param or 0))
    cast = []
    for card in revealed:
        if card.name == source.name and game.choose(f"ripple:cast:{card.ident}", True):
            game.cast(player, card, alternative=Cost())
            cast.append(card)
    put_on_bottom(game, [card for card in revealed if card not in cast])


def _scenario(era: str, n: int) -> tuple[Game, list[GameObject], list[GameObject], int]:
    """Ripple N spell cast over a library (top first) of Ripple spell, Other, Ripple spell,
    Ripple spell, Other, Other, Other (the library's namesakes without ripple, so they don't
    ripple on): the game, the library before, after, and how many spells resolved."""
    game = stocked_game(era, cards=0)
    me = game.active
    opponent = game.opponent(me)
    names = ["Ripple spell", "Other", "Ripple spell", "Ripple spell", "Other", "Other", "Other"]
    library = [burn_spell(game, me, name, zone="library") for name in names]
    fill_library(game, me, library)
    spell = burn_spell(game, me, "Ripple spell", abilities=(Ability("ripple", n),))
    before = opponent.life
    cast_and_resolve(game, me, spell)
    return game, library, list(me.library), before - opponent.life - 1


def check(claims: Claims, era: str) -> list[str] | None:
    """Which of the top N cards are cast for free, and where the others go."""
    amount = claims.find("card")
    sentence = claims.says(r"\breveal the (?:top|bottom) \S+ cards?")
    if amount is None or sentence is None:
        return None
    n = 3
    side = re.search(r"\breveal the (top|bottom) \S+ cards?", sentence, re.I).group(1).lower()  # type: ignore[union-attr]
    same = re.search(r"(?:cast|play) any of those cards with the same name as this spell",
                     sentence, re.I) is not None
    free = re.search(r"without paying their mana costs?", sentence, re.I) is not None
    rest = re.search(r"not (?:cast|played) this way on the (bottom|top) of", sentence, re.I)
    trigger = clause_trigger(sentence, r"you may reveal") or next(iter(claims.triggers), "")
    count = amount.times(n)
    game, library, after, resolved = _scenario(era, n)
    revealed = library[:count] if side == "top" else library[-count:]
    if trigger != "cast" or not free:
        cast: list[GameObject] = []
        revealed = []
    else:
        cast = [c for c in revealed if c.name == "Ripple spell" or not same]
    others = [c for c in revealed if c not in cast]
    expected_rest = set(map(id, others))
    where = after[-len(others):] if rest and rest.group(1).lower() == "bottom" else \
        after[:len(others)]
    actual_rest = set(map(id, where)) if others else set()
    scenario = f"ripple {n}, library: Ripple spell, Other, Ripple spell, Ripple spell, ..."
    return (differ(f"the {side} {amount.count} cards are revealed, "
                   f"{'namesakes' if same else 'any'} cast free", sentence, scenario,
                   len(cast), resolved)
            + differ(f"the others go to the {rest.group(1) if rest else '?'} of the library",
                     sentence, scenario, expected_rest, actual_rest))


register(cast_trigger(
    "ripple", _effect,
    (Check("namesakes among the top N cast free, the rest to the bottom", check),),
    parameter=("n",),
    zones=("library", "stack"),
))
