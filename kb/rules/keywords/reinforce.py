"""Reinforce N -- [cost] (702.75 in 2012, 502.77 in 2008): an activated ability that functions
only while the card is in a player's hand: "[Cost], Discard this card: Put N +1/+1 counters on
target creature." """

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import ability_of, activation_mana, meaning_of, param_cost
from kb.rules.registry import Check, Keyword, register


def reinforce(game: Game, player: Player, card: GameObject, target: GameObject) -> StackItem:
    """Activate reinforce of a card in its owner's hand: pay, discard it; N +1/+1 counters on
    the target creature."""
    ability = ability_of(card, "reinforce")
    if card.zone != "hand" or card.owner is not player:
        raise IllegalAction("reinforce can be activated only from its owner's hand")
    if not target.is_("creature"):
        raise IllegalAction("reinforce targets a creature")
    count = int(ability.param[0])

    def resolve(game: Game, item: StackItem) -> None:
        item.targets[0].counters["+1/+1"] += count

    item = game.activate(card, "reinforce", cost=param_cost(ability, 1), resolve=resolve,
                         targets=[target], player=player)
    game.discard(card, cause="reinforce")
    return item


def check(claims: Claims, era: str) -> list[str] | None:
    """Reinforce 3 -- {1}{W} from the hand on a 2/2 (mana, counters, where the card goes); from
    the battlefield."""
    amount = claims.find("counter", "+1/+1")
    found = meaning_of(claims, r"reinforce n ?(?:--|\u2014|-) ?\[cost\]")
    if amount is None or found is None:
        return None
    meaning, sentence = found
    cost = meaning.split(":")[0].lower()
    n = 3
    problems = []
    game = Game(era=era)
    me = game.active
    card = game.create("Rustic Clachan", controller=me, zone="hand", types={"land"},
                       abilities=(Ability("reinforce", (n, "{1}{W}")),))
    bear = creature(game, "Bear", me)
    done, mana = activation_mana(game, me, reinforce, game, me, card, bear)
    targeted = bool(re.search(r"on target creature", meaning, re.I))
    expected = (True, 2 if "[cost]" in cost else 0,
                "graveyard" if "discard this card" in cost else "hand",
                amount.times(n) if targeted else 0)
    problems += differ(f'reinforce N means "{meaning}"', sentence, "reinforce 3 -- {1}{W} on a "
                       "2/2: (legal, mana, the card's zone, +1/+1 counters)", expected,
                       (done, mana, card.zone, bear.counters["+1/+1"]))
    game = Game(era=era)
    card = game.create("Reinforcer", controller=game.active,
                       abilities=(Ability("reinforce", (n, "{1}{W}")),))
    bear = creature(game, "Bear", game.active)
    done, _ = activation_mana(game, game.active, reinforce, game, game.active, card, bear)
    problems += differ("reinforce functions only in a player's hand", sentence,
                       "reinforce from the battlefield", "battlefield" in claims.functions_in,
                       done)
    return problems


register(Keyword(
    name="reinforce",
    kind=("activated",),
    parameter=("n -- [cost]",),
    zones=("hand", "battlefield"),
    functions_in=("hand",),
    checks=(Check("reinforce: discard for N +1/+1 counters on target creature", check),),
))
