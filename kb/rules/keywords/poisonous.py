"""Poisonous N (702.68 in 2012): whenever this creature deals combat damage to a player, that
player gets N poison counters."""

from __future__ import annotations

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._combat import attack
from kb.rules.keywords._common import this_object
from kb.rules.registry import Check, Keyword, register


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if event.player is not None:
        event.player.counters["poison"] += int(ability.param)


def check(claims: Claims, era: str) -> list[str] | None:
    """An unblocked poisonous 3 creature: the player gets N poison counters."""
    amount = claims.find("counter", "poison")
    if amount is None:
        return None
    n = 3
    game, _, _ = attack(era, "Snake", 1, 1, (Ability("poisonous", n),))
    player = game.opponent(game.active)
    fires = "deals combat damage to a player" in claims.triggers
    return differ(f"the player gets {amount.count} poison counters", amount.quote,
                  f"poisonous {n} deals combat damage to a player",
                  amount.times(n) if fires else 0, player.poison)


register(Keyword(
    name="poisonous",
    kind=("triggered",),
    parameter=("n",),
    trigger=("deals combat damage to a player",),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("N poison counters on combat damage to a player", check),),
))
