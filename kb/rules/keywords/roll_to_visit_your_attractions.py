"""Roll to visit your Attractions (701.52 in 2022), a keyword action: roll a six-sided die;
each Attraction you control with a number lit up equal to the result has been visited and
its visit ability triggers.

The model: `kb.rules.keywords._attractions`."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, IllegalAction
from kb.rules.keywords._attractions import attraction, roll_to_visit
from kb.rules.keywords._cov_combat import count_word
from kb.rules.registry import Check, Keyword, register

LIT = {"Ferris Wheel": {2, 4}, "Carousel": {4, 6}, "Haunted House": {1, 3}}


def _visited(era: str, result: int) -> list[str] | None:
    """My Attractions Ferris Wheel (2, 4), Carousel (4, 6), Haunted House (1, 3) and the
    opponent's Carousel (4, 6); I roll `result`: what is visited (None: no such roll)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    for name, lit in LIT.items():
        attraction(game, me, name, lit)
    attraction(game, them, "Their Carousel", LIT["Carousel"])
    game.choices["die"] = result
    try:
        return sorted(obj.name for obj in roll_to_visit(game, me)[1])
    except IllegalAction:
        return None


COMPARE = {"equal to": lambda n, r: n == r, "greater than": lambda n, r: n > r,
           "less than": lambda n, r: n < r}


def check(claims: Claims, era: str) -> list[str] | None:
    """Rolls of 4, 6 and the die's highest number and one beyond it."""
    sentence = claims.says(r"\bto roll to visit your attractions, roll an? \w+-sided die")
    if sentence is None:
        return None
    sides = count_word(re.search(r"roll an? (\w+)-sided die", sentence, re.I).group(1))  # type: ignore[union-attr]
    then = claims.says(r"\bif you control one or more attractions with a number lit up") or ""
    said = re.search(r"if (you|an opponent|a player) controls? one or more attractions with a "
                     r"number lit up that is (equal to|greater than|less than) that result, "
                     r"each of those attractions has been \"visited\"", then, re.I)
    if said is None or sides is None:
        return [f'the text rolls to visit in a way the model does not read ("{sentence}")']
    compare = COMPARE[said.group(2).lower()]
    problems = []
    for result in (4, 6, sides + 1):
        expected = None if result > sides else sorted(
            name for name, lit in LIT.items() if said.group(1).lower() in ("you", "a player")
            and any(compare(n, result) for n in lit))
        if said.group(1).lower() in ("an opponent", "a player") and expected is not None:
            expected = sorted(expected + (["Their Carousel"] if any(
                compare(n, result) for n in LIT["Carousel"]) else []))
        problems += differ(f"roll a {sides}-sided die; {said.group(0)}", then or sentence,
                           f"I roll {result} with my Ferris Wheel (2, 4), Carousel (4, 6), "
                           "Haunted House (1, 3) and the opponent's Carousel: visited (None: "
                           "no such roll)", expected, _visited(era, result))
    return problems


register(Keyword(
    name="roll to visit your attractions",
    kind=("keyword action",),
    parameter=(),
    zones=(),
    checks=(Check("a six-sided die; your Attractions with that number lit up are visited",
                  check),),
))
