"""Splice onto [subtype] [cost] (702.45 in 2012, 502.40 in 2008; "Splice onto [quality]
[cost]" since Modern Horizons, 2019-06-14): a static ability of a card in a player's hand: "You
may reveal this card from your hand as you cast a [subtype] spell. If you do, copy this card's
text box onto that spell and pay [cost] as an additional cost to cast that spell." The card
stays in the hand; the spell keeps its own characteristics."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import (
    ability_of,
    cost_rule,
    legal,
    price,
    read_zone,
    spending,
)
from kb.rules.keywords._spells import burn_spell
from kb.rules.registry import Check, Keyword, register

MODERN_HORIZONS = "written 'Splice onto [quality] [cost]'"
ONCE = r"you can't splice any (\w+) cards? onto the same spell more than (once|twice|\w+)"
FORM = r"splice onto \[(?:subtype|quality)\] \[cost\]"


def cast_spliced(game: Game, player: Player, card: GameObject,
                 spliced: list[GameObject]) -> StackItem:
    """Cast `card`, splicing each card of `spliced` from its caster's hand: their splice
    costs are additional costs and their text is added to the spell until it leaves the
    stack."""
    extra = []
    for other in spliced:
        onto, cost = ability_of(other, "splice").param
        if other.zone != "hand" or other.owner is not player or other is card:
            raise IllegalAction("a spliced card is revealed from its caster's hand")
        if not all(card.is_(word) for word in str(onto).lower().split(" or ")[:1]):
            raise IllegalAction(f"{other.name} splices onto {onto} spells only")
        extra.append(Cost.parse(cost))
    if len(set(map(id, spliced))) != len(spliced):
        raise IllegalAction("a card is spliced onto a spell at most once")
    own = card.effect

    def with_spliced(game: Game, item: StackItem) -> None:
        card.effect = own  # the spell loses the splice changes as it leaves the stack
        if own:
            own(game, item)
        for other in spliced:
            if other.effect:
                other.effect(game, item)  # the spell (its source) follows the added text

    card.effect = with_spliced
    try:
        return game.cast(player, card, additional=extra, paid={"spliced": list(spliced)})
    except IllegalAction:
        card.effect = own
        raise


def _deal_two(game: Game, item: StackItem) -> None:
    game.deal_damage(item.source, game.opponent(item.controller), 2)


def _scenario(era: str, subtypes: set[str]) -> tuple[Game, GameObject, GameObject]:
    game = Game(era=era)
    me = game.active
    spell = burn_spell(game, me, "Reach Through Mists", mana_cost="{U}", colors=("blue",))
    spell.subtypes = set(subtypes)
    ray = game.create("Glacial Ray", controller=me, zone="hand", types={"instant"},
                      subtypes={"arcane"}, colors={"red"}, mana_cost="{1}{R}",
                      abilities=(Ability("splice", ("arcane", "{1}{R}")),), effect=_deal_two)
    return game, spell, ray


def check(claims: Claims, era: str) -> list[str] | None:
    """Glacial Ray (2 damage; splice onto Arcane {1}{R}) spliced onto a {U} Arcane spell that
    deals 1 damage: the mana, the damage, where Glacial Ray is; onto a spell that isn't
    Arcane."""
    rule = cost_rule(claims, FORM)
    if rule is None:
        return None
    revealed = read_zone(claims, r"you may reveal this card from ([\w' ]+?) as you (?:cast|play) "
                                 r"an? \[(?:subtype|quality)\] spell")
    added = bool(re.search(r"copy this card's text box onto that spell|that spell gains the "
                           r"text of this card's rules text", rule.quote, re.I))
    problems = []
    game, spell, ray = _scenario(era, {"arcane"})
    me = game.active
    done, mana = spending(me, legal, cast_spliced, game, me, spell, [ray])
    game.resolve_stack()
    from_hand = revealed is not None and revealed[1] == "hand"
    expected = (from_hand, price(rule, 1, 2) if from_hand else "0 mana",
                (3 if added else 1) if from_hand else 0, "hand")
    actual = (done, f"{mana} mana", 20 - game.opponent(me).life, ray.zone)
    problems += differ(f"splice: the card is revealed from the "
                       f"{revealed[1] if revealed else '?'}, its text added, its cost "
                       f"{rule.kind}", rule.quote, "Glacial Ray spliced onto a {U} Arcane spell "
                       "dealing 1: (legal, mana, damage dealt, Glacial Ray's zone)", expected,
                       actual)
    game, spell, ray = _scenario(era, set())
    done, _ = spending(game.active, legal, cast_spliced, game, game.active, spell, [ray])
    problems += differ("splice onto [subtype] works only on a spell of that subtype",
                       rule.quote, "Glacial Ray spliced onto a spell that isn't Arcane", False,
                       done)
    once = re.search(ONCE, claims.says(ONCE) or "", re.I)
    if once is not None:
        game, spell, ray = _scenario(era, {"arcane"})
        done, _ = spending(game.active, legal, cast_spliced, game, game.active, spell,
                           [ray, ray])
        single = quantity(once.group(1)) == 1 and once.group(2).lower() == "once"
        problems += differ(f"any {once.group(1)} card is spliced onto a spell at most "
                           f"{once.group(2)}", once.group(0), "the same card spliced twice onto "
                           "one spell", not single, done)
    return problems


register(Keyword(
    name="splice",
    aliases=("splice onto arcane",),
    kind=("static",),
    parameter=("onto [quality] [cost]",),
    zones=("hand", "stack", "exile"),
    functions_in=("hand",),
    checks=(Check("splice: an additional cost, the text added, the card stays in hand",
                  check),),
    history=(("written 'Splice onto [subtype] [cost]'",
              {"parameter": ("onto [type or subtype] [cost]",)}),
             (MODERN_HORIZONS, {"parameter": ("onto [subtype] [cost]",)})),
    note="Written 'Splice onto [subtype] [cost]' until Modern Horizons (2019-06-14) brought "
         "'splice onto instant or sorcery': 'Splice onto [quality] [cost]'.",
))
