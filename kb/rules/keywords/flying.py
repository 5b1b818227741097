"""Flying (702.9 in 2012): an evasion ability; a creature with flying can't be blocked except
by creatures with flying and/or reach."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._evasion import check_blocks
from kb.rules.registry import Check, Keyword, register


def _can_be_blocked_by(game: Game, attacker: GameObject, ability: Ability,
                       blocker: GameObject) -> bool:
    return blocker.has("flying") or blocker.has("reach")


def _without_reach(game: Game, attacker: GameObject, ability: Ability,
                   blocker: GameObject) -> bool:
    return blocker.has("flying")


def check(claims: Claims, era: str) -> list[str] | None:
    """Which creatures may block a creature with flying, by the text and by the model."""
    return check_blocks(claims, era, "flying")


register(Keyword(
    name="flying",
    kind=("evasion",),
    parameter=(),
    instances="redundant",
    hooks={"can_be_blocked_by": _can_be_blocked_by},
    history=(("creatures with reach may block it", {"hooks": {"can_be_blocked_by":
                                                             _without_reach}}),),
    checks=(Check("legal blocks of a creature with flying", check),),
))
