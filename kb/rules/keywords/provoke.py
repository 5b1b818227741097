"""Provoke (702.37 in 2012): whenever this creature attacks, you may have target creature
defending player controls block it this combat if able; if you do, untap that creature."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, IllegalAction
from kb.rules.keywords._common import this_object
from kb.rules.registry import Check, Keyword, register


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    defender = event.player or game.opponent(source.controller or source.owner)
    targets = [c for c in game.creatures(defender) if game.target_legal(c, source)]
    target = game.choose(f"provoke:{source.ident}", targets[0] if targets else None)
    if target is None or game.combat is None:
        return
    game.combat.requirements.append((target, source))
    target.tapped = False


def check(claims: Claims, era: str) -> list[str] | None:
    """A provoker attacks; the defending player's only creature is tapped. Is it untapped,
    and must it block the provoker?"""
    untap = claims.says(r"\b(?:un)?tap that creature")
    must = claims.says(r"block this creature this combat if able")
    if untap is None and must is None:
        return None
    game = Game(era=era)
    provoker = creature(game, "Provoker", abilities=("provoke",))
    sleeper = creature(game, "Sleeper", game.opponent(game.active), tapped=True)
    game.declare_attackers([provoker])
    fires = "attacks" in claims.triggers
    problems = []
    if untap is not None:
        untaps = fires and "untap that creature" in untap.lower()
        problems += differ("the target is untapped" if untaps else "the target stays tapped",
                           untap, "provoke attacks, target tapped",
                           "untapped" if untaps else "tapped",
                           "tapped" if sleeper.tapped else "untapped")
    if must is not None:
        try:
            game.declare_blockers({})
            forced = False
        except IllegalAction:
            forced = True
        problems += differ("the target must block it if able", must,
                           "provoke attacks, no block declared", fires, forced)
    return problems


register(Keyword(
    name="provoke",
    kind=("triggered",),
    parameter=("",),
    trigger=("attacks",),
    durations=("this combat",),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("provoked creature untaps and must block", check),),
))
