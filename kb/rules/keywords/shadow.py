"""Shadow (702.26 in 2012): an evasion ability; a creature with shadow can't be blocked by
creatures without shadow, and a creature without shadow can't be blocked by creatures with
shadow."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._evasion import check_blocks
from kb.rules.registry import Check, Keyword, register


def _can_be_blocked_by(game: Game, attacker: GameObject, ability: Ability,
                       blocker: GameObject) -> bool:
    return blocker.has("shadow")


def _can_block(game: Game, blocker: GameObject, ability: Ability, attacker: GameObject) -> bool:
    return attacker.has("shadow")


def check(claims: Claims, era: str) -> list[str] | None:
    """Which creatures may block a creature with and without shadow, by text and model."""
    return check_blocks(claims, era, "shadow")


register(Keyword(
    name="shadow",
    kind=("evasion",),
    parameter=(),
    instances="redundant",
    hooks={"can_be_blocked_by": _can_be_blocked_by, "can_block": _can_block},
    checks=(Check("legal blocks with and without shadow", check),),
))
