"""Battle cry (702.89 in 2012): whenever this creature attacks, each other attacking creature
gets +1/+0 until end of turn."""

from __future__ import annotations

from kb.rules.checks import creature
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import check_pt, pt_change, this_object
from kb.rules.registry import Check, Keyword, register

BONUS = (1, 0)


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    for attacker in list(game.combat.attackers if game.combat else []):
        if attacker is not source and attacker.zone == "battlefield":
            game.gets(attacker, *BONUS, source="battle cry")


def check(claims: Claims, era: str) -> list[str] | None:
    """A battle cry creature attacks with two others: each other gets +X/+Y, it doesn't."""
    game = Game(era=era)
    crier = creature(game, "Crier", abilities=("battle cry",))
    others = [creature(game, f"Soldier {i}") for i in range(2)]
    before = {c: (c.current_power, c.current_toughness) for c in [crier, *others]}
    game.declare_attackers([crier, *others])
    fires = "attacks" in claims.triggers
    only_others = bool(claims.says(r"each other attacking creature"))
    problems: list[str] = []
    for who in [crier, *others]:
        scale = 1 if fires and (who is not crier or not only_others) else 0
        outcome = check_pt(claims, f"battle cry attacker with two others: {who.name}", scale,
                           pt_change(who, before[who]))
        if outcome is None:
            return None
        problems += outcome
    return problems


register(Keyword(
    name="battle cry",
    kind=("triggered",),
    parameter=("",),
    trigger=("attacks",),
    durations=("until end of turn",),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("+X/+Y to each other attacking creature", check),),
))
