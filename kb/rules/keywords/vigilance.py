"""Vigilance (702.19 in 2012): a static ability; attacking doesn't cause creatures with
vigilance to tap."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.registry import Check, Keyword, register


def _taps(game: Game, attacker: GameObject, ability: Ability) -> bool:
    return False


def check(claims: Claims, era: str) -> list[str] | None:
    """A creature with vigilance attacks: is it tapped?"""
    said = claims.says(r"attacking (?:doesn't|does not|does) cause creatures with vigilance to tap")
    if said is None:
        return None
    untapped = "n't" in said or " not " in said
    game = Game(era=era)
    guard = creature(game, "Guard", abilities=("vigilance",))
    game.declare_attackers([guard])
    return differ("attacking doesn't tap it" if untapped else "attacking taps it", said,
                  "a creature with vigilance attacks", "untapped" if untapped else "tapped",
                  "tapped" if guard.tapped else "untapped")


register(Keyword(
    name="vigilance",
    kind=("static",),
    parameter=(),
    instances="redundant",
    hooks={"taps_to_attack": _taps},
    checks=(Check("attacking without tapping", check),),
))
