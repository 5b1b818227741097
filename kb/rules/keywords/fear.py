"""Fear (702.34 in 2012): an evasion ability; a creature with fear can't be blocked except by
artifact creatures and/or black creatures."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._evasion import check_blocks
from kb.rules.registry import Check, Keyword, register


def _can_be_blocked_by(game: Game, attacker: GameObject, ability: Ability,
                       blocker: GameObject) -> bool:
    return blocker.is_("artifact") or "black" in blocker.colors


def check(claims: Claims, era: str) -> list[str] | None:
    """Which creatures may block a creature with and without fear, by text and model."""
    return check_blocks(claims, era, "fear")


register(Keyword(
    name="fear",
    kind=("evasion",),
    parameter=(),
    instances="redundant",
    hooks={"can_be_blocked_by": _can_be_blocked_by},
    checks=(Check("legal blocks with and without fear", check),),
))
