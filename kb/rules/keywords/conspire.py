"""Conspire (702.76 in 2012, 502.78 in 2008): a static ability (an optional additional cost:
"tap two untapped creatures you control that each share a color with it") and a triggered
ability ("When you cast this spell, if its conspire cost was paid, copy it"), both working
while the spell is on the stack. Each instance is paid separately and triggers on its own
payment.

In the model, `cast_with_conspire` pays the chosen instances' costs (tapping the creatures)
as the spell is cast; `StackItem.paid["conspire"]` lists the instances paid for."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kb.rules.checks import differ
from kb.rules.claims import WORD_NUMBERS, Claims
from kb.rules.game import Ability, Event, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._spells import (
    burn_spell,
    cast_paid,
    cast_trigger,
    clause_trigger,
    stocked_game,
)
from kb.rules.registry import Check, register

CREATURES = 2


def cast_with_conspire(game: Game, player: Player, card: GameObject,
                       payments: Sequence[Sequence[GameObject]]) -> StackItem:
    """Cast `card`, paying the conspire cost of its first `len(payments)` instances, each
    with its own creatures (IllegalAction when a payment doesn't meet the cost)."""
    instances = card.instances("conspire")
    if len(payments) > len(instances):
        raise IllegalAction("more conspire payments than instances of conspire")
    used: set[int] = set()
    for creatures in payments:
        _check_payment(player, card, creatures, used)
        used |= {id(c) for c in creatures}
    for creatures in payments:
        for creature in creatures:
            creature.tapped = True
    paid = [id(instances[index]) for index in range(len(payments))]
    return cast_paid(game, player, card, paid={"conspire": paid})


def _check_payment(player: Player, card: GameObject, creatures: Sequence[GameObject],
                   used: set[int]) -> None:
    if len(creatures) != CREATURES or len({id(c) for c in creatures}) != CREATURES:
        raise IllegalAction(f"conspire taps exactly {CREATURES} creatures")
    for creature in creatures:
        if id(creature) in used or creature.tapped or creature.zone != "battlefield" \
                or creature.controller is not player or not creature.is_("creature"):
            raise IllegalAction(f"{creature.name} can't pay a conspire cost")
        if not creature.colors & card.colors:
            raise IllegalAction(f"{creature.name} shares no color with {card.name}")


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    item = event.data.get("item")
    return event.obj is source and item is not None and \
        id(ability) in item.paid.get("conspire", [])


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    game.copy_spell(event.data["item"])


def _payment_legal(era: str, pick: list[str]) -> tuple[bool, int]:
    """Cast a red spell with two instances of conspire, paying one with the named creatures:
    (was it allowed, how many copies resolved). Creatures: three untapped red ones, an
    untapped blue one, a tapped red one."""
    game = stocked_game(era, cards=0)
    me = game.active
    opponent = game.opponent(me)
    pool = {name: game.create(name, controller=me, power=1, toughness=1,
                              colors={"blue" if name == "blue" else "red"},
                              tapped=name == "tapped red")
            for name in ("red 1", "red 2", "red 3", "blue", "tapped red")}
    spell = burn_spell(game, me, "Conspire spell", abilities=("conspire", "conspire"))
    before = opponent.life
    try:
        cast_with_conspire(game, me, spell, [[pool[name] for name in pick]] if pick else [])
    except IllegalAction:
        return False, 0
    game.resolve_stack()
    return True, before - opponent.life - 1


PAYMENTS: tuple[list[str], ...] = (
    ["red 1", "red 2"], ["red 1", "blue"], ["red 1"], ["red 1", "red 2", "red 3"],
    ["red 1", "tapped red"], [])


def check(claims: Claims, era: str) -> list[str] | None:
    """Which payments the text allows, and one copy per paid instance when it's cast."""
    sentence = claims.says(r"additional cost to cast this spell, you may tap")
    if sentence is None:
        return None
    cost = re.search(r"you may tap (\w+) (untapped )?creatures you control( that each share a "
                     r"colou?r with it)?", sentence, re.I)
    copies = re.search(r"if its conspire cost was paid, copy it", sentence, re.I)
    if cost is None:
        return [f'the text states a conspire cost the model does not read ("{sentence}")']
    count = WORD_NUMBERS.get(cost.group(1).lower(), 0) if not cost.group(1).isdigit() \
        else int(cost.group(1))
    trigger = clause_trigger(sentence, r"if its conspire") or next(iter(claims.triggers), "")
    problems = []
    for pick in PAYMENTS:
        legal = not pick or (len(pick) == count
                             and (not cost.group(2) or "tapped red" not in pick)
                             and (not cost.group(3) or "blue" not in pick))
        expected = (legal, int(bool(pick) and bool(copies) and trigger == "cast") if legal
                    else 0)
        problems += differ("a conspire payment is " + cost.group(0), sentence,
                           f"conspire paid by tapping {', '.join(pick) or 'nothing'} for a red "
                           "spell (allowed?, copies)", expected, _payment_legal(era, pick))
    return problems


register(cast_trigger(
    "conspire", _effect,
    (Check("tap two untapped creatures sharing a color; a copy per paid instance", check),),
    kind=("static", "triggered"),
    condition=_condition,
))
