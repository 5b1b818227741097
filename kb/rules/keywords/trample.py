"""Trample (702.18 in 2012): a static ability; an attacking creature with trample assigns
lethal damage to its blockers and the rest to the player or planeswalker it attacks."""

from __future__ import annotations

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._combat import attack
from kb.rules.registry import Check, Keyword, register

EXCESS = r"assigned lethal damage, (?:any|the) (?:remaining|excess) damage is assigned"
NO_BLOCKERS = r"no creatures blocking it when damage is assigned, (?:all|none of) its damage"
BEAR = ("Bear", 2, 2)


def _tramples(game: Game, attacker: GameObject, ability: Ability) -> bool:
    return True


def check(claims: Claims, era: str) -> list[str] | None:
    """A 5/5 trampler blocked by a 2/2; and blocked by a creature that then leaves combat."""
    excess, alone = claims.says(EXCESS), claims.says(NO_BLOCKERS)
    if excess is None and alone is None:
        return None
    problems = []
    if excess is not None:
        game, _, _ = attack(era, "Beast", 5, 5, ("trample",), [BEAR])
        problems += differ("damage beyond lethal goes to the player", excess,
                           "5/5 trampler blocked by a 2/2: damage to the player", 3,
                           20 - game.opponent(game.active).life)
    if alone is not None:
        game, _, _ = attack(era, "Beast", 5, 5, ("trample",), [BEAR],
                            before_damage=lambda game, blockers: game.sacrifice(blockers[0]))
        all_of = "none of its damage" not in alone
        problems += differ("with no blockers left " + ("all" if all_of else "none of its") +
                           " damage goes to the player", alone,
                           "5/5 trampler whose blocker left: damage to the player",
                           5 if all_of else 0, 20 - game.opponent(game.active).life)
    return problems


register(Keyword(
    name="trample",
    kind=("static",),
    parameter=(),
    instances="redundant",
    hooks={"assigns_excess_to_player": _tramples},
    checks=(Check("excess combat damage to the player", check),),
))
