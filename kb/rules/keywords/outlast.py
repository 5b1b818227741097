"""Outlast [cost] (702.107 in 2014, 702.107 in 2026): "[Cost], {T}: Put a +1/+1 counter on this
creature. Activate only as a sorcery."."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords._casting import legal
from kb.rules.keywords._cov_triggered import counter_said, on_self
from kb.rules.keywords._search import sorcery_speed
from kb.rules.registry import Check, Keyword, register


def outlast(game: Game, obj: GameObject) -> StackItem:
    """Activate `obj`'s outlast ability: pay its cost and {T}, at sorcery timing."""
    ability = next((a for a in obj.abilities if a.name == "outlast"), None)
    if ability is None:
        raise IllegalAction(f"{obj.name} has no outlast")
    if not game.sorcery_timing(obj.controller or obj.owner):
        raise IllegalAction("outlast is activated only as a sorcery")
    game.activate_tap_ability(obj)

    def grow(game: Game, item: StackItem) -> None:
        if obj.zone == "battlefield":
            obj.counters["+1/+1"] += 1
    return game.activate(obj, "outlast", cost=str(ability.param), resolve=grow)


# (when, summoning sick): the situations the check activates outlast in
SITUATIONS = (("main", False), ("combat", False), ("main", True))


def _scenario(era: str, when: str, sick: bool) -> tuple[bool, int, int, bool]:
    """My 2/2 with outlast {2} ({3} floating): (legal, mana taken, its counters, tapped)."""
    game = Game(era=era)
    me = game.active
    soldier = creature(game, "Soldier", me, abilities=(Ability("outlast", "{2}"),))
    soldier.sick = sick
    if when == "combat":
        game.begin_combat()
    game.add_mana(me, "{3}")
    ok = legal(outlast, game, soldier)
    game.resolve_stack()
    return ok, 3 - sum(me.pool.values()), soldier.counters["+1/+1"], soldier.tapped


def check(claims: Claims, era: str) -> list[str] | None:
    """Outlast {2} in my main phase, during combat, and on a creature that just arrived."""
    said = counter_said(claims)
    if said is None:
        return None
    form = re.search(r'"\[cost\](, \{T\})?: put', said.quote, re.I)
    sorcery = sorcery_speed(claims)
    if form is None or not on_self(said):
        return [f'the text says what outlast does in a way the model does not read '
                f'("{said.quote}")']
    tap = form.group(1) is not None
    problems = []
    for when, sick in SITUATIONS:
        allowed = not (sorcery and when == "combat") and not (tap and sick)
        expected = (allowed, 2 if allowed else 0,
                    said.times(3) if allowed and said.kind == "+1/+1" else 0, allowed and tap)
        problems += differ(f"[cost]{form.group(1) or ''}: {said.count} {said.kind} counter"
                           + (", only as a sorcery" if sorcery else ""), said.quote,
                           f"outlast {{2}} activated in the {when} step"
                           f"{' by a creature that just arrived' if sick else ''}: (legal, mana "
                           "taken, counters, tapped)", expected, _scenario(era, when, sick))
    return problems


register(Keyword(
    name="outlast",
    kind=("activated",),
    parameter=("[cost]",),
    checks=(Check("[cost], {T}: a +1/+1 counter, as a sorcery", check),),
))
