"""Exalted (702.81 in 2012, 502.83 in 2008): whenever a creature you control attacks alone,
that creature gets +1/+1 until end of turn."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.registry import Check, Keyword, register

BONUS = (1, 1)


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is not None and event.obj.controller is source.controller


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if event.obj is not None and event.obj.zone == "battlefield":
        game.gets(event.obj, *BONUS, until="end of turn", source="exalted")


def _bonus(attackers: int, instances: int, era: str) -> tuple[int, int, Game, GameObject]:
    game = Game(era=era)
    hero = creature(game, "Hero", power=2, toughness=2, abilities=("exalted",))
    for n in range(1, instances):
        game.create(f"Exalted enchantment {n}", types={"enchantment"}, abilities=("exalted",))
    others = [creature(game, f"Other {n}") for n in range(1, attackers)]
    game.declare_attackers([hero, *others])
    return hero.current_power - 2, hero.current_toughness - 2, game, hero


def check_bonus(claims: Claims, era: str) -> list[str] | None:
    """Three instances, one attacker alone: +1/+1 per instance; two attackers: nothing."""
    amount = claims.find("pt")
    if amount is None:
        return None
    per = amount.pt()
    problems = []
    for attackers, instances in ((1, 3), (2, 3)):
        alone = attackers == 1 and "attacks alone" in claims.triggers
        expected = (per[0] * instances, per[1] * instances) if alone else (0, 0)
        power, toughness, _, _ = _bonus(attackers, instances, era)
        problems += differ(f'"{amount.value}" whenever a creature attacks alone',
                           amount.quote, f"{instances} exalted instances, {attackers} "
                           f"attacker(s)", expected, (power, toughness))
    return problems


def check_duration(claims: Claims, era: str) -> list[str] | None:
    """The bonus lasts as long as the text says (until end of turn: gone after cleanup)."""
    if not claims.durations:
        return None
    _, _, game, hero = _bonus(1, 1, era)
    game.end_turn()
    lasting = hero.current_power != hero.power
    expected = claims.durations != ["until end of turn"]
    return differ(f"the bonus lasts {', '.join(claims.durations)}",
                  claims.quote(f"duration:{claims.durations[0]}"),
                  "one attacker alone, then the turn ends",
                  "bonus still there" if expected else "bonus gone",
                  "bonus still there" if lasting else "bonus gone")


register(Keyword(
    name="exalted",
    kind=("triggered",),
    parameter=("",),
    trigger=("attacks alone",),
    durations=("until end of turn",),
    instances="separate",
    effect=_effect,
    condition=_condition,
    checks=(Check("+X/+Y per instance when exactly one creature attacks", check_bonus),
            Check("bonus duration", check_duration)),
))
