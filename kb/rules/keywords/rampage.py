"""Rampage N (702.21 in 2012): whenever this creature becomes blocked, it gets +N/+N until
end of turn for each creature blocking it beyond the first."""

from __future__ import annotations

from kb.rules.checks import creature
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._common import check_pt, pt_change, pump_self, this_object
from kb.rules.registry import Check, Keyword, register


def _beyond_first(game: Game, source: GameObject, ability: Ability) -> int:
    blockers = game.opposing(source)
    return int(ability.param) * max(len(blockers) - 1, 0)


def check(claims: Claims, era: str) -> list[str] | None:
    """Rampage 3 blocked by three creatures: +N/+N for each blocker beyond the first."""
    n, blockers = 3, 3
    game = Game(era=era)
    beast = creature(game, "Beast", power=4, toughness=4, abilities=(Ability("rampage", n),))
    walls = [creature(game, f"Wall {i}", game.opponent(game.active), 0, 6)
             for i in range(blockers)]
    game.declare_attackers([beast])
    before = (beast.current_power, beast.current_toughness)
    game.declare_blockers({wall: beast for wall in walls})
    counted = blockers - 1 if claims.says(r"beyond the first") else blockers
    scale = counted if "becomes blocked" in claims.triggers else 0
    return check_pt(claims, f"rampage {n} blocked by {blockers} creatures", scale,
                    pt_change(beast, before), n)


register(Keyword(
    name="rampage",
    kind=("triggered",),
    parameter=("n",),
    trigger=("becomes blocked",),
    durations=("until end of turn",),
    instances="separate",
    effect=pump_self(1, 1, lambda game, source, ability: _beyond_first(game, source, ability)),
    condition=this_object,
    checks=(Check("+N/+N per blocker beyond the first", check),),
))
