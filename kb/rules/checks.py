"""Helpers for keyword checks: comparing what a text says with what the model does, and
small scenarios many keywords share (a creature, an attack, a block, combat damage)."""

from __future__ import annotations

from typing import Any

from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player


def differ(says: str, quote: str, scenario: str, expected: Any, actual: Any) -> list[str]:
    """[] when the model agrees with the text, else one message quoting the text."""
    if expected == actual:
        return []
    return [f'the text says {says} ("{quote}"); in the scenario "{scenario}" that means '
            f"{expected}, but the model gives {actual}"]


def creature(game: Game, name: str, controller: Player | None = None, power: int = 2,
             toughness: int = 2, abilities: tuple[Ability | str, ...] = (),
             **fields: Any) -> GameObject:
    """A creature on the battlefield, ready to attack or block."""
    return game.create(name, controller=controller, power=power, toughness=toughness,
                       abilities=abilities, **fields)


def legal_block(game: Game, attacker: GameObject, blocker: GameObject) -> bool:
    """Whether the model lets `blocker` block `attacker` (attacker declared if needed)."""
    if game.combat is None or attacker not in game.combat.attackers:
        game.declare_attackers([attacker])
    return game.can_block(blocker, attacker)


def can_attack(game: Game, attacker: GameObject) -> bool:
    """Whether the model lets a creature be declared as an attacker."""
    try:
        game.declare_attackers([attacker])
    except IllegalAction:
        return False
    return True


def fight_combat(game: Game, attackers: list[GameObject],
                 blocks: dict[GameObject, GameObject | list[GameObject]] | None = None) -> Game:
    """Attack, block, deal combat damage; returns the game for inspection."""
    game.declare_attackers(attackers)
    game.declare_blockers(blocks or {})
    game.combat_damage()
    return game


def instance_count(claims: Claims, instances: int) -> int:
    """How many times an effect applies with `instances` instances, by the text:
    once when it says they are redundant, once each when it says they work separately."""
    return 1 if claims.instances == "redundant" else instances
