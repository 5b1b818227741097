"""Fading (702.30 in 2012, 502.20 in 2008): "Fading N" means "This permanent enters the
battlefield with N fade counters on it" and "At the beginning of your upkeep, remove a fade
counter from this permanent. If you can't, sacrifice the permanent." """

from __future__ import annotations

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._counters import (
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
TURNS = 5


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    add_counters(obj, "fade", int(ability.param or 0))


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if source.zone == "battlefield" and not remove_counters(game, source, "fade"):
        game.sacrifice(source)


def expected(claims: Claims) -> list[str | dict[str, int]]:
    """The states the text leads to: its starting counters, then per upkeep whose trigger
    it names, its removal, and the sacrifice when the removal can't be done."""
    start = enters_with(claims)
    counters = {s.kind: s.times(N) for s in start[:1]}
    removal = removes(claims)[:1]
    whose = upkeep_owner(claims)
    sacrifice = claims.says(r"\bif you can't, sacrifice\b") is not None
    states: list[str | dict[str, int]] = []
    gone = False
    for turn in range(2 * TURNS):
        mine = turn % 2 == 0
        if not gone and whose and (mine or whose == "each") and removal:
            kind, count = removal[0].kind, removal[0].times(N)
            if counters.get(kind, 0) >= count:
                counters[kind] -= count
            elif sacrifice:
                gone = True
        states.append("left the battlefield (graveyard)" if gone else
                      {k: v for k, v in sorted(counters.items()) if v})
    return states


def check(claims: Claims, era: str) -> list[str] | None:
    """Fading 3 through five turns of each player: counters after each upkeep, then the
    sacrifice."""
    if not enters_with(claims) and not removes(claims):
        return None
    game = Game(era=era)
    fader = game.create("Fader", types={"enchantment"}, abilities=(Ability("fading", N),))
    quote = (removes(claims) or enters_with(claims))[0].quote
    return differ("how many fade counters it starts with, loses each upkeep, and when it is "
                  "sacrificed", quote, f"fading {N}, {TURNS} turns of each player (yours "
                  "first)", expected(claims), trajectory(game, fader, TURNS))


register(Keyword(
    name="fading",
    kind=("static", "triggered"),
    parameter=("n",),
    trigger=("upkeep",),
    zones=("battlefield",),
    hooks={"as_enters": _as_enters},
    effect=_effect,
    condition=your_upkeep,
    checks=(Check("fade counters each upkeep, sacrificed when none can be removed", check),),
))
