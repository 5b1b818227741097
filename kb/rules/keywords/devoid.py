"""Devoid (702.113 in 2015, 702.114 in 2026): a characteristic-defining ability. "Devoid" means
"This object is colorless." This ability functions everywhere, even outside the game."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import ZONES, Ability, Game, GameObject
from kb.rules.registry import Check, Keyword, register

IS = r"\bthis object is (colorless|white|blue|black|red|green|every color|all colors)\b"
COLORS = ("white", "blue", "black", "red", "green")


def colors_of(game: Game, obj: GameObject) -> set[str]:
    """An object's colors: those it has, then what its characteristic-defining abilities
    (hook `colors`) make of them."""
    colors = set(obj.colors)
    for ability, fn in game.hooks(obj, "colors"):
        colors = fn(game, obj, ability, colors)
    return colors


def _colors(game: Game, obj: GameObject, ability: Ability, colors: set[str]) -> set[str]:
    return set()


def check(claims: Claims, era: str) -> list[str] | None:
    """A red card with devoid in each zone: its colors."""
    quote = claims.says(IS)
    if quote is None:
        return None
    said = re.search(IS, quote, re.I).group(1).lower()  # type: ignore[union-attr]
    everywhere = not claims.functions_in or "everywhere" in claims.functions_in
    expected, actual = {}, {}
    for zone in [z for z in ZONES if z != "stack"]:
        game = Game(era=era)
        card = game.create("Eldrazi Scion", zone=zone, power=1, toughness=1, colors={"red"},
                           mana_cost="{1}{R}", abilities=("devoid",))
        works = everywhere or zone in claims.functions_in
        colors = {"red"}
        if works:
            colors = set() if said == "colorless" else set(COLORS) if said in (
                "every color", "all colors") else {said}
        expected[zone] = sorted(colors)
        actual[zone] = sorted(colors_of(game, card))
    return differ(f"it is {said}" + ("" if everywhere else
                                     f" in the {', '.join(claims.functions_in)}"), quote,
                  "a red card with devoid in each zone: its colors", expected, actual)


register(Keyword(
    name="devoid",
    kind=("characteristic-defining",),
    parameter=("",),
    zones=("everywhere",),
    functions_in=("everywhere",),
    hooks={"colors": _colors},
    checks=(Check("colorless, in every zone", check),),
))
