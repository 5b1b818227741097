"""Miracle [cost] (702.92 in 2012): a static ability linked to a triggered ability: "You may
reveal this card from your hand as you draw it if it's the first card you've drawn this turn.
When you reveal this card this way, you may cast it by paying [cost] rather than its mana
cost." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._casting import cast_for, cost_rule, fill_pool, pool_size, price
from kb.rules.keywords._spells import turn_start
from kb.rules.registry import Check, Keyword, register

REVEALED = "revealed this way"
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
FIRST = r"as you draw it if it's the (\w+) card you've drawn this turn"


def draws_this_turn(game: Game, card: GameObject) -> int:
    """Cards its owner has drawn this turn, this one included."""
    return sum(1 for e in game.log[turn_start(game):]
               if e.name == "draw" and e.player is card.owner)


def _as_drawn(game: Game, card: GameObject, ability: Ability) -> None:
    if draws_this_turn(game, card) == 1 and game.choose(f"miracle reveal:{card.ident}", True):
        card.notes["revealed"] = True
        game.emit(REVEALED, card, player=card.owner)


def _condition(game: Game, card: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is card


def _effect(game: Game, card: GameObject, ability: Ability, event: Event) -> None:
    """Its owner may cast it for its miracle cost."""
    if card.zone == "hand" and game.choose(f"miracle cast:{card.ident}", True):
        before = pool_size(card.owner)
        cast_for(game, card.owner, card, ability)
        card.notes["miracle mana"] = before - pool_size(card.owner)


def check(claims: Claims, era: str) -> list[str] | None:
    """A {3}{W}{W} sorcery with miracle {W} drawn as the first and as the second card of a
    turn: whether it is cast, and for how much."""
    rule = cost_rule(claims, r"miracle \[cost\]")
    first = claims.says(FIRST)
    if rule is None or first is None:
        return None
    ordinal = re.search(FIRST, first, re.I).group(1).lower()  # type: ignore[union-attr]
    triggered = REVEALED in claims.triggers
    problems = []
    for position in (1, 2):
        game = Game(era=era)
        me = game.active
        card = game.create("Terminus", controller=me, zone="library", types={"sorcery"},
                           mana_cost="{4}{W}{W}", abilities=(Ability("miracle", "{W}"),))
        for n in range(position - 1):
            game.create(f"Card {n}", controller=me, zone="library", types={"land"})
        fill_pool(me)
        game.draw(me, position)
        game.resolve_stack()
        cast = position == ORDINALS.get(ordinal) and triggered
        expected = price(rule, 6, 1) if cast else "not cast"
        actual = f"{card.notes['miracle mana']} mana" if "miracle mana" in card.notes \
            else "not cast"
        problems += differ(f"it may be cast for its miracle cost ({rule.kind}) when it is the "
                           f"{ordinal} card drawn this turn", rule.quote,
                           f"a {{4}}{{W}}{{W}} sorcery with miracle {{W}} drawn as card "
                           f"{position} of the turn", expected, actual)
    return problems


register(Keyword(
    name="miracle",
    kind=("static", "triggered"),
    parameter=("[cost]",),
    trigger=(REVEALED,),
    zones=("hand", "stack"),
    trigger_zones=("hand",),
    durations=("this turn",),
    hooks={"as_drawn": _as_drawn},
    effect=_effect,
    condition=_condition,
    checks=(Check("miracle: cast for its miracle cost when drawn first in a turn", check),),
))
