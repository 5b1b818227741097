"""Deathtouch (702.2 in 2012): a static ability; a creature dealt damage by a source with
deathtouch is destroyed, and any nonzero combat damage it assigns is lethal. Until M2010
(502.63) it was a triggered ability: "Whenever this permanent deals damage to a creature,
destroy that creature"."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, DamageResult, Event, Game, GameObject
from kb.rules.keywords._combat import attack
from kb.rules.registry import Check, Keyword, register

DESTROYS = (r"been dealt damage by a source with deathtouch[^.]*|deals damage to a creature, "
            r"\w+ that creature")
LETHAL = r"nonzero amount of combat damage assigned to a creature by a source with deathtouch"


def _damage_result(game: Game, source: GameObject, ability: Ability,
                   result: DamageResult) -> None:
    if isinstance(result.target, GameObject):
        result.deathtouch = True


def _lethal(game: Game, source: GameObject, ability: Ability, creature_: GameObject) -> int:
    return 1


def _old_condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is source and isinstance(event.data.get("target"), GameObject)


def _old_effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    target = event.data["target"]
    if target.zone == "battlefield" and target.is_("creature"):
        game.destroy(target)


def check(claims: Claims, era: str) -> list[str] | None:
    """A 1/1 with deathtouch blocked by a 5/5: is the 5/5 destroyed? A 2/2 with deathtouch
    blocked by two 4/4s: does 1 damage each count as lethal?"""
    destroys, lethal = claims.says(DESTROYS), claims.says(LETHAL)
    if destroys is None and lethal is None:
        return None
    problems = []
    if destroys is not None:
        _, _, (giant,) = attack(era, "Viper", 1, 1, ("deathtouch",), [("Giant", 5, 5)])
        destroyed = bool(re.search(r"\bdestroy(?:ed)?\b", destroys))
        problems += differ("a creature it damages is destroyed" if destroyed else
                           "a creature it damages is not destroyed", destroys,
                           "1/1 deathtouch blocked by a 5/5", "graveyard" if destroyed
                           else "battlefield", giant.zone)
    if lethal is not None:
        _, _, walls = attack(era, "Viper", 2, 2, ("deathtouch",),
                             [(f"Wall {i}", 0, 4) for i in (1, 2)])
        problems += differ("1 combat damage from deathtouch is lethal", lethal,
                           "2/2 deathtouch blocked by two 0/4s: blockers destroyed", 2,
                           sum(w.zone == "graveyard" for w in walls))
    return problems


register(Keyword(
    name="deathtouch",
    kind=("static",),
    parameter=(),
    zones=("battlefield",),
    instances="redundant",
    hooks={"damage_result": _damage_result, "lethal_damage": _lethal},
    checks=(Check("creatures dealt damage are destroyed; 1 damage is lethal", check),),
    history=(("deathtouch became a static ability", {"kind": ("triggered",),
                                                     "parameter": ("",),
                             "trigger": ("deals damage",), "instances": "separate",
                             "hooks": {}, "effect": _old_effect,
                             "condition": _old_condition}),),
))
