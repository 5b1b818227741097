"""Evoke [cost] (702.72 in 2012, 502.74 in 2008): a static ability, "You may cast this card by
paying [cost] rather than paying its mana cost", and a triggered ability, "When this permanent
enters the battlefield, if its evoke cost was paid, its controller sacrifices it"."""

from __future__ import annotations

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, Player, StackItem
from kb.rules.keywords._casting import (
    VERB_ZONE,
    ability_of,
    cast_for,
    check_cost_paid,
    cost_rule,
    read_word,
    spending,
)
from kb.rules.registry import Check, Keyword, register

PAID = "evoked"


def cast_evoked(game: Game, player: Player, card: GameObject) -> StackItem:
    """Cast `card` for its evoke cost instead of its mana cost."""
    ability = ability_of(card, "evoke")
    card.notes[PAID] = True
    return cast_for(game, player, card, ability)


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is source and bool(source.notes.get(PAID))


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    source.notes.pop(PAID, None)
    if source.zone == "battlefield":
        game.sacrifice(source)


def _elemental(game: Game) -> GameObject:
    return game.create("Mulldrifter", controller=game.active, zone="hand", power=2,
                       toughness=2, mana_cost="{4}{U}", abilities=(Ability("evoke", "{2}{U}"),))


def check(claims: Claims, era: str) -> list[str] | None:
    """A {4}{U} creature with evoke {2}{U}, cast evoked and cast normally: the mana each takes
    and where the creature ends up."""
    rule = cost_rule(claims, r"evoke \[cost\]")
    then = read_word(claims, r"if its evoke cost was paid, its controller (\w+) it")
    if rule is None and then is None:
        return None
    problems = []
    for evoked in (True, False):
        game = Game(era=era)
        card = _elemental(game)
        cast = cast_evoked if evoked else game.cast
        _, mana = spending(game.active, cast, *((game,) if evoked else ()), game.active, card)
        game.resolve_stack()
        if rule is not None and evoked:
            problems += check_cost_paid("evoke", rule, "a {4}{U} creature cast for evoke {2}{U}",
                                        5, 3, mana)
        if then is not None:
            trigger = "enters" in claims.triggers
            expected = VERB_ZONE.get(then[1], then[1]) if evoked and trigger else "battlefield"
            problems += differ(f"its controller {then[1]} it when it enters, if evoked",
                               then[0], f"a creature with evoke cast "
                               f"{'for its evoke cost' if evoked else 'normally'} resolves",
                               expected, card.zone)
    return problems


register(Keyword(
    name="evoke",
    kind=("static", "triggered"),
    parameter=("[cost]",),
    trigger=("enters",),
    zones=("battlefield", "any zone"),
    functions_in=("battlefield", "any zone"),
    effect=_effect,
    condition=_condition,
    checks=(Check("evoke: alternative cost, sacrificed as it enters", check),),
))
