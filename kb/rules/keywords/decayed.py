"""Decayed (702.147 since 2021): "This creature can't block" and "When this creature attacks,
sacrifice it at end of combat."."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ, legal_block
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject, StackItem
from kb.rules.keywords._common import this_object
from kb.rules.registry import Check, Keyword, register


def _can_block(game: Game, blocker: GameObject, ability: Ability, attacker: GameObject) -> bool:
    return False


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    def sacrifice(game: Game, item: StackItem) -> None:
        if source.zone == "battlefield":
            game.sacrifice(source)

    game.delayed.append(("end of combat", lambda game, event: True,
                         StackItem("ability", source, source.controller or source.owner,
                                   resolve=sacrifice, label="decayed sacrifice")))


def _scenario(era: str) -> tuple[bool, str, str, str]:
    """A 2/2 zombie with decayed: (may it block an attacker?, where it is after attacking and
    combat damage, after the end of combat, after the turn)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    raider = creature(game, "Raider", them)
    zombie = creature(game, "Zombie", me, abilities=("decayed",))
    game.active = them
    blocks = legal_block(game, raider, zombie)
    game.end_combat()
    game.active = me
    game.declare_attackers([zombie])
    game.declare_blockers({})
    game.combat_damage()
    after_damage = zombie.zone
    game.end_combat()
    after_combat = zombie.zone
    game.end_turn()
    return blocks, after_damage, after_combat, zombie.zone


def check(claims: Claims, era: str) -> list[str] | None:
    """It blocks (or not); it attacks, and combat and the turn end."""
    block = claims.says(r"\bthis creature (?:can't|cannot|can) block\b")
    attack = claims.says(r"\bwhen this creature attacks\b")
    if block is None and attack is None:
        return None
    can = re.search(r"\bthis creature (can't|cannot|can) block\b", block or "", re.I)
    later = re.search(r"(sacrifice|exile|destroy) it at (end of combat|the beginning of the next "
                      r"end step)", attack or "", re.I)
    if can is None or later is None:
        return [f'the text says what decayed does in a way the model does not read '
                f'("{block or attack}")']
    zone = {"sacrifice": "graveyard", "destroy": "graveyard", "exile": "exile"}[
        later.group(1).lower()]
    fires = "attacks" in claims.triggers
    at_combat = fires and later.group(2).lower() == "end of combat"
    expected = (can.group(1).lower() == "can", "battlefield",
                zone if at_combat else "battlefield", zone if fires else "battlefield")
    return differ(f"it {can.group(1)} block; {later.group(0)} when it attacks", attack or "",
                  "a creature with decayed may block? then it attacks: its zone after combat "
                  "damage, after the end of combat, after the turn", expected, _scenario(era))


register(Keyword(
    name="decayed",
    kind=("static", "triggered"),
    parameter=("",),
    trigger=("attacks",),
    hooks={"can_block": _can_block},
    effect=_effect,
    condition=this_object,
    checks=(Check("can't block; sacrificed at end of combat after it attacks", check),),
))
