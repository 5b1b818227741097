"""Haste (702.10 in 2012): a static ability; the creature can attack and use {T} abilities
even if it came under its controller's control this turn."""

from __future__ import annotations

from kb.rules.checks import can_attack, creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction
from kb.rules.registry import Check, Keyword, register

ATTACK = r"(?:it|a creature with haste) can attack (?:or [^.]*)?even if"
TAP = (r"activate its activated abilities whose cost includes the tap symbol|use activated "
       r"abilities whose cost includes the tap symbol")


def _ignores(game: Game, creature_: GameObject, ability: Ability) -> bool:
    return True


def _taps(era: str) -> bool:
    game = Game(era=era)
    scout = creature(game, "Scout", abilities=("haste",), sick=True)
    try:
        game.activate_tap_ability(scout)
    except IllegalAction:
        return False
    return True


def check(claims: Claims, era: str) -> list[str] | None:
    """A creature with haste that just came under its controller's control attacks and
    activates a {T} ability."""
    attack, tap = claims.says(ATTACK), claims.says(TAP)
    if attack is None and tap is None:
        return None
    problems = []
    if attack is not None:
        game = Game(era=era)
        scout = creature(game, "Scout", abilities=("haste",), sick=True)
        problems += differ("it can attack the turn it arrives", attack,
                           "a summoning-sick creature with haste attacks", True,
                           can_attack(game, scout))
    if tap is not None:
        problems += differ("it can use {T} abilities the turn it arrives", tap,
                           "a summoning-sick creature with haste taps for an ability", True,
                           _taps(era))
    return problems


register(Keyword(
    name="haste",
    kind=("static",),
    parameter=(),
    instances="redundant",
    hooks={"ignores_summoning_sickness": _ignores},
    checks=(Check("attacks and taps despite summoning sickness", check),),
))
