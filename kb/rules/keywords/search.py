"""Search (701.15 in 2009, 701.23 in 2026), a keyword action: to search for a card in a
zone, look at all cards in that zone (even a hidden one) and find a card matching the
description. Searching a hidden zone for cards with a stated quality, a player needn't find
them all; for a quantity of cards, they must find that many (or as many as possible); for
an undefined quality, they find none. Found cards are revealed only when the effect says
so."""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._cov_library import stock
from kb.rules.registry import Check, Keyword, register

HIDDEN = ("library", "hand")
UNDEFINED = "undefined"
Quality = Callable[[GameObject], bool] | str | None


def search(game: Game, player: Player, owner: Player, zone: str, count: int,
           quality: Quality = None, wanted: int | None = None,
           reveal: bool = False) -> list[GameObject]:
    """`player` searches `owner`'s `zone` for `count` cards (`quality`: a test, None for
    any cards, UNDEFINED for a quality no card can have): they look at every card; in a
    hidden zone they may find fewer of those with a quality (`wanted`), but must find that
    many of a plain quantity. Found cards are revealed only with `reveal`."""
    pile = list(owner.zone(zone))
    game.emit("looked at", player=player, count=len(pile))
    if quality == UNDEFINED:
        found: list[GameObject] = []
    elif quality is None or isinstance(quality, str):
        found = pile[:count]
    else:
        matches = [card for card in pile if quality(card)]
        limit = count if zone not in HIDDEN or wanted is None else min(wanted, count)
        found = matches[:limit]
    game.emit("searched", player=player, zone=zone)
    if reveal:
        for card in found:
            game.emit("revealed", card, player=player)
    return found


def _run(era: str, quality: Quality, wanted: int | None, reveal: bool = False,
         zone: str = "library", cards: int = 4) -> tuple[int, int, int]:
    """I search my `zone` of `cards` cards (lands 1 and 3) for three cards: (cards looked at,
    cards found, reveals)."""
    game = Game(era=era)
    me = game.active
    if zone == "library":
        stock(game, me, cards, lands=(1, 3))
    else:
        for index in range(1, cards + 1):
            game.create(f"A{index}", controller=me, zone=zone,
                        types={"land"} if index in (1, 3) else {"instant"})
    start = len(game.log)
    found = search(game, me, me, zone, 3, quality, wanted, reveal)
    events = game.log[start:]
    looked = next(e.data["count"] for e in events if e.name == "looked at")
    return looked, len(found), sum(1 for e in events if e.name == "revealed")


def _is_land(card: GameObject) -> bool:
    return "land" in card.types


def check(claims: Claims, era: str) -> list[str] | None:
    """Searching a library of four cards (two lands) for three cards: with a stated quality
    (lands) wanting none, for a plain quantity wanting none, for an undefined quality; the
    cards looked at, found and revealed, as the text says."""
    sentence = claims.says(r"\bto search for a card in a zone, look at\b")
    if sentence is None:
        return None
    looks = re.search(r"look at (all|\w+) cards in that zone", sentence, re.I)
    looked = 4 if looks and looks.group(1).lower() == "all" else (
        count_word(looks.group(1)) if looks else None)
    problems = differ(f"the searcher looks at {looks.group(1) if looks else '?'} cards in "
                      "that zone", sentence, "I search my library of four cards: cards looked "
                      "at", looked, _run(era, None, None)[0])
    stated = claims.says(r"hidden zone for cards with a stated quality") or ""
    need = re.search(r"that player (isn't|is) required to find some or all", stated, re.I)
    if need:
        found = _run(era, _is_land, 0)[1]
        problems += differ(f"a player {need.group(1)} required to find all the cards with the "
                           "quality", stated, "I search my library (two lands) for three land "
                           "cards and want none: cards found",
                           0 if need.group(1).lower() == "isn't" else 2, found)
    plain = claims.says(r"simply for a quantity of cards") or ""
    must = re.search(r"that player (must|may|can't) find (that many|\w+) cards(?: \(or as many "
                     r"as possible)?", plain, re.I)
    if must:
        many = must.group(1).lower() == "must"
        problems += differ(f"a player {must.group(1)} find {must.group(2)} cards", plain,
                           "I search my library of two cards for three cards and want none: "
                           "cards found", 2 if many and must.group(2).lower() == "that many"
                           and "as many as possible" in plain else (0 if not many else "?"),
                           _run(era, None, 0, cards=2)[1])
    undefined = claims.says(r"match an undefined quality") or ""
    cant = re.search(r"may still search that zone but (can't|can) find any cards", undefined,
                     re.I)
    if cant:
        problems += differ(f"searching for an undefined quality, a player {cant.group(1)} find "
                           "any cards", undefined, "I search my library for three cards of an "
                           "undefined quality: cards found",
                           0 if cant.group(1).lower() == "can't" else "some",
                           _run(era, UNDEFINED, None)[1])
    reveal = claims.says(r"instructions to reveal the found card") or ""
    shown = re.search(r"then they're (not )?revealed", reveal, re.I)
    if shown:
        problems += differ("found cards are " + ("not " if shown.group(1) else "")
                           + "revealed without an instruction to", reveal, "I search for "
                           "three cards, no instruction to reveal: reveals",
                           0 if shown.group(1) else 3, _run(era, None, None)[2])
    return problems


register(Keyword(
    name="search",
    kind=("keyword action",),
    parameter=(),
    zones=("library", "hand", "graveyard"),
    checks=(Check("look at every card, find what the description allows", check),),
))
