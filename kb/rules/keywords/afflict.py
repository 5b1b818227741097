"""Afflict N (702.129 in 2017, 702.130 in 2026): whenever this creature becomes blocked,
defending player loses N life."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._cov_triggered import life_changes, meaning
from kb.rules.registry import Check, Keyword, register


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    combat = game.combat
    defender = combat.attackers.get(source) if combat else None
    if defender is not None:
        defender.life -= int(ability.param)


def _attack(era: str, n: int, blocked: bool) -> tuple[int, int]:
    """Afflict `n` attacks a player and is blocked (or not) by a 0/9 wall: the life changes of
    its controller and of the defending player, before combat damage."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    beast = creature(game, "Beast", me, 2, 2, abilities=(Ability("afflict", n),))
    wall = creature(game, "Wall", them, 0, 9)
    game.declare_attackers([beast])
    game.declare_blockers({wall: beast} if blocked else {})
    return me.life - 20, them.life - 20


def check(claims: Claims, era: str) -> list[str] | None:
    """Afflict 3, blocked and unblocked: who loses or gains how much life, by the text."""
    text = meaning(claims)
    changes = life_changes(text or "")
    if text is None or not changes:
        return None
    problems = []
    for blocked in (True, False):
        fires = blocked if "becomes blocked" in claims.triggers else False
        mine = sum(c.amount for c in changes if c.who in ("you", "its controller")) if fires \
            else 0
        theirs = sum(c.amount for c in changes if c.who in ("defending player", "each opponent",
                                                            "target opponent")) if fires else 0
        problems += differ(", ".join(f"{c.who} {c.amount:+d} life" for c in changes), text,
                           f"afflict 3 attacks, {'blocked' if blocked else 'unblocked'}: life "
                           "change of (its controller, the defending player)", (mine, theirs),
                           _attack(era, 3, blocked))
    return problems


register(Keyword(
    name="afflict",
    kind=("triggered",),
    parameter=("n",),
    trigger=("becomes blocked",),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("the defending player loses N life when it becomes blocked", check),),
))
