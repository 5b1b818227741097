"""Backup N (702.165 since 2023): when this creature enters, put N +1/+1 counters on target
creature; if that's another creature, it also gains the non-backup abilities of this creature
printed below this one until end of turn."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, StackItem
from kb.rules.keywords._common import this_object
from kb.rules.keywords._counters import enter, puts
from kb.rules.registry import Check, Keyword, register

GAINS = (r"if that's (another|this) creature, it also gains the non-backup abilities of this "
         r"creature printed (below|above) this one (until end of turn|for as long as)")


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    pick = game.choices.get("backup:target")
    target = (pick(game) if callable(pick) else None) or source
    if target is None or target.zone != "battlefield":
        return
    target.counters["+1/+1"] += int(ability.param)
    if target is source:
        return
    index = next(i for i, a in enumerate(source.abilities) if a is ability)
    granted = [Ability(a.name, a.param) for a in source.abilities[index + 1:]
               if a.name != "backup"]
    target.abilities += granted

    def expire(game: Game, item: StackItem) -> None:
        for one in granted:
            if one in target.abilities:
                target.abilities.remove(one)
    game.delayed.append(("end step", lambda game, event: True,
                         StackItem("ability", source, source.controller or source.owner,
                                   resolve=expire, label="backup ends")))


def _scenario(era: str, other: bool) -> tuple[dict[str, int], list[str], list[str]]:
    """My creature with trample, backup 3, flying enters, targeting itself (or my Bear):
    (counters on each, the Bear's abilities this turn, after the turn)."""
    game = Game(era=era)
    me = game.active
    bear = creature(game, "Bear", me)
    game.choices["backup:target"] = lambda game: bear if other else None
    hero = enter(game, "Hero", me, power=2, toughness=2,
                 abilities=[Ability("trample"), Ability("backup", 3), Ability("flying")])
    now = sorted(a.name for a in bear.abilities)
    game.end_turn()
    return ({"Hero": hero.counters["+1/+1"], "Bear": bear.counters["+1/+1"]}, now,
            sorted(a.name for a in bear.abilities))


def check(claims: Claims, era: str) -> list[str] | None:
    """Backup 3 targeting itself and another creature; the turn ends."""
    said = next(iter(puts(claims)), None)
    text = claims.says(r"\bit also gains\b")
    if said is None or text is None:
        return None
    target = re.search(r"counters? on (target creature|target other creature|this creature)",
                       said.quote, re.I)
    gains = re.search(GAINS, " ".join(claims.sentences), re.I)
    if target is None or gains is None:
        return [f'the text says what backup does in a way the model does not read ("{text}")']
    fires = "enters" in claims.triggers
    amount = said.times(3) if said.kind == "+1/+1" else 0
    problems = []
    for other in (False, True):
        on_other = other and target.group(1).lower() != "this creature"
        counters = {"Hero": amount if fires and not on_other else 0,
                    "Bear": amount if fires and on_other else 0}
        granted = []
        if fires and on_other and gains.group(1).lower() == "another":
            granted = ["flying"] if gains.group(2).lower() == "below" else ["trample"]
        lasting = gains.group(3).lower() != "until end of turn"
        expected = (counters, granted, granted if lasting else [])
        problems += differ(f"{said.count} {said.kind} counters on {target.group(1)}; "
                           f"{gains.group(0)}", text, "a creature with trample, backup 3, "
                           f"flying enters, targeting {'my Bear' if other else 'itself'}: "
                           "(counters, the Bear's abilities this turn, after the turn)",
                           expected, _scenario(era, other))
    return problems


register(Keyword(
    name="backup",
    kind=("triggered",),
    parameter=("n",),
    trigger=("enters",),
    durations=("until end of turn",),
    zones=("battlefield", "stack"),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("N counters on a target; another creature gains the abilities below", check),),
))
