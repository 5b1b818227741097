"""Mill (701.13 in 2020, 701.17 in 2026), a keyword action: for a player to mill a number of
cards, that player puts that many cards from the top of their library into their graveyard;
a player instructed to mill more cards than their library holds mills as many as possible."""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._cov_library import layout, stock, zone_word
from kb.rules.keywords._library import top
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"for a player to mill a number of cards, that player puts (that many|\w+) cards? "
            r"from the (top|bottom) of (their|his or her|your) library into (their|his or her|"
            r"your) (graveyard|hand|exile)")


def mill(game: Game, player: Player, n: int) -> list[GameObject]:
    """`player` mills `n` cards (as many as there are when fewer)."""
    milled = top(player, n)
    for card in milled:
        game.move(card, "graveyard")
    game.emit("mill", player=player, count=len(milled))
    return milled


def _scenario(era: str, cards: int) -> dict[str, list[str]]:
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    stock(game, me, cards)
    stock(game, them, cards)
    mill(game, me, 3)
    return layout(me, them)


def check(claims: Claims, era: str) -> list[str] | None:
    """Mill 3 with libraries of six cards, and with libraries of two."""
    text = claims.says(r"\bto mill a number of cards\b")
    if text is None:
        return None
    match = re.search(SENTENCE, text, re.I)
    if match is None:
        return [f'the text mills in a way the model does not read ("{text}")']
    count = 3 if match.group(1).lower() == "that many" else None
    if count is None:
        return [f'the text mills a fixed number of cards, not "that many" ("{text}")']
    limit = claims.says(r"\bif instructed to do so\b")
    most = re.search(r"\bif instructed to do so, they mill (as many as possible|none|nothing|"
                     r"no cards)\b", limit or "", re.I)
    problems = []
    for cards in (6, 2):
        game = Game(era=era)
        me, them = game.active, game.opponent(game.active)
        mine = stock(game, me, cards)
        stock(game, them, cards)
        expected = layout(me, them)
        taken = mine[:count] if match.group(2).lower() == "top" else mine[::-1][:count]
        if cards < count and most and most.group(1).lower() != "as many as possible":
            taken = []
        zone = zone_word(match.group(5)) or "graveyard"
        expected["A library"] = [c.name for c in mine if c not in taken]
        expected[f"A {zone}"] = [c.name for c in taken]
        problems += differ(match.group(0)[36:], text if cards == 6 else (limit or text),
                           f"I mill 3 with {cards} cards in each library: every zone",
                           expected, _scenario(era, cards))
    return problems


def milled_value(milled: list[GameObject]) -> int:
    """The value a variable takes from "the milled card's mana value" (701.13d): the sum of
    the answers of every milled card."""
    return sum(card.mana_value for card in milled)


def check_several(claims: Claims, era: str) -> list[str] | None:
    """Mill 1 and mill 2 (mana values 1 and 2 on top), then an ability asks for the milled
    card's mana value as a variable: one answer, or the text's combination of several."""
    text = claims.says(r"\bsingle milled card\b")
    if text is None:
        return None
    joined = " ".join(claims.sentences)
    more = re.search(r"but more than (an?|\w+) cards? (?:was|were) milled, that ability refers "
                     r"to each of the milled cards", joined, re.I)
    how = re.search(r"the (sum|highest|lowest|greatest|least) of the answers is used", joined,
                    re.I)
    threshold = count_word(more.group(1)) if more else None
    if more is None or how is None or threshold is None:
        return [f'the text reads several milled cards in a way the model does not read '
                f'("{text}")']
    combine: Callable[[list[int]], int] = {
        "sum": lambda v: sum(v), "highest": lambda v: max(v), "greatest": lambda v: max(v),
        "lowest": lambda v: min(v), "least": lambda v: min(v)}[how.group(1).lower()]
    problems = []
    for count in (1, 2):
        game = Game(era=era)
        me = game.active
        for card, cost in zip(stock(game, me, 4), ("{1}", "{2}", "{3}", "{4}"), strict=True):
            card.mana_cost = cost
        milled = mill(game, me, count)
        values = [card.mana_value for card in milled]
        expected = combine(values) if count > threshold else values[0]
        problems += differ(f"more than {more.group(1)} card milled: the {how.group(1)} of the "
                           "answers", text, f"mill {count} (mana values 1, 2 on top), an "
                           "ability asks for the milled card's mana value", expected,
                           milled_value(milled))
    return problems


register(Keyword(
    name="mill",
    kind=("keyword action",),
    parameter=(),
    zones=("library", "graveyard"),
    # "as long as that zone is a public zone" (701.13c) is a condition the reader takes for
    # a duration
    durations=("as long as",),
    checks=(Check("that many cards from the top of the library into the graveyard", check),
            Check("several milled cards: each of them, the sum of the answers",
                  check_several)),
))
