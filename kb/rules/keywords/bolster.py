"""Bolster N (701.30 in 2015, 701.39 in 2026), a keyword action: choose a creature you control
with the least toughness or tied for least toughness among creatures you control; put N +1/+1
counters on that creature."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, Player
from kb.rules.keywords._counters import puts
from kb.rules.registry import Check, Keyword, register

# the creatures on the battlefield: (name, power, toughness, mine)
BOARD = (("Squire", 3, 1, False), ("Knight", 2, 4, True), ("Archer", 4, 2, True),
         ("Giant", 1, 6, True))


def bolster(game: Game, player: Player, n: int) -> None:
    """`player` bolsters `n`: the first of their creatures with the least toughness."""
    mine = game.creatures(player)
    if mine:
        least = min(c.current_toughness for c in mine)
        chosen = next(c for c in mine if c.current_toughness == least)
        chosen.counters["+1/+1"] += n
    game.emit("bolster", player=player)


def _scenario(era: str) -> dict[str, int]:
    """Bolster 3 with the creatures of BOARD: the +1/+1 counters on each."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    made = [creature(game, name, me if mine else them, power, toughness)
            for name, power, toughness, mine in BOARD]
    bolster(game, me, 3)
    return {c.name: c.counters["+1/+1"] for c in made}


def check(claims: Claims, era: str) -> list[str] | None:
    """Which creature gets how many counters, by the text and by the model."""
    text = claims.says(r"\bchoose a creature\b")
    said = next(iter(puts(claims)), None)
    if text is None or said is None:
        return None
    match = re.search(r"choose a creature (you control|an opponent controls|) ?with the "
                      r"(least|greatest) (toughness|power) or tied for (?:the )?(?:least|"
                      r"greatest) (?:toughness|power) among creatures (you control|an "
                      r"opponent controls)", text, re.I)
    if match is None or not re.search(r"on that creature", said.quote, re.I):
        return [f'the text chooses the creature in a way the model does not read ("{text}")']
    pool = [c for c in BOARD if c[3] == (match.group(4).lower() == "you control")]
    stat = 2 if match.group(3).lower() == "toughness" else 1
    pick = min if match.group(2).lower() == "least" else max
    best = pick(c[stat] for c in pool)
    chosen = next(c[0] for c in pool if c[stat] == best)
    expected = {c[0]: 0 for c in BOARD}
    if said.kind == "+1/+1":
        expected[chosen] = said.times(3)
    return differ(f"{said.count} {said.kind} counters on the creature {match.group(4)} with "
                  f"the {match.group(2)} {match.group(3)}", text, "bolster 3; I control a "
                  "2/4, a 4/2 and a 1/6, the opponent a 3/1: counters on each", expected,
                  _scenario(era))


register(Keyword(
    name="bolster",
    kind=("keyword action",),
    parameter=("n",),
    checks=(Check("N counters on your creature with the least toughness", check),),
))
