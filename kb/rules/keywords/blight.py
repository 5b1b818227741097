"""Blight N (701.68, new in 2026), a keyword action: put N -1/-1 counters on a creature you
control."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, Player
from kb.rules.keywords._counters import puts
from kb.rules.registry import Check, Keyword, register


def blight(game: Game, player: Player, n: int) -> bool:
    """`player` blights `n` (on their first creature); False when they control none."""
    mine = game.creatures(player)
    if not mine:
        return False
    mine[0].counters["-1/-1"] += n
    game.emit("blight", player=player)
    return True


def _scenario(era: str) -> dict[str, dict[str, int]]:
    """The opponent's 5/5 enters first, then my 5/5; I blight 3: counters on each."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    theirs = creature(game, "Their Giant", them, 5, 5)
    mine = creature(game, "My Giant", me, 5, 5)
    blight(game, me, 3)
    return {c.name: dict(+c.counters) for c in (theirs, mine)}


def check(claims: Claims, era: str) -> list[str] | None:
    """Blight 3 with my creature and an opponent's: which gets how many counters of what
    kind."""
    said = next(iter(puts(claims)), None)
    if said is None:
        return None
    match = re.search(r"counters? on (a creature|target creature|each creature) "
                      r"(you control|an opponent controls|)", said.quote, re.I)
    if match is None:
        return [f'the text names the creature in a way the model does not read '
                f'("{said.quote}")']
    whose = match.group(2).lower()
    expected: dict[str, dict[str, int]] = {"Their Giant": {}, "My Giant": {}}
    chosen = "Their Giant" if whose == "an opponent controls" else "My Giant"
    expected[chosen] = {said.kind: said.times(3)}
    return differ(f"{said.count} {said.kind} counters on {match.group(0)[12:]}", said.quote,
                  "I blight 3, controlling a 5/5, the opponent a 5/5: counters on each",
                  expected, _scenario(era))


def check_unable(claims: Claims, era: str) -> list[str] | None:
    """A player who controls no creature can't choose to blight, by 701.68b."""
    text = claims.says(r"\bunable to put\b")
    if text is None:
        return None
    match = re.search(r"\b(can't|cannot|can) choose to blight\b", text, re.I)
    if match is None:
        return [f'the text says something the model does not read ("{text}")']
    game = Game(era=era)
    able = blight(game, game.active, 3)
    return differ(f"with no creature they {match.group(1)} choose to blight", text,
                  "a player with no creature is given the choice to blight 3",
                  "can" if match.group(1).lower() == "can" else "can't",
                  "can" if able else "can't")


register(Keyword(
    name="blight",
    kind=("keyword action",),
    parameter=("n",),
    checks=(Check("N -1/-1 counters on a creature you control", check),
            Check("no creature, no blight", check_unable)),
))
