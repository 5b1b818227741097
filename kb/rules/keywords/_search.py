"""Shared pieces of transmute and transfigure: "Search your library for a [creature] card with
the same converted mana cost (mana value) as ..." read from the text, and a library of cards of
mana value 2, 3 and 4 to search."""

from __future__ import annotations

import re

from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player

SEARCH = (r"search your library for an? (creature |)card with (?:the )?(same|greater|lesser|"
          r"\w+) (?:converted mana cost|mana value) (?:as|than) (?:the discarded card|this "
          r"permanent)(?:, reveal that card,)? and put it ([\w' ]+?)\. then shuffle")
COMPARE = {"same": lambda a, b: a == b, "greater": lambda a, b: a > b,
           "lesser": lambda a, b: a < b}


def read_search(claims: Claims) -> tuple[str, str, str, str] | None:
    """(sentence, `creature ` or ``, comparison word, destination words) of the search."""
    sentence = claims.says(SEARCH)
    if sentence is None:
        return None
    match = re.search(SEARCH, sentence, re.I)
    assert match is not None
    return sentence, match.group(1), match.group(2).lower(), match.group(3)


def sorcery_speed(claims: Claims) -> str | None:
    """The sentence limiting the ability to sorcery timing, or None."""
    return claims.says(r"(?:activate|play) (?:this ability )?only (?:any time you could "
                       r"(?:cast|play) a sorcery|as a sorcery)")


def stock_library(game: Game, player: Player) -> dict[str, GameObject]:
    """A library with, in this order: an artifact of mana value 4, creatures of mana value
    2, 3 and 4; returns them by label."""
    made = {}
    for label, cost, types in (("artifact 4", "{4}", {"artifact"}), ("creature 2", "{1}{G}",
                                                                     {"creature"}),
                               ("creature 3", "{2}{G}", {"creature"}),
                               ("creature 4", "{3}{G}", {"creature"})):
        made[label] = game.create(label.title(), controller=player, zone="library",
                                  types=set(types), mana_cost=cost, power=2, toughness=2)
    player.library.sort(key=lambda c: c.ident)
    return made


def expected_find(found: tuple[str, str, str, str], made: dict[str, GameObject],
                  value: int) -> str | None:
    """The label of the card the text's search finds in `stock_library` for mana value
    `value` (first in library order), or None."""
    _, creature, compare, _ = found
    test = COMPARE.get(compare)
    for label, card in made.items():
        if test and test(card.mana_value, value) and (not creature or card.is_("creature")):
            return label
    return None
