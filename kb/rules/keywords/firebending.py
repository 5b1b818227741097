"""Firebending N (702.189, new in 2025): whenever this creature attacks, add N {R}; until end
of combat, you don't lose this mana as steps and phases end."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._cov_triggered import meaning
from kb.rules.registry import Check, Keyword, register

ADD = r"\badd (N|X|\w+) \{([WUBRGC])\}"


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    game.add_mana(source.controller or source.owner, "{R}" * int(ability.param))
    game.emit("firebends", player=source.controller)


def _attack(era: str, attacks: bool) -> dict[str, int]:
    """My creature with firebending 3 attacks (or another creature does): my mana pool."""
    game = Game(era=era)
    me = game.active
    bender = creature(game, "Bender", me, abilities=(Ability("firebending", 3),))
    other = creature(game, "Other", me)
    game.declare_attackers([bender if attacks else other])
    return {color: n for color, n in sorted(me.pool.items()) if n}


def check(claims: Claims, era: str) -> list[str] | None:
    """Firebending 3: it attacks, another creature attacks."""
    text = meaning(claims)
    if text is None:
        return None
    match = re.search(ADD, text, re.I)
    if match is None:
        return [f'the text adds mana in a way the model does not read ("{text}")']
    amount = 3 if match.group(1) in ("N", "X") else None
    if amount is None:
        return [f'the text adds a fixed amount of mana, not N ("{text}")']
    problems = []
    for attacks in (True, False):
        fires = attacks and "attacks" in claims.triggers
        problems += differ(match.group(0), text, f"{'it' if attacks else 'another creature'} "
                           "attacks (firebending 3): my mana pool",
                           {match.group(2).upper(): amount} if fires else {},
                           _attack(era, attacks))
    return problems


register(Keyword(
    name="firebending",
    kind=("triggered",),
    parameter=("n",),
    trigger=("attacks",),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("N {R} when it attacks", check),),
))
