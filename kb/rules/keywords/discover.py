"""Discover (701.57 in 2023), a keyword action: "Discover N" means "Exile cards from the top
of your library until you exile a nonland card with mana value N or less. You may cast that
card without paying its mana cost if the resulting spell's mana value is less than or equal
to N. If you don't cast it, put that card into your hand. Put the remaining exiled cards on
the bottom of your library in a random order." """

from __future__ import annotations

import random
import re
from typing import Any

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Cost, Game, GameObject, Player
from kb.rules.keywords._library import put_on_bottom
from kb.rules.keywords._mana import paid_for
from kb.rules.registry import Check, Keyword, register

# the library of the scenario, top first: (name, types, mana cost)
LIBRARY = (("Forest", "land", ""), ("Giant", "creature", "{5}"), ("Plains", "land", ""),
           ("Bolt", "instant", "{1}"), ("Ogre", "creature", "{3}"), ("Island", "land", ""))
MEANING = (r"exile cards from the (top|bottom) of (your|an opponent's) library until you "
           r"exile an? (nonland|land|nonartifact|creature) card with mana value N or "
           r"(less|greater)\. you may cast that card (without paying its mana cost|[^.]*?) if "
           r"the resulting spell's mana value is (less|greater) than or equal to N\. if you "
           r"don't cast it, put that card into your (\w+)\. put the remaining exiled cards on "
           r"the (bottom|top) of your library in a random order")


def discover(game: Game, player: Player, n: int, cast: bool) -> GameObject | None:
    """`player` discovers `n` (casting the card found when `cast`); returns that card."""
    exiled = []
    hit = None
    for card in list(player.library):
        game.move(card, "exile")
        exiled.append(card)
        if "land" not in card.types and card.mana_value <= n:
            hit = card
            break
    if hit is not None:
        exiled.remove(hit)
        if cast:
            game.cast(player, hit, alternative=Cost())
        else:
            game.move(hit, "hand")
    rest = list(exiled)
    random.Random(len(game.log)).shuffle(rest)
    put_on_bottom(game, rest)
    game.emit("discovered", hit, player=player)
    return hit


def _scenario(era: str, cast: bool) -> dict[str, Any]:
    """Discover 3 with LIBRARY: mana paid, hand, stack, library (top first)."""
    game = Game(era=era)
    me = game.active
    for name, kind, cost in reversed(LIBRARY):
        game.create(name, controller=me, zone="library", types={kind}, mana_cost=cost)
    paid = paid_for(me, discover, game, me, 3, cast)
    return {"paid": paid, "hand": [c.name for c in me.hand],
            "stack": [i.source.name for i in game.stack], "library": [c.name for c in me.library]}


def _blocks(library: list[str], count: int, top: bool) -> tuple[list[str], ...]:
    """A library as (the `count` cards put back in a random order, sorted; the others in
    order), the random block on top or at the bottom."""
    if top:
        return sorted(library[:count]), library[count:]
    cut = len(library) - count
    return library[:cut], sorted(library[cut:])


def _expected(said: re.Match[str], cast: bool) -> tuple[dict[str, Any], int, bool]:
    """The zones after "discover 3" with LIBRARY by the text, the number of cards put back
    in a random order, and whether they go on top."""
    order = list(LIBRARY) if said.group(1).lower() == "top" else list(reversed(LIBRARY))
    kind, less = said.group(3).lower(), said.group(4).lower() == "less"

    def fits(entry: tuple[str, str, str]) -> bool:
        value = Cost.parse(entry[2]).mana_value
        typed = {"nonland": entry[1] != "land", "land": entry[1] == "land",
                 "creature": entry[1] == "creature", "nonartifact": True}[kind]
        return typed and (value <= 3 if less else value >= 3)

    index = next((i for i, e in enumerate(order) if fits(e)), len(order) - 1)
    hit = order[index] if fits(order[index]) else None
    exiled = [e[0] for e in order[:index + (0 if hit else 1)]]
    free = said.group(5).lower() == "without paying its mana cost"
    castable = hit is not None and (Cost.parse(hit[2]).mana_value <= 3) == (
        said.group(6).lower() == "less")
    untouched = [e[0] for e in LIBRARY if e not in order[:index + 1]]
    top = said.group(8).lower() == "top"
    where: dict[str, Any] = {"paid": 0 if not cast or (castable and free) else "?",
                             "hand": [], "stack": [],
                             "library": (exiled + untouched) if top else (untouched + exiled)}
    if hit is not None and cast and castable:
        where["stack"] = [hit[0]]
    elif hit is not None:
        where[said.group(7).lower()] = [hit[0]]
    return where, len(exiled), top


def check(claims: Claims, era: str) -> list[str] | None:
    """Discover 3 with Forest, Giant {5}, Plains, Bolt {1}, Ogre {3}, Island on top of my
    library, casting the card found or not."""
    sentence = claims.says(r'"discover n" means')
    if sentence is None:
        return None
    said = re.search(MEANING, sentence, re.I)
    if said is None or said.group(2).lower() != "your":
        return [f'the text discovers in a way the model does not read ("{sentence}")']
    problems = []
    for cast in (True, False):
        expected, count, top = _expected(said, cast)
        actual = _scenario(era, cast)
        expected["library"] = _blocks(expected["library"], count, top)
        actual["library"] = _blocks(actual["library"], count, top)
        problems += differ(said.group(0)[:80] + "...", sentence, "discover 3 with Forest, "
                           "Giant {5}, Plains, Bolt {1}, Ogre {3}, Island on top, "
                           + ("casting" if cast else "not casting") + " the card found: mana "
                           "paid and zones (the library: cards put back, sorted, and the "
                           "others)", expected, actual)
    return problems


register(Keyword(
    name="discover",
    kind=("keyword action",),
    parameter=("n",),
    zones=("library", "exile", "hand"),
    checks=(Check("exile until a nonland card of mana value N or less, cast it free or take "
                  "it, the rest on the bottom", check),),
))
