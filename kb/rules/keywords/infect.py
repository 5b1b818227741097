"""Infect (702.88 in 2012): a static ability; damage to players is dealt as poison counters,
to creatures as -1/-1 counters."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Ability, DamageResult, Game, GameObject, Player
from kb.rules.keywords._damage_kind import check_damage
from kb.rules.registry import Check, Keyword, register


def _damage_result(game: Game, source: GameObject, ability: Ability,
                   result: DamageResult) -> None:
    if isinstance(result.target, Player):
        result.poison, result.life_loss = result.amount, 0
    else:
        result.minus_counters, result.marked = result.amount, 0


def check(claims: Claims, era: str) -> list[str] | None:
    """Damage to a player and to a creature from a source with infect."""
    return check_damage(claims, era, "infect")


register(Keyword(
    name="infect",
    kind=("static",),
    parameter=(),
    zones=("battlefield",),
    instances="redundant",
    hooks={"damage_result": _damage_result},
    checks=(Check("damage as poison and -1/-1 counters", check),),
))
