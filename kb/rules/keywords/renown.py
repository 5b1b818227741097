"""Renown N (702.111 in 2015, 702.112 in 2026): when this creature deals combat damage to a
player, if it isn't renowned, put N +1/+1 counters on it and it becomes renowned."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._cov_triggered import counter_said, counters, on_self
from kb.rules.registry import Check, Keyword, register


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return this_object(game, source, ability, event) and not source.notes.get("renowned")


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if source.zone == "battlefield" and not source.notes.get("renowned"):
        source.counters["+1/+1"] += int(ability.param)
        source.notes["renowned"] = True


def _combats(era: str, n: int) -> list[int]:
    """Renown `n` attacks three times: unblocked, blocked, unblocked; its +1/+1 counters
    after each combat."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    hero = creature(game, "Hero", me, 2, 2, abilities=(Ability("renown", n),))
    wall = creature(game, "Wall", them, 0, 9)
    found = []
    for blocked in (False, True, False):
        hero.tapped = False
        game.declare_attackers([hero])
        game.declare_blockers({wall: hero} if blocked else {})
        game.combat_damage()
        game.end_combat()
        found.append(counters(hero))
    return found


def check(claims: Claims, era: str) -> list[str] | None:
    """Three combats: counters only for combat damage to a player, and only once when the
    text says "if it isn't renowned"."""
    said = counter_said(claims)
    if said is None:
        return None
    if not on_self(said) or said.kind != "+1/+1":
        return [f'the text puts counters on something the model does not read '
                f'("{said.quote}")']
    once = re.search(r"\bif it (?:isn't|is not) renowned\b", said.quote, re.I) is not None
    fires = "deals combat damage to a player" in claims.triggers
    expected, total = [], 0
    for damaged in (True, False, True):
        if fires and damaged and not (once and total):
            total += said.times(3)
        expected.append(total)
    return differ(f"{said.count} {said.kind} counter(s) when it deals combat damage to a "
                  f"player{', once' if once else ''}", said.quote, "renown 3 attacks "
                  "unblocked, blocked, unblocked: counters after each combat", expected,
                  _combats(era, 3))


register(Keyword(
    name="renown",
    kind=("triggered",),
    parameter=("n",),
    trigger=("deals combat damage to a player",),
    zones=("battlefield",),
    instances="separate",
    effect=_effect,
    condition=_condition,
    checks=(Check("N counters the first time it deals combat damage to a player", check),),
))
