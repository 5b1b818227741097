"""Convoke (702.49 in 2012, 502.46 in 2008): a static ability of a spell on the stack. Until
Magic 2015 (2014-07-18): "As an additional cost to cast this spell, you may tap any number of
untapped creatures you control. Each creature tapped this way reduces the cost to cast this
spell by {1} or by one mana of any of that creature's colors." Since: "For each colored mana in
this spell's total cost, you may tap an untapped creature of that color you control rather
than pay that mana. For each generic mana in this spell's total cost, you may tap an untapped
creature you control rather than pay that mana." Multiple instances are redundant."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import legal, spending
from kb.rules.keywords._reduction import apply_to, cast_paying_with, letters, reduce_cost
from kb.rules.registry import Check, Keyword, register

M15 = "convoke pays for mana of the total cost (no more creatures than mana)"
TAPPED = "convoke creatures"
# "this ?spell": the wiki's capture damage "thisspell"
OLD = (r"each creature tapped this way reduces the cost to cast this ?spell by (\{\w+\})( or by "
       r"one mana of any of that creature's colors)?")
NEW_COLORED = (r"for each colored mana in this spell's total cost, you may tap an untapped "
               r"creature of that color you control rather than pay that mana")
NEW_GENERIC = (r"for each generic mana in this spell's total cost, you may tap an untapped "
               r"creature you control rather than pay that mana")


def cast_convoked(game: Game, player: Player, card: GameObject,
                  creatures: list[GameObject]) -> StackItem:
    """Cast `card`, tapping `creatures` for convoke."""
    return cast_paying_with(game, player, card, TAPPED, creatures)


def _hook(unlimited: bool):  # noqa: ANN202 - a cost_change hook
    def cost_change(game: Game, card: GameObject, ability: Ability, cost: Cost) -> None:
        player, tapped = card.notes.pop(TAPPED, (None, []))  # once, however many instances
        for one in tapped:
            if one.tapped or one.controller is not player or not one.is_("creature"):
                raise IllegalAction(f"{one.name} can't be tapped for convoke")
        reduced = reduce_cost(cost, [letters(c) for c in tapped], 1, True, unlimited)
        if reduced is None:
            raise IllegalAction("convoke taps a creature only for a mana of the total cost")
        for one in tapped:
            one.tapped = True
        apply_to(cost, reduced)
    return cost_change


def _read(claims: Claims) -> tuple[str, int, bool, bool] | None:
    """(sentence, generic mana each creature pays, pays coloured mana too, any number)."""
    old = claims.says(OLD)
    if old is not None:
        match = re.search(OLD, old, re.I)
        assert match is not None
        return (old, Cost.parse(match.group(1)).generic, bool(match.group(2)),
                bool(claims.says(r"tap any number of untapped creatures")))
    colored, generic = claims.says(NEW_COLORED), claims.says(NEW_GENERIC)
    if colored is None and generic is None:
        return None
    return (colored or generic or "", 1 if generic else 0, colored is not None, False)


def check(claims: Claims, era: str) -> list[str] | None:
    """Convoke on a {4}{G}{W} spell tapping a colorless, a red and a green-white creature (with
    one and two instances of convoke), and on a {1}{G} spell tapping four green creatures."""
    read = _read(claims)
    if read is None:
        return None
    sentence, each, colored, unlimited = read
    runs = [("{4}{G}{W}", [set(), {"red"}, {"green", "white"}], 1),
            ("{1}{G}", [{"green"}] * 4, 1)]
    if claims.instances == "redundant":
        runs.append(("{4}{G}{W}", [set(), {"red"}, {"green", "white"}], 2))
    problems = []
    for mana_cost, colors, instances in runs:
        game = Game(era=era)
        me = game.active
        tapped = [creature(game, f"Creature {n}", me, colors=set(c)) for n, c in enumerate(colors)]
        card = game.create("Guardian", controller=me, zone="hand", mana_cost=mana_cost,
                           power=4, toughness=4,
                           abilities=[Ability("convoke") for _ in range(instances)])
        done, mana = spending(me, legal, cast_convoked, game, me, card, tapped)
        text = reduce_cost(Cost.parse(mana_cost), [letters(c) for c in tapped], each, colored,
                           unlimited)
        expected = (True, text.mana_value) if text is not None else (False, 0)
        problems += differ("convoke pays as the text says", sentence,
                           f"a {mana_cost} spell with {instances} convoke instance(s) tapping "
                           f"{len(tapped)} creatures: (legal, mana paid)", expected, (done, mana))
    return problems


register(Keyword(
    name="convoke",
    kind=("static",),
    parameter=("",),
    zones=("stack",),
    functions_in=("stack",),
    instances="redundant",
    hooks={"cost_change": _hook(unlimited=False)},
    checks=(Check("convoke: creatures tapped pay for mana of the cost", check),),
    history=((M15, {"hooks": {"cost_change": _hook(unlimited=True)}}),),
    note="Magic 2015 (2014-07-18) made convoke pay for mana of the total cost instead of an "
         "additional cost that reduces it: no more creatures than mana.",
))
