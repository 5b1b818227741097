"""Fuse (702.100 in 2013, 702.102 in 2026): a player who casts a split card with fuse from their
hand may cast both halves; the fused split spell's total cost includes each half's mana
cost, and it follows the left half's instructions, then the right half's."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords._casting import fill_pool, pool_size
from kb.rules.registry import Check, Keyword, register

HALVES = (("{1}{R}", "left"), ("{2}{W}", "right"))
ZONE = (r"\bif a player casts a split card with fuse from (?:his or her|their|its owner's|a "
        r"player's) (hand|graveyard|library)")
TOTAL = (r"\bthe total cost of a fused split spell includes the mana cost of (each half|the "
         r"left half|the right half|one half)")
BOTH = r"\bthe player may choose to cast (both halves|one half|either half) of that split card"
ORDER = (r"\bfollows the instructions of the (left|right) half and then follows the instructions "
         r"of the (left|right) half")


def _resolve(game: Game, item: StackItem) -> None:
    for _, half in HALVES if item.paid.get("fused") else HALVES[:1]:
        game.emit("half resolves", item.source, half=half)


def cast_fused(game: Game, card: GameObject) -> None:
    """Cast a split card with fuse as a fused split spell: from its owner's hand only, for
    the mana costs of both halves."""
    me = game.active
    if card.zone != "hand" or card.owner is not me:
        raise IllegalAction("a fused split spell is cast from its owner's hand")
    total = Cost()
    for cost, _ in HALVES:
        total = total + Cost.parse(cost)
    game.cast(me, card, alternative=total, paid={"fused": True})


def scenario(era: str, zone: str) -> tuple[int | None, list[str]]:
    """My split card with fuse ({1}{R} // {2}{W}) in `zone`, cast fused: (mana taken or None,
    the halves in the order they resolved)."""
    game = Game(era=era)
    me = game.active
    card = game.create("Turn // Burn", controller=me, zone=zone, types={"instant"},
                       mana_cost="{1}{R}", abilities=(Ability("fuse"),), effect=_resolve)
    before = fill_pool(me)
    try:
        cast_fused(game, card)
    except IllegalAction:
        return None, []
    mana = before - pool_size(me)
    game.resolve_stack()
    return mana, [str(e.data["half"]) for e in game.log if e.name == "half resolves"]


def check(claims: Claims, era: str) -> list[str] | None:
    """A split card with fuse cast fused from the hand and from the graveyard."""
    sentence = claims.says(ZONE)
    if sentence is None:
        return None
    zone = re.search(ZONE, sentence, re.I).group(1).lower()  # type: ignore[union-attr]
    both = re.search(BOTH, sentence, re.I)
    if both:
        claims.found.add(BOTH)
    fused = both is not None and both.group(1).lower() == "both halves"
    total = claims.says(TOTAL)
    order = claims.says(ORDER)
    which = re.search(TOTAL, total or "", re.I)
    halves = {"each half": ("left", "right"), "the left half": ("left",),
              "the right half": ("right",), "one half": ("left",)}.get(
        which.group(1).lower() if which else "", ())
    mana = sum(Cost.parse(cost).mana_value for cost, half in HALVES if half in halves)
    sequence = re.search(ORDER, order or "", re.I)
    steps = [sequence.group(1).lower(), sequence.group(2).lower()] if sequence else []
    problems = []
    for where in ("hand", "graveyard"):
        expected = (mana, steps) if where == zone and fused else (None, [])
        problems += differ(f"a fused split spell is cast from the {zone}, for "
                           f"{which.group(1) if which else 'no'} mana cost, the halves in the "
                           f"order {steps}", sentence, f"a {{1}}{{R}} // {{2}}{{W}} split card "
                           f"with fuse cast fused from the {where}: (mana taken, the halves in "
                           "order)", expected, scenario(era, where))
    return problems


register(Keyword(
    name="fuse",
    kind=("static",),
    zones=("hand", "stack"),
    checks=(Check("both halves cast from the hand, for both costs, left then right", check),),
))
