"""Shared scenario of the combat keywords (first strike, double strike, deathtouch, trample,
lifelink, poisonous): one creature attacks, the opponent's creatures (maybe none) block it,
combat damage is dealt."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kb.rules.checks import creature
from kb.rules.game import Ability, Game, GameObject

Blocker = tuple[str, int, int]  # name, power, toughness


def attack(era: str, name: str, power: int, toughness: int,
           abilities: tuple[Ability | str, ...], blockers: Sequence[Blocker] = (),
           before_damage: Callable[[Game, list[GameObject]], object] | None = None,
           ) -> tuple[Game, GameObject, list[GameObject]]:
    """The active player's `name` (power/toughness, abilities) attacks; each of `blockers`,
    the opponent's, blocks it; `before_damage` runs after blocks; then combat damage."""
    game = Game(era=era)
    attacker = creature(game, name, power=power, toughness=toughness, abilities=abilities)
    foe = game.opponent(game.active)
    defenders = [creature(game, who, foe, p, t) for who, p, t in blockers]
    game.declare_attackers([attacker])
    game.declare_blockers({blocker: attacker for blocker in defenders})
    if before_damage is not None:
        before_damage(game, defenders)
    game.combat_damage()
    return game, attacker, defenders
