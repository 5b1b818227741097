"""Storm (702.38 in 2012, 502.30 in 2008): a triggered ability that functions on the stack;
"When you cast this spell, put a copy of it onto the stack for each other spell that was cast
before it this turn." Multiple instances trigger separately."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords import Check, Keyword, register
from kb.rules.keywords._common import this_object
from kb.rules.keywords._spells import check_copy_count


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    """Copy the spell once for each spell cast before it this turn."""
    item = event.data["item"]
    cast = game.spells_cast_this_turn
    before = cast.index(source) if source in cast else 0
    for _ in range(before):
        game.copy_spell(item)


def check(claims: Claims, era: str) -> list[str] | None:
    """Copies of a spell with storm, counted as the text counts them."""
    return check_copy_count(claims, era, "storm")


register(Keyword(
    name="storm",
    kind=("triggered",),
    parameter=("",),
    trigger=("cast",),
    zones=("stack",),
    functions_in=("stack",),
    trigger_zones=("stack",),
    durations=("this turn",),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("a copy for each spell cast before it this turn", check),),
))
