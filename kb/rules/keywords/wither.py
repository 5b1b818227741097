"""Wither (702.78 in 2012): a static ability; damage to creatures is dealt as -1/-1
counters."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Ability, DamageResult, Game, GameObject
from kb.rules.keywords._damage_kind import check_damage
from kb.rules.registry import Check, Keyword, register


def _damage_result(game: Game, source: GameObject, ability: Ability,
                   result: DamageResult) -> None:
    if isinstance(result.target, GameObject) and result.marked:
        result.minus_counters, result.marked = result.amount, 0


def check(claims: Claims, era: str) -> list[str] | None:
    """Damage to a creature from a source with wither."""
    return check_damage(claims, era, "wither")


register(Keyword(
    name="wither",
    kind=("static",),
    parameter=(),
    zones=("battlefield",),
    instances="redundant",
    hooks={"damage_result": _damage_result},
    checks=(Check("damage to creatures as -1/-1 counters", check),),
))
