"""Shroud (702.17 in 2012): a static ability; this permanent or player can't be the target of
spells or abilities."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, Player
from kb.rules.keywords._targeting import check_targets
from kb.rules.registry import Check, Keyword, register


def _targetable(game: Game, target: GameObject | Player, ability: Ability,
                source: GameObject) -> bool:
    return False


def check(claims: Claims, era: str) -> list[str] | None:
    """Spells of an opponent and of its controller target a permanent and a player."""
    return check_targets(claims, era, "shroud")


register(Keyword(
    name="shroud",
    kind=("static",),
    parameter=("",),
    instances="redundant",
    hooks={"can_be_targeted_by": _targetable},
    checks=(Check("can't be targeted at all", check),),
))
