"""Double (701.10 since 2024), a keyword action: doubling a creature's power gives it +X/+0
where X is its power; doubling a life total makes it twice its value; doubling counters adds
as many as there are."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game
from kb.rules.keywords._cov_multiply import check_multiply, multiply_counters, multiply_life
from kb.rules.registry import Check, Keyword, register

TIMES = {"twice": 2, "three times": 3, "half": 0.5}
ADDED = {"as many of those counters as": 1, "twice as many of those counters as": 2,
         "one more of those counters than": 0}


def check(claims: Claims, era: str) -> list[str] | None:
    """Doubled power, toughness, both, of a 3/4 and of a -2/4 creature."""
    return check_multiply(claims, era, "double")


def check_life_and_counters(claims: Claims, era: str) -> list[str] | None:
    """A life total of 7 doubled; three +1/+1 counters doubled."""
    life = claims.says(r"\bto double a player's life total\b")
    counters = claims.says(r"\bto double the number of a kind of counters\b")
    if life is None and counters is None:
        return None
    problems = []
    if life is not None:
        match = re.search(r"new life total is (twice|three times|half) its current value", life,
                          re.I)
        game = Game(era=era)
        game.active.life = 7
        multiply_life(game.active, 2)
        problems += differ("the doubled life total", life, "a life total of 7 is doubled",
                           int(7 * TIMES[match.group(1).lower()]) if match else "unreadable",
                           game.active.life)
    if counters is not None:
        match = re.search(r"give that player or permanent (as many of those counters as|twice "
                          r"as many of those counters as|one more of those counters than) that "
                          r"player or permanent already has", counters, re.I)
        game = Game(era=era)
        beast = creature(game, "Beast")
        beast.counters["+1/+1"] = 3
        multiply_counters(beast, "+1/+1", 2)
        added = ADDED[match.group(1).lower()] * 3 if match else None
        if match and match.group(1).lower().startswith("one more"):
            added = 1
        problems += differ("the doubled counters", counters, "three +1/+1 counters are doubled",
                           3 + added if added is not None else "unreadable",
                           beast.counters["+1/+1"])
    return problems


register(Keyword(
    name="double",
    kind=("keyword action",),
    parameter=(),
    checks=(Check("doubled power and toughness: +X/+Y", check),
            Check("doubled life total and counters", check_life_and_counters)),
))
