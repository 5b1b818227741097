"""Banding (702.20 in 2012, 502.10 in 2008): a static ability that modifies the rules for
combat: attacking creatures with banding form bands with up to one creature without it; a
band blocked by a creature is blocked as a whole; and the controller of a creature with
banding divides the combat damage of the creatures fighting it."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Game, GameObject, IllegalAction
from kb.rules.registry import Check, Keyword, register

FORM = r"up to (\w+) (?:of those |attacking )?creatures? without banding"
WHOLE = r"each other creature in the same band as the attacking creature becomes blocked"
ATTACKER_DAMAGE = (r"blocked by a creature with banding.*?the (defending|active) player[^.]*?"
                   r"chooses how the attacking creature's damage is assigned"
                   r"|player who controls an? (blocking) creature with banding chooses how combat "
                   r"damage is assigned by creatures it blocks")


def _band_member(game: Game, creature_: GameObject, ability: Ability,
                 band: list[GameObject]) -> bool:
    without = [c for c in band if not c.has("banding")]
    return len(without) <= 1


def _assigns(game: Game, creature_: GameObject, ability: Ability,
             opponent: GameObject) -> bool:
    return ability.param is None  # plain banding (not "bands with other")


def _band_legal(era: str, plain: int) -> bool:
    game = Game(era=era)
    bander = creature(game, "Bander", abilities=("banding",))
    others = [creature(game, f"Plain {i}") for i in range(plain)]
    try:
        game.declare_attackers([bander, *others], bands=[[bander, *others]])
    except IllegalAction:
        return False
    return True


def check_forming(claims: Claims, era: str) -> list[str] | None:
    """Bands of a creature with banding and one, then two creatures without it."""
    said = claims.says(FORM)
    if said is None:
        return None
    match = re.search(FORM, said, re.I)
    assert match is not None
    allowed = quantity(match.group(1))
    problems = []
    for plain in (1, 2):
        problems += differ(f"up to {match.group(1)} creature(s) without banding per band", said,
                           f"a band of one creature with banding and {plain} without",
                           "legal" if plain <= allowed else "illegal",
                           "legal" if _band_legal(era, plain) else "illegal")
    return problems


def check_blocking(claims: Claims, era: str) -> list[str] | None:
    """One member of a band of two is blocked: is the other one blocked too?"""
    said = claims.says(WHOLE)
    if said is None:
        return None
    game = Game(era=era)
    bander = creature(game, "Bander", abilities=("banding",))
    other = creature(game, "Other")
    wall = creature(game, "Wall", game.opponent(game.active), 0, 5)
    game.declare_attackers([bander, other], bands=[[bander, other]])
    game.declare_blockers({wall: bander})
    blocked = game.combat is not None and other in game.combat.blocked
    return differ("the whole band becomes blocked", said, "a band of two, one member blocked",
                  "blocked", "blocked" if blocked else "unblocked")


def check_damage(claims: Claims, era: str) -> list[str] | None:
    """A 4/4 blocked by a 3/3 with banding and a plain 3/3: who divides its damage?"""
    said = claims.says(ATTACKER_DAMAGE)
    if said is None:
        return None
    match = re.search(ATTACKER_DAMAGE, said, re.I)
    assert match is not None
    chooser = "defending" if (match.group(1) or "defending").lower() == "defending" or \
        match.group(2) else "active"
    game = Game(era=era)
    brute = creature(game, "Brute", power=4, toughness=4)
    foe = game.opponent(game.active)
    bander = creature(game, "Bander", foe, 3, 3, abilities=("banding",))
    plain = creature(game, "Plain", foe, 3, 3)
    game.declare_attackers([brute])
    game.declare_blockers({bander: brute, plain: brute})
    actual = "defending" if game.damage_chooser(brute) is foe else "active"
    problems = differ("who divides the damage of a creature blocked by a creature with banding",
                      said, "a 4/4 blocked by a 3/3 with banding and a 3/3",
                      f"the {chooser} player", f"the {actual} player")
    game.combat_damage()
    dead = sum(c.zone == "graveyard" for c in (bander, plain))
    return problems + differ("the defending player divides it (so both blockers can survive)"
                             if chooser == "defending" else "the active player divides it",
                             said, "a 4/4 blocked by two 3/3s, one with banding: blockers "
                             "destroyed", 0 if chooser == "defending" else 1, dead)


register(Keyword(
    name="banding",
    kind=("static",),
    parameter=(),
    instances="redundant",
    hooks={"band_member": _band_member, "assigns_opponents_damage": _assigns},
    checks=(Check("forming bands", check_forming), Check("blocking a band", check_blocking),
            Check("who divides combat damage", check_damage)),
))
