"""Delve (702.64 in 2012, 502.64 in 2008): a static ability of a spell on the stack. Until
Khans of Tarkir (2014-09-26): "As an additional cost to cast this spell, you may exile any
number of cards from your graveyard. Each card exiled this way reduces the cost to cast this
spell by {1}." Since: "For each generic mana in this spell's total cost, you may exile a card
from your graveyard rather than pay that mana." Multiple instances are redundant."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import legal, spending, zone_of
from kb.rules.keywords._reduction import apply_to, cast_paying_with, reduce_cost
from kb.rules.registry import Check, Keyword, register

KHANS = "delve pays for generic mana of the total cost (no more cards than generic mana)"
EXILED = "delve cards"
# 2008: "remove any number of cards in your graveyard from the game. Each card removed ..."
OLD = (r"you may (\w+) any number of cards (?:from|in) ([\w' ]+?)(?: from the game)?\. each "
       r"card (?:exiled|removed) this way reduces the cost to cast this spell by (\{\w+\})")
NEW = (r"for each generic mana in this spell's total cost, you may (\w+) (a|two|one) cards? "
       r"from ([\w' ]+?) rather than pay that mana")


def cast_delved(game: Game, player: Player, card: GameObject,
                cards: list[GameObject]) -> StackItem:
    """Cast `card`, exiling `cards` from its caster's graveyard for delve."""
    return cast_paying_with(game, player, card, EXILED, cards)


def _hook(unlimited: bool):  # noqa: ANN202 - a cost_change hook
    def cost_change(game: Game, card: GameObject, ability: Ability, cost: Cost) -> None:
        player, cards = card.notes.pop(EXILED, (None, []))  # once, however many instances
        if any(c.zone != "graveyard" or c.owner is not player for c in cards):
            raise IllegalAction("delve exiles cards from its caster's graveyard")
        reduced = reduce_cost(cost, [set() for _ in cards], 1, False, unlimited)
        if reduced is None:
            raise IllegalAction("delve exiles a card only for a generic mana of the total cost")
        for one in cards:
            game.move(one, "exile", cause="delve")
        apply_to(cost, reduced)
    return cost_change


def _read(claims: Claims) -> tuple[str, str | None, str | None, int, bool] | None:
    """(sentence, zone the cards go to, zone they come from, generic mana each pays, any
    number)."""
    old, new = claims.says(OLD), claims.says(NEW)
    if old is not None:
        verb, where, each = re.search(OLD, old, re.I).groups()  # type: ignore[union-attr]
        to = "exile" if verb.lower() == "remove" else zone_of(verb)
        return old, to, zone_of(where), Cost.parse(each).generic, True
    if new is not None:
        verb, count, where = re.search(NEW, new, re.I).groups()  # type: ignore[union-attr]
        one = count.lower() in ("a", "one")
        return new, zone_of(verb), zone_of(where), 1 if one else 0, False
    return None


def check(claims: Claims, era: str) -> list[str] | None:
    """Delve on a {4}{B} spell with six cards in the graveyard: delving three (with one and two
    instances), delving all six."""
    read = _read(claims)
    if read is None:
        return None
    sentence, to, source, each, unlimited = read
    runs = [(3, 1), (6, 1)] + ([(3, 2)] if claims.instances == "redundant" else [])
    problems = []
    for count, instances in runs:
        game = Game(era=era)
        me = game.active
        pile = [game.create(f"Card {n}", controller=me, zone="graveyard", types={"land"})
                for n in range(6)]
        card = game.create("Treasure Cruise", controller=me, zone="hand", types={"sorcery"},
                           mana_cost="{4}{B}",
                           abilities=[Ability("delve") for _ in range(instances)])
        done, mana = spending(me, legal, cast_delved, game, me, card, pile[:count])
        text = reduce_cost(Cost.parse("{4}{B}"), [set()] * count, each, False, unlimited) \
            if source == "graveyard" else None
        expected = (True, text.mana_value, to) if text is not None else (False, 0, "graveyard")
        problems += differ("delve pays as the text says", sentence,
                           f"a {{4}}{{B}} spell with {instances} delve instance(s), {count} "
                           f"cards delved from the graveyard: (legal, mana paid, their zone)",
                           expected, (done, mana, pile[0].zone))
    return problems


register(Keyword(
    name="delve",
    kind=("static",),
    parameter=("",),
    zones=("graveyard", "stack", "exile"),
    functions_in=("stack",),
    instances="redundant",
    hooks={"cost_change": _hook(unlimited=False)},
    checks=(Check("delve: cards exiled from the graveyard pay for generic mana", check),),
    history=((KHANS, {"hooks": {"cost_change": _hook(unlimited=True)}}),),
    note="Khans of Tarkir (2014-09-26) made delve pay for generic mana of the total cost "
         "instead of an additional cost that reduces it: no more cards than generic mana.",
))
