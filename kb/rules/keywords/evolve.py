"""Evolve (702.98 in 2013, 702.100 in 2026): whenever a creature enters the battlefield under
your control, if that creature's power is greater than this creature's power and/or that
creature's toughness is greater than this creature's toughness, put a +1/+1 counter on this
creature."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._counters import enter
from kb.rules.keywords._cov_combat import comparison
from kb.rules.keywords._cov_triggered import (
    counter_said,
    counters,
    meaning,
    on_self,
    put_counters,
)
from kb.rules.registry import Check, Keyword, register

WHOSE = (r"whenever a creature (?:enters the battlefield under (your|an opponent's) control"
         r"|(you|an opponent) controls? enters)")
CONDITION = (r"if that creature's power is (\w+) than this creature's power (and/or|and|or) "
             r"that creature's toughness is (\w+) than this creature's toughness")
# creatures entering while a 2/2 with evolve is on the battlefield: (P, T, mine)
ENTERING = ((3, 1, True), (1, 3, True), (3, 3, True), (2, 2, True), (1, 1, True),
            (3, 3, False))


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    other = event.obj
    if other is None or other is source or not other.is_("creature"):
        return False
    return other.controller is source.controller and (
        other.current_power > source.current_power
        or other.current_toughness > source.current_toughness)


def _enters(era: str, power: int, toughness: int, mine: bool) -> int:
    """A creature of this size enters under my (or the opponent's) control while my 2/2
    with evolve is on the battlefield: the counters on it."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    evolver = creature(game, "Evolver", me, 2, 2, abilities=("evolve",))
    enter(game, "Newcomer", me if mine else them, power=power, toughness=toughness)
    return counters(evolver)


def check(claims: Claims, era: str) -> list[str] | None:
    """Six creatures enter, one at a time, beside a 2/2 with evolve: when it evolves."""
    said, text = counter_said(claims), meaning(claims)
    if said is None or text is None:
        return None
    whose = re.search(WHOSE, text, re.I)
    condition = re.search(CONDITION, text, re.I)
    tests = (comparison(condition.group(1)), comparison(condition.group(3))) if condition \
        else (None, None)
    if whose is None or condition is None or None in tests or not on_self(said):
        return [f'the text says when it evolves in a way the model does not read ("{text}")']
    yours = (whose.group(1) or whose.group(2)).lower() in ("your", "you")
    joined = condition.group(2).lower()
    problems = []
    for power, toughness, mine in ENTERING:
        bigger = [tests[0](power, 2), tests[1](toughness, 2)]  # type: ignore[misc]
        passes = all(bigger) if joined == "and" else any(bigger)
        fires = "enters" in claims.triggers and mine == yours and passes
        expected = said.times(3) if fires and said.kind == "+1/+1" else 0
        problems += differ(f"{said.count} {said.kind} counter(s) when a creature "
                           f"{'you' if yours else 'an opponent'} control(s) enters with "
                           f"{condition.group(1)} power {joined} {condition.group(3)} "
                           "toughness", text, f"a {power}/{toughness} enters under "
                           f"{'my' if mine else 'the opponent'}'s control beside my 2/2 with "
                           "evolve: its counters", expected, _enters(era, power, toughness,
                                                                     mine))
    return problems


register(Keyword(
    name="evolve",
    kind=("triggered",),
    parameter=("",),
    trigger=("enters",),
    zones=("battlefield",),
    instances="separate",
    effect=put_counters("+1/+1", 1),
    condition=_condition,
    checks=(Check("a counter when a greater creature enters under your control", check),),
))
