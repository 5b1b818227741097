"""Landwalk (702.13 in 2012, 502.6 in 2008): an evasion ability written "[type]walk"
(swampwalk, islandwalk, ...); the creature can't be blocked as long as the defending player
controls a land of that type. In the model the type is the parameter:
`Ability("landwalk", "swamp")`."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Game, GameObject
from kb.rules.registry import Check, Keyword, register

BASIC = ("plains", "island", "swamp", "mountain", "forest")


def _can_be_blocked_by(game: Game, attacker: GameObject, ability: Ability,
                       blocker: GameObject) -> bool:
    defender = blocker.controller
    return not any(p.is_("land") and p.is_(str(ability.param)) for p in
                   game.permanents(defender))


def check(claims: Claims, era: str) -> list[str] | None:
    """Swampwalk against a defending player with no, one and two Swamps."""
    said = claims.says(r"(?:unblockable|can't be blocked) as long as the defending player "
                       r"controls (?:at least )?(\w+) lands?")
    if said is None:
        return None
    match = re.search(r"controls (?:at least )?(\w+) lands?", said)
    assert match is not None
    needed = quantity(match.group(1))
    problems = []
    for swamps in (0, 1, 2):
        game = Game(era=era)
        walker = creature(game, "Walker", abilities=(Ability("landwalk", "swamp"),))
        defender = game.opponent(game.active)
        for index in range(swamps):
            game.create(f"Swamp {index}", controller=defender, types={"land"},
                        subtypes={"swamp"})
        blocker = creature(game, "Blocker", controller=defender)
        game.declare_attackers([walker])
        expected = "unblockable" if swamps >= needed else "blockable"
        actual = "blockable" if game.can_block(blocker, walker) else "unblockable"
        problems += differ("a landwalker is unblockable from that many lands on", said,
                           f"swampwalk, defending player controls {swamps} Swamp(s)",
                           expected, actual)
    return problems


register(Keyword(
    name="landwalk",
    aliases=tuple(f"{land}walk" for land in BASIC) + ("snow landwalk",),
    kind=("evasion",),
    parameter=("[type]walk",),
    durations=("as long as",),
    instances="redundant",
    hooks={"can_be_blocked_by": _can_be_blocked_by},
    checks=(Check("unblockable while the defending player controls the land type", check),),
))
