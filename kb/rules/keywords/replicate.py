"""Replicate [cost] (702.54 in 2012, 502.52 in 2008): a static ability, "As an additional cost
to cast this spell, you may pay [cost] any number of times", and a triggered ability on the
stack, "When you cast this spell, if a replicate cost was paid for it, copy it for each time
its replicate cost was paid." Each instance is paid separately and triggers for its own
payments."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import cost_rule, param_cost, price, spending
from kb.rules.keywords._spells import burn_spell, cast_trigger
from kb.rules.registry import Check, register

PAID = "replicate paid"
COPIES = r"copy it (for each time its replicate cost was paid|once|twice|[\w ]+?)\."


def cast_replicated(game: Game, player: Player, card: GameObject,
                    payments: list[int]) -> StackItem:
    """Cast `card` paying the cost of its replicate instances (in order) `payments` times
    each."""
    instances = card.instances("replicate")
    if len(payments) > len(instances) or any(n < 0 for n in payments):
        raise IllegalAction("one count of payments per replicate instance")
    extra = [param_cost(ability) for ability, n in zip(instances, payments, strict=False)
             for _ in range(n)]
    card.notes[PAID] = {id(a): n for a, n in zip(instances, payments, strict=False)}
    return game.cast(player, card, additional=extra, paid={"replicate": list(payments)})


def _condition(game: Game, card: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is card and card.notes.get(PAID, {}).get(id(ability), 0) > 0


def _effect(game: Game, card: GameObject, ability: Ability, event: Event) -> None:
    """Copy the spell once for each payment of this instance's cost."""
    item = event.data["item"]
    for _ in range(card.notes.get(PAID, {}).get(id(ability), 0)):
        game.copy_spell(item)


def check(claims: Claims, era: str) -> list[str] | None:
    """A {R} burn spell (1 damage) with replicate {1}: paid three times; with two instances
    paid twice and once."""
    rule = cost_rule(claims, r"replicate \[cost\]")
    copies = claims.says(COPIES)
    if rule is None:
        return None
    how = re.search(COPIES, copies, re.I).group(1).lower() if copies else ""  # type: ignore
    per_payment = how == "for each time its replicate cost was paid" and "cast" in claims.triggers
    runs = [[3]] + ([[2, 1]] if claims.instances == "separate" else [])
    problems = []
    for payments in runs:
        game = Game(era=era)
        me = game.active
        card = burn_spell(game, me, "Shattering Spree", mana_cost="{R}",
                          abilities=[Ability("replicate", "{1}") for _ in payments])
        _, mana = spending(me, cast_replicated, game, me, card, payments)
        game.resolve_stack()
        paid = sum(payments)
        allowed = rule.times or max(payments) <= 1
        expected = (allowed, price(rule, 1, 1, paid), 1 + (paid if per_payment else 0)) \
            if allowed else (False,)
        actual = (True, f"{mana} mana", 20 - game.opponent(me).life)
        problems += differ(f"replicate is paid as {rule.kind} cost "
                           f"{'any number of times' if rule.times else 'once'} and the spell is "
                           f"copied {how or 'never'}", rule.quote,
                           f"a {{R}} spell dealing 1 damage, replicate {{1}} paid "
                           f"{'+'.join(map(str, payments))} times: (legal, mana, damage dealt)",
                           expected, actual)
    return problems


register(cast_trigger(
    "replicate", _effect,
    (Check("replicate: paid any number of times, a copy per payment", check),),
    kind=("static", "triggered"),
    parameter=("[cost]",),
    condition=_condition,
))
