"""Defender (702.3 in 2012): a static ability; a creature with defender can't attack."""

from __future__ import annotations

from kb.rules.checks import can_attack, creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.registry import Check, Keyword, register


def _can_attack(game: Game, attacker: GameObject, ability: Ability) -> bool:
    return False


def check(claims: Claims, era: str) -> list[str] | None:
    """A creature with defender tries to attack, and to block."""
    said = claims.says(r"creature with defender (can't|can) attack")
    if said is None:
        return None
    game = Game(era=era)
    wall = creature(game, "Wall", abilities=("defender",))
    expected = "can't attack" if "can't attack" in said else "can attack"
    problems = differ("a creature with defender can't attack" if expected == "can't attack"
                      else "it can attack", said, "declare a creature with defender as an "
                      "attacker", expected, "can attack" if can_attack(game, wall)
                      else "can't attack")
    game = Game(era=era)
    attacker = creature(game, "Attacker")
    wall = creature(game, "Wall", game.opponent(game.active), abilities=("defender",))
    game.declare_attackers([attacker])
    problems += differ("nothing about blocking", said, "a creature with defender blocks",
                       True, game.can_block(wall, attacker))
    return problems


register(Keyword(
    name="defender",
    kind=("static",),
    parameter=(),
    instances="redundant",
    hooks={"can_attack": _can_attack},
    checks=(Check("can't attack, can block", check),),
))
