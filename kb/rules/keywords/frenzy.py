"""Frenzy N (702.66 in 2012): whenever this creature attacks and isn't blocked, it gets +N/+0
until end of turn."""

from __future__ import annotations

from kb.rules.checks import creature
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game
from kb.rules.keywords._common import check_pt, pt_change, pump_self, this_object
from kb.rules.registry import Check, Keyword, register


def check(claims: Claims, era: str) -> list[str] | None:
    """Frenzy 3 unblocked: +N/+0; blocked: nothing."""
    n = 3
    problems: list[str] = []
    for blocked in (False, True):
        game = Game(era=era)
        raider = creature(game, "Raider", power=2, toughness=2,
                          abilities=(Ability("frenzy", n),))
        wall = creature(game, "Wall", game.opponent(game.active), 0, 5)
        game.declare_attackers([raider])
        before = (raider.current_power, raider.current_toughness)
        game.declare_blockers({wall: raider} if blocked else {})
        fires = ("attacks and isn't blocked" in claims.triggers and not blocked) or (
            "attacks" in claims.triggers)
        outcome = check_pt(claims, f"frenzy {n}, {'blocked' if blocked else 'unblocked'}",
                           1 if fires else 0, pt_change(raider, before), n)
        if outcome is None:
            return None
        problems += outcome
    return problems


register(Keyword(
    name="frenzy",
    kind=("triggered",),
    parameter=("n",),
    trigger=("attacks and isn't blocked",),
    durations=("until end of turn",),
    instances="separate",
    effect=pump_self(1, 0),
    condition=this_object,
    checks=(Check("+N/+0 when it attacks and isn't blocked", check),),
))
