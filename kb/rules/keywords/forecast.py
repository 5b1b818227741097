"""Forecast -- [activated ability] (702.55 in 2012, 502.53 in 2008): a special kind of
activated ability that can be activated only from a player's hand, only during the upkeep step
of the card's owner and only once each turn; the card is revealed and stays in the hand."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import ability_of, legal
from kb.rules.keywords._spells import turn_start
from kb.rules.registry import Check, Keyword, register

WHEN = (r"may be (?:activated|played) only during the (\w+) step of the card's (\w+) and only "
        r"(once|twice|\w+ times) each turn")
TIMES = {"once": 1, "twice": 2}


def forecast(game: Game, player: Player, card: GameObject) -> StackItem:
    """Activate the forecast ability of a card in its owner's hand: only in its owner's
    upkeep, once a turn; the card is revealed and stays in the hand. The ability's parameter
    is its effect, `(game, item) -> None`."""
    ability = ability_of(card, "forecast")
    if card.zone != "hand" or card.owner is not player:
        raise IllegalAction("forecast is activated only from its owner's hand")
    if game.step != "upkeep" or game.active is not card.owner:
        raise IllegalAction("forecast is activated only during its owner's upkeep")
    if any(e.name == "activated" and e.obj is card and e.data.get("ability") == "forecast"
           for e in game.log[turn_start(game):]):
        raise IllegalAction("forecast is activated only once each turn")
    card.notes["revealed"] = True
    return game.activate(card, "forecast", resolve=ability.param, player=player)


def _scenario(era: str, mine: bool, step: str) -> tuple[Game, GameObject]:
    game = Game(era=era)
    me = game.active
    card = game.create("Pride of the Clouds", controller=me, zone="hand",
                       abilities=(Ability("forecast", lambda game, item: game.draw(me)),))
    game.create("Card", controller=me, zone="library", types={"land"})
    if not mine:
        game.next_turn()
    game.step = step
    return game, card


def check(claims: Claims, era: str) -> list[str] | None:
    """Forecast in its owner's upkeep (twice), in its owner's main phase, in an opponent's
    upkeep."""
    sentence = claims.says(WHEN)
    if sentence is None:
        return None
    step, whose, often = re.search(WHEN, sentence, re.I).groups()  # type: ignore[union-attr]
    allowed = TIMES.get(often.lower(), quantity(often.split()[0], 0))
    problems = []
    for mine, when in ((True, "upkeep"), (True, "main"), (False, "upkeep")):
        game, card = _scenario(era, mine, when)
        player = card.owner
        done = [legal(forecast, game, player, card), legal(forecast, game, player, card)]
        right = when == step.lower() and (mine or whose.lower() != "owner")
        expected = [right and allowed >= 1, right and allowed >= 2]
        problems += differ(f"forecast only during the {step} step of the card's {whose}, "
                           f"{often} each turn", sentence, f"forecast twice in "
                           f"{'its owner' if mine else 'an opponent'}'s {when} step",
                           (expected, "hand"), (done, card.zone))
    return problems


register(Keyword(
    name="forecast",
    kind=("activated",),
    parameter=("-- [activated ability]",),
    zones=("hand",),
    functions_in=("hand",),
    checks=(Check("forecast: from the hand, in its owner's upkeep, once each turn", check),),
))
