"""Bloodthirst (702.52 in 2012, 502.50 in 2008): "Bloodthirst N" means "If an opponent was
dealt damage this turn, this permanent enters the battlefield with N +1/+1 counters on it."
"Bloodthirst X" means "This permanent enters the battlefield with X +1/+1 counters on it,
where X is the total damage your opponents have been dealt this turn." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._counters import add_counters, damage_this_turn, enter, enters_with
from kb.rules.registry import Check, Keyword, register

N = 3
DAMAGE = 4
IF = re.compile(r"\bif an? (opponent|player) was dealt damage (this turn|last turn)", re.I)
WHERE_X = re.compile(r"\bwhere X is the total damage your (opponents|players) have been dealt "
                     r"(this turn|last turn)", re.I)


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    player = obj.controller or obj.owner
    opponents = [p for p in game.players if p is not player]
    dealt = damage_this_turn(game, opponents)
    if str(ability.param).upper() == "X":
        add_counters(obj, "+1/+1", dealt)
    elif dealt:
        add_counters(obj, "+1/+1", int(ability.param or 0))


def _scenario(era: str, param: object, hurt: str) -> GameObject:
    """A creature with bloodthirst enters after `hurt` ("opponent", "you", "nobody") was
    dealt 4 damage this turn."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    shock = game.create("Shock source", types={"instant"}, zone="exile")
    if hurt != "nobody":
        game.deal_damage(shock, them if hurt == "opponent" else me, DAMAGE)
    return enter(game, "Bloodthirsty", me, power=2, toughness=2,
                 abilities=(Ability("bloodthirst", param),))


def check(claims: Claims, era: str) -> list[str] | None:
    """Bloodthirst 3 (and X) entering after nobody, you, or an opponent was dealt 4 damage."""
    problems: list[str] = []
    ran = False
    for said in enters_with(claims):
        variable = said.count.upper() == "X"
        condition = IF.search(said.quote)
        where = WHERE_X.search(said.quote)
        ran = True
        for hurt in ("nobody", "you", "opponent"):
            body = _scenario(era, "X" if variable else N, hurt)
            if variable and where is not None:  # X: the damage the text says it counts
                counts = where.group(1) == "opponents" and hurt == "opponent" or \
                    where.group(1) == "players" and hurt != "nobody"
                expected = DAMAGE if counts and where.group(2) == "this turn" else 0
            elif variable:
                expected = said.times(DAMAGE)
            else:
                met = condition is None or (condition.group(2) == "this turn" and hurt != "nobody"
                                            and (hurt == "opponent"
                                                 or condition.group(1) == "player"))
                expected = said.times(N) if met else 0
            problems += differ(f"{said.count} {said.kind} counters"
                               + (f" {condition.group(0)}" if condition else ""),
                               said.quote, f"bloodthirst {'X' if variable else N} enters after "
                               f"{'an opponent' if hurt == 'opponent' else hurt} was dealt "
                               f"{DAMAGE} damage this turn" if hurt != "nobody" else
                               f"bloodthirst {'X' if variable else N} enters, no damage dealt",
                               {said.kind: expected} if expected else {},
                               {k: v for k, v in body.counters.items() if v})
    return problems if ran else None


register(Keyword(
    name="bloodthirst",
    kind=("static",),
    parameter=("n", "x"),
    zones=("battlefield",),
    durations=("this turn",),
    instances="separate",
    hooks={"as_enters": _as_enters},
    checks=(Check("N +1/+1 counters if an opponent was dealt damage this turn; X: the damage",
                  check),),
))
