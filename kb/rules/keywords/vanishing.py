"""Vanishing (702.61 in 2012, 502.60 in 2008): "Vanishing N" means "This permanent enters the
battlefield with N time counters on it," "At the beginning of your upkeep, if this permanent
has a time counter on it, remove a time counter from it," and "When the last time counter is
removed from this permanent, sacrifice it." Vanishing without a number has only the last two.
"""

from __future__ import annotations

import re
from dataclasses import replace

from kb.rules.checks import differ
from kb.rules.claims import COUNT, Claims, quantity
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._counters import (
    Said,
    add_counters,
    enters_with,
    remove_counters,
    removes,
    trajectory,
    upkeep_owner,
    your_upkeep,
)
from kb.rules.registry import Check, Keyword, register

N = 3
TURNS = 4
LAST = "last time counter removed"


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    add_counters(obj, "time", int(ability.param or 0))


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    if event.name == LAST:
        return event.obj is source
    return your_upkeep(game, source, ability, event) and source.counters["time"] > 0


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if source.zone != "battlefield":
        return
    if event.name == LAST:
        game.sacrifice(source)
    else:
        remove_counters(game, source, "time")


def within(claims: Claims, sentence: str) -> Claims:
    """The claims as read from one of its sentences only."""
    return replace(claims, sentences=[sentence])


def expected(claims: Claims, start: dict[str, int]) -> list[str | dict[str, int]]:
    """The states the text leads to from `start`: per upkeep its trigger names, a removal
    (only while the text's threshold of counters is there, when it states one), and the
    sacrifice when the last counter of the kind it names is removed."""
    counters = dict(start)
    removal: list[Said] = removes(claims)[:1]
    whose = upkeep_owner(claims)
    only_if = re.search(rf"if this permanent has ({COUNT}) (\S+) counters? on it",
                        claims.says(r"if this permanent has") or "")
    last = re.search(r"last (\S+) counter is removed", claims.says(r"\blast \S+ counter is "
                                                                   r"removed\b.*sacrifice")
                     or "")
    states: list[str | dict[str, int]] = []
    gone = False
    for turn in range(2 * TURNS):
        if not gone and whose and (turn % 2 == 0 or whose == "each") and removal:
            kind, count = removal[0].kind, removal[0].times(N)
            had = counters.get(kind, 0)
            if not only_if or counters.get(only_if.group(2), 0) >= quantity(only_if.group(1)):
                counters[kind] = max(had - count, 0)
                gone = bool(had and not counters[kind] and last and LAST in claims.triggers
                            and last.group(1).lower() == kind)
        states.append("left the battlefield (graveyard)" if gone else
                      {k: v for k, v in sorted(counters.items()) if v})
    return states


def check_numbered(claims: Claims, era: str) -> list[str] | None:
    """Vanishing 3 through four turns of each player."""
    start = enters_with(claims)
    if not start:
        return None
    game = Game(era=era)
    vanisher = game.create("Vanisher", types={"enchantment"},
                           abilities=(Ability("vanishing", N),))
    said = within(claims, start[0].quote)
    return differ("how many time counters it starts with, loses each upkeep, and when it is "
                  "sacrificed", start[0].quote, f"vanishing {N}, {TURNS} turns of each "
                  "player (yours first)", expected(said, {start[0].kind: start[0].times(N)}),
                  trajectory(game, vanisher, TURNS))


def check_unnumbered(claims: Claims, era: str) -> list[str] | None:
    """Vanishing without a number on a permanent that got two time counters otherwise."""
    quote = claims.says(r"\bvanishing without a number means\b")
    if quote is None:
        return None
    game = Game(era=era)
    vanisher = game.create("Vanisher", types={"enchantment"}, abilities=("vanishing",))
    vanisher.counters["time"] = 2
    return differ("what vanishing without a number does", quote, "vanishing without a "
                  f"number and two time counters, {TURNS} turns of each player",
                  expected(within(claims, quote), {"time": 2}),
                  trajectory(game, vanisher, TURNS))


register(Keyword(
    name="vanishing",
    kind=("static", "triggered"),
    parameter=("n", ""),
    trigger=("upkeep", LAST),
    zones=("battlefield",),
    instances="separate",
    hooks={"as_enters": _as_enters},
    effect=_effect,
    condition=_condition,
    checks=(Check("time counters each upkeep, sacrificed when the last is removed",
                  check_numbered),
            Check("vanishing without a number", check_unnumbered)),
))
