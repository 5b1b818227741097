"""Bushido N (702.43 in 2012): whenever this creature blocks or becomes blocked, it gets
+N/+N until end of turn."""

from __future__ import annotations

from kb.rules.checks import creature
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game
from kb.rules.keywords._common import check_pt, pt_change, pump_self, this_object
from kb.rules.registry import Check, Keyword, register


def check(claims: Claims, era: str) -> list[str] | None:
    """Bushido 3 as a blocker and as a blocked attacker: +N/+N each time."""
    n = 3
    problems: list[str] = []
    for role in ("blocks", "becomes blocked"):
        game = Game(era=era)
        me, them = game.active, game.opponent(game.active)
        samurai = creature(game, "Samurai", me if role == "becomes blocked" else them, 2, 2,
                           abilities=(Ability("bushido", n),))
        other = creature(game, "Other", them if role == "becomes blocked" else me, 1, 1)
        attacker, blocker = (samurai, other) if role == "becomes blocked" else (other, samurai)
        game.declare_attackers([attacker])
        before = (samurai.current_power, samurai.current_toughness)
        game.declare_blockers({blocker: attacker})
        said = any(role in event.split(" or ") or event == role for event in claims.triggers)
        outcome = check_pt(claims, f"bushido {n}, the creature {role}", 1 if said else 0,
                           pt_change(samurai, before), n)
        if outcome is None:
            return None
        problems += outcome
    return problems


register(Keyword(
    name="bushido",
    kind=("triggered",),
    parameter=("n",),
    trigger=("blocks or becomes blocked", "blocks", "becomes blocked"),
    durations=("until end of turn",),
    instances="separate",
    effect=pump_self(1, 1),
    condition=this_object,
    checks=(Check("+N/+N when it blocks or becomes blocked", check),),
))
