"""Start your engines! (702.179 since 2025): a player who controls a permanent with start your
engines! and has no speed gets speed 1 (a state-based action); whenever one or more opponents
lose life during that player's turn, their speed increases by 1, once a turn, up to 4."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Game
from kb.rules.keywords._cov_speed import lose_life, speed, start_engines
from kb.rules.registry import Check, Keyword, register

SETS = (r"\bif a player controls a permanent with start your engines! and that player has no "
        r"speed, their speed becomes (\w+)")
RAISES = (r"\bwhenever one or more (opponents|players) lose life during (your|each|an opponent's) "
          r"turn, if your speed is less than (\w+), your speed increases by (\w+)")
ONCE = r"\bthis ability triggers only once each turn"


def trajectory(era: str, with_permanent: bool = True) -> list[int | None]:
    """My permanent with start your engines! (or none); then four of my turns in which my
    opponent loses life twice, and between them their turns in which they lose life: my speed
    after the state-based action and after each turn."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    game.create("Racer", controller=me, power=2, toughness=2,
                abilities=("start your engines!",) if with_permanent else ())
    start_engines(game)
    speeds = [speed(me)]
    for _ in range(4):
        lose_life(game, them, 1)
        lose_life(game, them, 1)
        speeds.append(speed(me))
        game.next_turn()
        lose_life(game, them, 1)
        game.next_turn()
    return speeds


def check(claims: Claims, era: str) -> list[str] | None:
    """Speed over four turns in which the opponent loses life twice."""
    sentence = claims.says(SETS)
    if sentence is None:
        return None
    start = quantity(re.search(SETS, sentence, re.I).group(1))  # type: ignore[union-attr]
    raises = re.search(RAISES, claims.says(RAISES) or "", re.I)
    once = claims.says(ONCE) is not None
    expected: list[int | None] = [start]
    current = start
    for _ in range(4):
        if raises and raises.group(1).lower() == "opponents" and \
                raises.group(2).lower() in ("your", "each"):
            times = 1 if once else 2
            for _ in range(times):
                if current < quantity(raises.group(3)):
                    current += quantity(raises.group(4))
        expected.append(current)
    return differ(f"speed becomes {start}" + (f"; {raises.group(0)}" if raises else "")
                  + ("; once each turn" if once else ""), sentence,
                  "my permanent with start your engines!, four of my turns in which my opponent "
                  "loses life twice: my speed", expected, trajectory(era))


register(Keyword(
    name="start your engines!",
    kind=("static",),
    checks=(Check("speed 1, then one more each turn an opponent loses life, up to 4", check),),
))
