"""Graft (702.56 in 2012, 502.54 in 2008): "Graft N" means "This permanent enters the
battlefield with N +1/+1 counters on it" and "Whenever another creature enters the
battlefield, if this permanent has a +1/+1 counter on it, you may move a +1/+1 counter from
this permanent onto that creature." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import COUNT, PT, Claims, quantity
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._counters import add_counters, enter, first_enters_with
from kb.rules.registry import Check, Keyword, register

N = 3
ENTERING = 5
MOVE = re.compile(rf"\bmove ({COUNT}) ({PT}|[a-z]+) counters? from this permanent onto that "
                  r"(creature|permanent)", re.I)
ONLY_IF = re.compile(rf"\bif this permanent has ({COUNT}) ({PT}|[a-z]+) counters? on it", re.I)
WHO = re.compile(r"\bwhenever (another|a) (creature|permanent|artifact) enters", re.I)


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    add_counters(obj, "+1/+1", int(ability.param or 0))


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    other = event.obj
    return other is not None and other is not source and other.is_("creature") \
        and source.counters["+1/+1"] > 0


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    other = event.obj
    if other is None or other.zone != "battlefield" or not source.counters["+1/+1"]:
        return
    if game.choose(f"graft:{source.ident}", True):
        source.counters["+1/+1"] -= 1
        other.counters["+1/+1"] += 1


def check(claims: Claims, era: str) -> list[str] | None:
    """Graft 3 enters, then five creatures of yours enter one at a time: the graft creature's
    counters and each newcomer's, after each."""
    said = first_enters_with(claims)
    quote = claims.says(MOVE.pattern)
    if said is None or quote is None:
        return None
    move = MOVE.search(quote)
    only_if = ONLY_IF.search(quote)
    who = WHO.search(quote)
    assert move is not None
    triggers = "enters" in claims.triggers and who is not None
    game = Game(era=era)
    grafter = enter(game, "Grafter", power=0, toughness=0,
                    abilities=(Ability("graft", N),))
    counters = {said.kind: said.times(N)}
    kind, count = move.group(2).lower(), quantity(move.group(1))
    expected, actual = [], []
    for index in range(ENTERING):
        newcomer = enter(game, f"Newcomer {index}", power=1, toughness=1)
        given = 0
        if triggers and (only_if is None or counters.get(only_if.group(2).lower(), 0)
                         >= quantity(only_if.group(1))):
            given = min(count, counters.get(kind, 0))
            counters[kind] = counters.get(kind, 0) - given
        expected.append((counters.get("+1/+1", 0), given if kind == "+1/+1" else 0))
        actual.append((grafter.counters["+1/+1"], newcomer.counters["+1/+1"]))
    return differ(f"it enters with {said.count} {said.kind} counters and moves "
                  f"{move.group(1)} {kind} counter onto each creature that enters"
                  + (f" {only_if.group(0)}" if only_if else ""), quote,
                  f"graft {N} enters, then {ENTERING} creatures one at a time: (its +1/+1 "
                  "counters, the newcomer's)", expected, actual)


register(Keyword(
    name="graft",
    kind=("static", "triggered"),
    parameter=("n",),
    trigger=("enters",),
    zones=("battlefield",),
    instances="separate",
    hooks={"as_enters": _as_enters},
    effect=_effect,
    condition=_condition,
    checks=(Check("N +1/+1 counters, one moved onto each creature that enters", check),),
))
