"""Visit (702.159 in 2022), a keyword ability of Attractions: "Visit — [Effect]" means
"Whenever you roll to visit your Attractions, if the result is equal to a number that is lit
up on this Attraction, [effect]."

The model: `kb.rules.keywords._attractions` (the roll); here the triggered ability (the
scenarios' effect: its controller gains the ability's parameter in life)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._attractions import ROLLED, attraction, roll_to_visit
from kb.rules.registry import Check, Keyword, register


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.player is source.controller and event.data.get("result") in source.notes.get(
        "lit", ())


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if source.controller is not None:
        source.controller.life += int(ability.param or 0)


def _lives(era: str, roller: str, result: int) -> tuple[int, int]:
    """My Attraction (lit 2, 4; visit: gain 3 life) and the opponent's (lit 4): `roller`
    rolls `result` to visit: (my life gained, the opponent's)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    attraction(game, me, "Ferris Wheel", {2, 4})
    attraction(game, them, "Their Wheel", {4})
    game.choices["die"] = result
    roll_to_visit(game, me if roller == "me" else them)
    return me.life - 20, them.life - 20


COMPARE = {"equal to": lambda n, r: n == r, "greater than": lambda n, r: n > r,
           "less than": lambda n, r: n < r}


def check(claims: Claims, era: str) -> list[str] | None:
    """I roll 4, then 3, then the opponent rolls 4: whose visit abilities trigger."""
    sentence = claims.says(r'"visit \W+ \[effect\]" means')
    if sentence is None:
        return None
    said = re.search(r"if the result is (equal to|greater than|less than) a number that is lit "
                     r"up on this attraction", sentence, re.I)
    if said is None:
        return [f'the text says when visit triggers in a way the model does not read '
                f'("{sentence}")']
    compare = COMPARE[said.group(1).lower()]
    mine_roll = ROLLED in claims.triggers
    problems = []
    for roller, result in (("me", 4), ("me", 3), ("opponent", 4)):
        mine = mine_roll and roller == "me" and any(compare(n, result) for n in (2, 4))
        theirs = mine_roll and roller == "opponent" and compare(4, result)
        problems += differ(f'it triggers on "{", ".join(claims.triggers)}" {said.group(0)}',
                           sentence, f"{roller} rolls {result} to visit; my Attraction lit 2, 4 "
                           "and the opponent's lit 4 each say 'gain 3 life': (my life gained, "
                           "theirs)", (3 if mine else 0, 3 if theirs else 0),
                           _lives(era, roller, result))
    return problems


register(Keyword(
    name="visit",
    kind=("triggered",),
    parameter=("-- [effect]",),
    trigger=(ROLLED,),
    zones=("battlefield",),
    effect=_effect,
    condition=_condition,
    checks=(Check("your roll to visit, a lit-up number equal to the result", check),),
))
