"""Gravestorm (702.67 in 2012, 502.67 in 2008): a triggered ability that functions on the
stack; "When you cast this spell, put a copy of it onto the stack for each permanent that was
put into a graveyard from the battlefield this turn." Multiple instances trigger
separately."""

from __future__ import annotations

from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._spells import copy_trigger_spec, turn_start
from kb.rules.registry import register


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    """Copy the spell once for each permanent that died this turn."""
    died = sum(1 for e in game.log[turn_start(game):] if e.name == "dies")
    for _ in range(died):
        game.copy_spell(event.data["item"])


register(copy_trigger_spec("gravestorm", _effect,
                           "a copy for each permanent put into a graveyard this turn"))
