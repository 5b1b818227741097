"""Modular (702.41 in 2012, 502.35 in 2008): "Modular N" means "This permanent enters the
battlefield with N +1/+1 counters on it" and "When this permanent is put into a graveyard
from the battlefield, you may put a +1/+1 counter on target artifact creature for each +1/+1
counter on this permanent." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import COUNT, PT, Claims, quantity
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._counters import add_counters, enter, first_enters_with
from kb.rules.registry import Check, Keyword, register

N = 3
PUT = re.compile(rf"\bput ({COUNT}) ({PT}|[a-z]+) counters? on target ([\w ]+?) for each "
                 rf"({PT}|[a-z]+) counter on this permanent", re.I)


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    add_counters(obj, "+1/+1", int(ability.param or 0))


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    had = (event.data.get("info") or {}).get("counters", {}).get("+1/+1", 0)
    player = source.owner
    targets = sorted((c for c in game.creatures() if c.is_("artifact") and c is not source
                      and game.target_legal(c, source)),
                     key=lambda c: (c.controller is not player, c.ident))
    target = game.choose(f"modular:{source.ident}", targets[0] if targets else None)
    if had and target is not None:
        target.counters["+1/+1"] += had


def _scenario(era: str, artifact_ally: bool
              ) -> tuple[dict[str, int], GameObject, GameObject]:
    """Modular 3 (one more +1/+1 counter put on it) dies beside a creature and, if
    `artifact_ally`, an artifact creature."""
    game = Game(era=era)
    module = enter(game, "Module", power=0, toughness=0, types={"artifact", "creature"},
                   abilities=(Ability("modular", N),))
    module.counters["+1/+1"] += 1
    ally = game.create("Ally", power=1, toughness=1,
                       types={"artifact", "creature"} if artifact_ally else {"creature"})
    bear = game.create("Bear", power=2, toughness=2)
    game.destroy(module)
    game.resolve_stack()
    died = next(e for e in game.log if e.name == "dies" and e.obj is module)
    return {k: v for k, v in died.data["info"]["counters"].items() if v}, ally, bear


def check(claims: Claims, era: str) -> list[str] | None:
    """Modular 3 enters; with one more +1/+1 counter it dies, beside an artifact creature and
    a creature, then beside two creatures: the counters it had, and where they go."""
    said = first_enters_with(claims)
    quote = claims.says(PUT.pattern)
    if said is None or quote is None:
        return None
    put = PUT.search(quote)
    assert put is not None
    count, kind, target, per = quantity(put.group(1)), put.group(2).lower(), \
        put.group(3).lower(), put.group(4).lower()
    problems = []
    for artifact_ally in (True, False):
        last, ally, bear = _scenario(era, artifact_ally)
        had = {said.kind: said.times(N)}
        had["+1/+1"] = had.get("+1/+1", 0) + 1
        moved = count * had.get(per, 0) if "dies" in claims.triggers else 0
        fits = [c for c in (ally, bear) if all(c.is_(word) for word in target.split())]
        given = {c.name: (moved if fits and c is fits[0] else 0) for c in (ally, bear)}
        expected = (had, {name: {kind: n} if n else {} for name, n in given.items()})
        actual = (last, {c.name: {k: v for k, v in c.counters.items() if v} for c in (ally, bear)})
        beside = "an artifact creature" if artifact_ally else "a creature"
        problems += differ(f"it enters with {said.count} {said.kind} counters; when it dies "
                           f"{put.group(1)} {kind} counter goes on target {target} for each "
                           f"{per} counter on it", quote, f"modular {N} with one more +1/+1 "
                           f"counter dies beside {beside} and a creature: (its counters as it "
                           "died, what each other creature gets)", expected, actual)
    return problems


register(Keyword(
    name="modular",
    kind=("static", "triggered"),
    parameter=("n", "-- sunburst"),
    trigger=("dies",),
    zones=("battlefield",),
    instances="separate",
    hooks={"as_enters": _as_enters},
    effect=_effect,
    condition=this_object,
    checks=(Check("N +1/+1 counters, moved to an artifact creature when it dies", check),),
))
