"""Undaunted (702.124 in 2016, 702.125 in 2026): this spell costs {1} less to cast for each
opponent you have; players who have left the game are not counted; multiple instances each
apply."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject
from kb.rules.keywords._casting import spending
from kb.rules.keywords._spells import burn_spell
from kb.rules.registry import Check, Keyword, register


def _opponents(game: Game, player: object) -> int:
    return sum(1 for p in game.players if p is not player and not p.lost)


def _cost_change(game: Game, card: GameObject, ability: Ability, cost: Cost) -> None:
    cost.generic = max(0, cost.generic - _opponents(game, card.controller or card.owner))


def _cast(era: str, players: int, left: int, instances: int) -> int:
    """My {6}{R} sorcery with `instances` undaunted, `players` in the game of whom `left`
    opponents have left it: mana the cast takes."""
    game = Game(players=players, era=era)
    me = game.active
    for player in game.players[1:1 + left]:
        player.lost = True
    card = burn_spell(game, me, "Charge", mana_cost="{6}{R}", types=("sorcery",),
                      abilities=("undaunted",) * instances)
    return spending(me, game.cast, me, card)[1]


def check(claims: Claims, era: str) -> list[str] | None:
    """A {6}{R} spell with undaunted in games of 2, 3 and 4 players (one of them gone), with
    one and two instances."""
    text = claims.says(r"\bcosts? \{\d+\} (?:less|more) to cast for each\b")
    if text is None:
        return None
    match = re.search(r"costs? \{(\d+)\} (less|more) to cast for each (opponent|player) you "
                      r"have", text, re.I)
    if match is None:
        return [f'the text changes the cost in a way the model does not read ("{text}")']
    step = int(match.group(1)) * (-1 if match.group(2).lower() == "less" else 1)
    left_rule = claims.says(r"\bleft the game\b")
    gone = re.search(r"\b(are not|aren't|are) counted\b", left_rule or "", re.I)
    problems = []
    for players, left, instances in ((2, 0, 1), (4, 0, 1), (4, 1, 1), (3, 0, 2)):
        counted = players - 1 if match.group(3).lower() == "opponent" else players
        if gone and gone.group(1).lower() != "are":
            counted -= left
        times = instances if claims.instances != "redundant" else 1
        expected = 1 + max(0, 6 + step * counted * times)
        quote = left_rule if left and left_rule else text
        problems += differ(f"{match.group(0)}", quote, f"a {{6}}{{R}} spell with {instances} "
                           f"undaunted, {players} players, {left} gone: mana taken", expected,
                           _cast(era, players, left, instances))
    return problems


register(Keyword(
    name="undaunted",
    kind=("static",),
    parameter=("",),
    zones=("stack",),
    functions_in=("stack",),
    instances="separate",
    hooks={"cost_change": _cost_change},
    checks=(Check("{1} less for each opponent", check),),
))
