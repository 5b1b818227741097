"""Storm (702.38 in 2012, 502.30 in 2008): a triggered ability that functions on the stack;
"When you cast this spell, put a copy of it onto the stack for each other spell that was cast
before it this turn." Multiple instances trigger separately."""

from __future__ import annotations

from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._spells import copy_trigger_spec
from kb.rules.registry import register


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    """Copy the spell once for each spell cast before it this turn."""
    item = event.data["item"]
    cast = game.spells_cast_this_turn
    before = cast.index(source) if source in cast else 0
    for _ in range(before):
        game.copy_spell(item)


register(copy_trigger_spec("storm", _effect, "a copy for each spell cast before it this turn"))
