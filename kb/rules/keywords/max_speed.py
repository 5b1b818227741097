"""Max speed -- [Ability] (702.178 since 2025): "As long as your speed is 4, this object has
'[Ability].'\""""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._cov_speed import MAX, speed
from kb.rules.registry import Check, Keyword, register

HAS = (r"\bas long as (your|an opponent's|each player's) speed is (at least |at most )?(\w+), this "
       r"object (has|doesn't have) \"?'?\[ability\]")


def granted(game: Game, obj: GameObject) -> list[str]:
    """The abilities an object has, those its max speed abilities grant included."""
    names = [a.name for a in obj.abilities if a.name != "max speed"]
    owner = obj.controller or obj.owner
    for ability in obj.instances("max speed"):
        if speed(owner) == MAX:
            names.append(str(ability.param))
    return names


def scenario(era: str, mine: int | None, theirs: int | None) -> bool:
    """My creature with "max speed -- flying", my speed and my opponent's as given: does it
    have flying?"""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    for player, value in ((me, mine), (them, theirs)):
        if value is not None:
            player.counters["speed"] = value
    card = game.create("Speedster", controller=me, power=2, toughness=2,
                       abilities=(Ability("max speed", "flying"),))
    return "flying" in granted(game, card)


def check(claims: Claims, era: str) -> list[str] | None:
    """My speed none, 3 and 4 and my opponent's 4 or none."""
    sentence = claims.says(HAS)
    if sentence is None:
        return None
    match = re.search(HAS, sentence, re.I)
    assert match is not None
    whose, bound, value, has = (g.lower() if g else "" for g in match.groups())
    need = quantity(value)
    problems = []
    for mine, theirs in ((None, None), (3, None), (4, None), (None, 4), (3, 4)):
        watched = {"your": [mine], "an opponent's": [theirs],
                   "each player's": [mine, theirs]}[whose]
        levels = [v or 0 for v in watched]
        meets = all(v >= need if bound == "at least " else v <= need if bound == "at most "
                    else v == need for v in levels)
        expected = meets == (has == "has")
        problems += differ(match.group(0), sentence, f"my creature with max speed -- flying,"
                           f" my speed {mine}, my opponent's {theirs}: does it have flying",
                           expected, scenario(era, mine, theirs))
    return problems


register(Keyword(
    name="max speed",
    kind=("static",),
    parameter=("-- [ability]",),
    durations=("as long as",),
    checks=(Check("the ability while your speed is 4", check),),
))
