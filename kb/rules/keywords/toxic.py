"""Toxic N (702.164 since 2023): combat damage dealt to a player by a creature with toxic
gives that player poison counters equal to the creature's total toxic value (the sum of the N
of its toxic abilities), in addition to the damage's other results."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, DamageResult, Game, GameObject, Player
from kb.rules.registry import Check, Keyword, register

RESULT = (r"\b(combat damage|damage) dealt to a (player|creature) by a creature with toxic causes "
          r"that creature's controller to give the player a number of (poison|\+1/\+1|-1/-1) "
          r"counters equal to that creature's total toxic value, (in addition to|instead of) "
          r"the damage's other results")
TOTAL = r"total toxic value is the (sum|highest|greatest|lowest) of (?:all )?(?:the )?N values"


def _damage_result(game: Game, source: GameObject, ability: Ability,
                   result: DamageResult) -> None:
    if result.combat and isinstance(result.target, Player):
        result.poison += int(ability.param)


def _hit(era: str, how: str) -> tuple[int, int]:
    """A 2/2 with toxic 2 and toxic 1 deals damage to the opponent: "combat" (unblocked),
    "blocked" (by a 0/9), or "noncombat" (2 damage from an ability): (poison counters, life
    lost)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    viper = creature(game, "Viper", me, abilities=(Ability("toxic", 2), Ability("toxic", 1)))
    if how == "noncombat":
        game.deal_damage(viper, them, 2)
    else:
        wall = creature(game, "Wall", them, 0, 9)
        game.declare_attackers([viper])
        game.declare_blockers({wall: viper} if how == "blocked" else {})
        game.combat_damage()
    return them.poison, 20 - them.life


def check(claims: Claims, era: str) -> list[str] | None:
    """Toxic 2 + toxic 1: unblocked, blocked, and noncombat damage to a player."""
    text = claims.says(r"\bby a creature with toxic\b")
    if text is None:
        return None
    result = re.search(RESULT, text, re.I)
    total = re.search(TOTAL, " ".join(claims.sentences), re.I)
    if result is None or total is None:
        return [f'the text says what toxic does in a way the model does not read ("{text}")']
    value = 3 if total.group(1).lower() == "sum" else 2 if total.group(1).lower() in (
        "highest", "greatest") else 1
    problems = []
    for how in ("combat", "blocked", "noncombat"):
        hits_player = how != "blocked"
        counts = hits_player and result.group(2).lower() == "player" and (
            how == "combat" or result.group(1).lower() == "damage")
        poison = value if counts and result.group(3).lower() == "poison" else 0
        life = 2 if hits_player and not (counts and result.group(4).lower() == "instead of") \
            else 0
        problems += differ(result.group(0), text, f"a 2/2 with toxic 2 and toxic 1, {how} "
                           "damage to the opponent: (poison counters, life lost)",
                           (poison, life), _hit(era, how))
    return problems


register(Keyword(
    name="toxic",
    kind=("static",),
    parameter=("n",),
    hooks={"damage_result": _damage_result},
    checks=(Check("poison counters equal to the total toxic value", check),),
))
