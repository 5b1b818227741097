"""Shared pieces of transmute and transfigure: "Search your library for a [creature] card with
the same converted mana cost (mana value) as ..." read from the text, and a library of cards of
mana value 2, 3 and 4 to search; the activation (search by mana value, as a sorcery) and the
check scenario both share."""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, Player, StackItem
from kb.rules.keywords._casting import activation_mana, param_cost, search_library, zone_of

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


def activate_search(game: Game, player: Player, obj: GameObject, ability: Ability,
                    fits: Callable[[GameObject], bool],
                    put: Callable[[Game, GameObject], object]) -> StackItem:
    """Activate `ability` of `obj` as a sorcery, paying its cost: on resolution `player`
    searches the library for a card that `fits` with `obj`'s mana value and `put`s it."""
    value = obj.mana_value

    def resolve(game: Game, item: StackItem) -> None:
        found = search_library(player, lambda c: fits(c) and c.mana_value == value)
        if found is not None:
            put(game, found)

    return game.activate(obj, ability.name, cost=param_cost(ability), resolve=resolve,
                         sorcery=True, player=player)


def check_search(claims: Claims, era: str, name: str,
                 activate: Callable[[Game, Player, GameObject], StackItem],
                 make: Callable[[Game, Player, bool], GameObject], scenario: str,
                 off_time: Callable[[Game], object], off_words: str) -> list[str] | None:
    """When the text says what the search finds: `make` an object with the ability (first:
    costed {1}{B}{B}, mana value 4) over a stocked library and activate it: (legal, mana, its
    zone, the card found, that card's zone) as the text says; then `make` another, move
    `off_time` and activate: legal unless the text restricts it to sorcery timing."""
    found = read_search(claims)
    timing = sorcery_speed(claims)
    if found is None:
        return None
    game = Game(era=era)
    me = game.active
    obj = make(game, me, True)
    made = stock_library(game, me)
    done, mana = activation_mana(game, me, activate, game, me, obj)
    label = expected_find(found, made, 4)
    expected = (True, 3, "graveyard", label, zone_of(found[3]))
    got = next((lab for lab, c in made.items() if c.zone != "library"), None)
    problems: list[str] = []
    problems += differ(f"{name} finds a card as the text says", found[0], scenario, expected,
                       (done, mana, obj.zone, got, made[got].zone if got else None))
    # without a timing restriction an activated ability may be activated any time
    game = Game(era=era)
    me = game.active
    obj = make(game, me, False)
    stock_library(game, me)
    off_time(game)
    done, _ = activation_mana(game, me, activate, game, me, obj)
    problems += differ(f"{name} only as a sorcery" if timing else f"{name} any time",
                       timing or found[0], f"{name} {off_words}", timing is None, done)
    return problems
