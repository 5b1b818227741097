"""Scavenge (702.95 in 2012): an activated ability that functions only while the card is in a
graveyard. "Scavenge [cost]" means "[Cost], Exile this card from your graveyard: Put a number
of +1/+1 counters equal to the power of the card you exiled on target creature. Activate this
ability only any time you could cast a sorcery." """

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import PT, Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords._counters import add_counters
from kb.rules.keywords.level_up import SORCERY
from kb.rules.registry import Check, Keyword, register

COST = "{1}{G}"
PUT = re.compile(rf"\bput a number of ({PT}|[a-z]+) counters equal to the (power|toughness|"
                 r"converted mana cost|mana value) of the card you exiled on target (\w+)",
                 re.I)
EXILE = re.compile(r"\b(exile|return|shuffle) this card from your (graveyard|hand)", re.I)


def scavenge(game: Game, card: GameObject, target: GameObject) -> StackItem:
    """Activate scavenge of a card in its owner's graveyard: pay the cost and exile the card;
    resolving, the target gets +1/+1 counters equal to the card's power."""
    if card.zone != "graveyard":
        raise IllegalAction("scavenge functions only while the card is in a graveyard")
    power = card.power
    ability = card.instances("scavenge")[0]

    def resolve(game: Game, item: StackItem) -> None:
        if game.target_legal(target, card):
            add_counters(target, "+1/+1", power)
    item = game.activate(card, "scavenge", cost=str(ability.param), sorcery=True,
                         targets=[target], resolve=resolve, player=card.owner)
    game.move(card, "exile", cause="cost")
    return item


def check(claims: Claims, era: str) -> list[str] | None:
    """A 3/2 with scavenge {1}{G}: from your graveyard in your main step, from your hand, and
    from your graveyard in an opponent's turn; the counters on a target 2/2, where the card
    ends up."""
    quote = claims.says(PUT.pattern)
    if quote is None:
        return None
    kind, attribute, target_kind = PUT.search(quote).groups()  # type: ignore[union-attr]
    exile = EXILE.search(quote)
    sorcery = claims.says(SORCERY.pattern) is not None
    only_graveyard = claims.functions_in == ["graveyard"]
    values = {"power": 3, "toughness": 2, "converted mana cost": 2, "mana value": 2}
    problems = []
    for where, turn in (("graveyard", "yours"), ("hand", "yours"), ("graveyard", "theirs")):
        game = Game(era=era)
        me = game.active
        card = game.create("Scavenger", zone=where, power=3, toughness=2, mana_cost="{1}{G}",
                           abilities=(Ability("scavenge", COST),))
        bear = creature(game, "Bear", me)
        game.add_mana(me, "{G}{G}")
        if turn == "theirs":
            game.active = game.opponent(me)
        try:
            scavenge(game, card, bear)
            game.resolve_stack()
        except IllegalAction:
            pass
        allowed = (where == "graveyard" or not only_graveyard) and \
            (turn == "yours" or not sorcery)
        fits = target_kind.lower() in ("creature", "permanent")
        expected = ({kind: values[attribute.lower()]} if allowed and fits else {},
                    ("exile" if exile.group(1).lower() == "exile" else where) if allowed
                    and exile else where)
        problems += differ(f"{kind} counters equal to its {attribute} on target {target_kind}"
                           + (", functioning only in a graveyard" if only_graveyard else "")
                           + (", only as a sorcery" if sorcery else ""), quote,
                           f"a 3/2 with scavenge {COST} in your {where}, in "
                           f"{'your' if turn == 'yours' else 'an opponent'}'s turn: (counters "
                           "on the target 2/2, where the card ends up)", expected,
                           ({k: v for k, v in bear.counters.items() if v}, card.zone))
    return problems


register(Keyword(
    name="scavenge",
    kind=("activated",),
    parameter=("[cost]",),
    zones=("graveyard", "exile"),
    functions_in=("graveyard",),
    checks=(Check("counters equal to its power, exiled from the graveyard, as a sorcery",
                  check),),
))
