"""Annihilator N (702.84 in 2012): whenever this creature attacks, defending player
sacrifices N permanents."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.registry import Check, Keyword, register


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is source


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    defender = event.player or game.opponent(source.controller or source.owner)
    chosen = sorted(game.permanents(defender), key=lambda p: p.ident)[:int(ability.param)]
    for permanent in chosen:
        game.sacrifice(permanent)


def check_sacrifice(claims: Claims, era: str) -> list[str] | None:
    """Annihilator 3 attacks a player with five lands and two creatures: N permanents go."""
    amount = claims.find("permanent")
    if amount is None:
        return None
    n = 3
    game = Game(era=era)
    attacker = creature(game, "Eldrazi", power=5, toughness=5,
                        abilities=(Ability("annihilator", n),))
    defender = game.opponent(game.active)
    for index in range(5):
        game.create(f"Land {index}", controller=defender, types={"land"})
    for index in range(2):
        creature(game, f"Bear {index}", controller=defender)
    before = len(game.permanents(defender))
    game.declare_attackers([attacker])
    lost = before - len(game.permanents(defender))
    return differ(f"defending player sacrifices {amount.count} permanents", amount.quote,
                  f"annihilator {n} attacks", amount.times(n) if "attacks" in claims.triggers
                  else 0, lost)


register(Keyword(
    name="annihilator",
    kind=("triggered",),
    parameter=("n",),
    trigger=("attacks",),
    instances="separate",
    effect=_effect,
    condition=_condition,
    checks=(Check("N permanents sacrificed when it attacks", check_sacrifice),),
))
