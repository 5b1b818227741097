"""Mentor (702.133 in 2018, 702.134 in 2026): whenever this creature attacks, put a +1/+1
counter on target attacking creature with power less than this creature's power."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._cov_combat import comparison
from kb.rules.keywords._cov_triggered import counter_said, counter_target, counters
from kb.rules.registry import Check, Keyword, register

TARGET = r"target (attacking |blocking |)creature with power (\w+) than this creature's power"


def _legal(game: Game, source: GameObject, other: GameObject) -> bool:
    combat = game.combat
    return (other is not source and combat is not None and other in combat.attackers
            and other.current_power < source.current_power)


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    target = next((o for o in game.creatures() if _legal(game, source, o)), None)
    if target is not None:
        target.counters["+1/+1"] += 1


def _attack(era: str, power: int, attacking: bool) -> int:
    """A 3/3 with mentor attacks; one other creature of `power` attacks too (or stays home):
    the counters that creature gets."""
    game = Game(era=era)
    me = game.active
    mentor = creature(game, "Mentor", me, 3, 3, abilities=("mentor",))
    pupil = creature(game, "Pupil", me, power, 4)
    game.declare_attackers([mentor, pupil] if attacking else [mentor])
    return counters(pupil)


def check(claims: Claims, era: str) -> list[str] | None:
    """A 3/3 with mentor attacks with a creature of power 2, 3 or 4, or with a 2-power
    creature staying home: which one gets the counter."""
    said = counter_said(claims)
    if said is None:
        return None
    match = re.fullmatch(TARGET, counter_target(said) or "", re.I)
    test = comparison(match.group(2)) if match else None
    if match is None or test is None:
        return [f'the text names its target in a way the model does not read '
                f'("{said.quote}")']
    problems = []
    for power, attacking in ((2, True), (3, True), (4, True), (2, False)):
        legal = test(power, 3) and (attacking or match.group(1) != "attacking ")
        expected = said.times(3) if legal and "attacks" in claims.triggers and \
            said.kind == "+1/+1" and match.group(1) != "blocking " else 0
        problems += differ(f"{said.count} {said.kind} counter(s) on {match.group(0)}",
                           said.quote, f"a 3/3 with mentor attacks; a {power}-power creature "
                           f"{'attacks too' if attacking else 'stays home'}: its counters",
                           expected, _attack(era, power, attacking))
    return problems


register(Keyword(
    name="mentor",
    kind=("triggered",),
    parameter=("",),
    trigger=("attacks",),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("a counter on an attacking creature with less power", check),),
))
