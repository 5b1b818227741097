"""Forage (701.61 since 2024), a keyword action: "Exile three cards from your graveyard or
sacrifice a Food."."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, IllegalAction, Player
from kb.rules.keywords._casting import legal
from kb.rules.keywords._cov_combat import count_word
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"exile (\w+) cards? from (your|an opponent's|a) graveyard or sacrifice an? "
            r"(Food|Clue|Treasure|creature)")
# (cards in my graveyard, I control a Food, what I choose)
TRIES = ((4, True, "exile"), (4, True, "sacrifice"), (2, False, "exile"), (2, True, "sacrifice"),
         (4, False, "sacrifice"))


def forage(game: Game, player: Player, how: str) -> None:
    """`player` forages: exiles three cards from their graveyard, or sacrifices a Food."""
    if how == "exile":
        if len(player.graveyard) < 3:
            raise IllegalAction("fewer than three cards in the graveyard")
        for card in list(player.graveyard[:3]):
            game.move(card, "exile")
    else:
        food = next((o for o in game.permanents(player) if o.is_("food")), None)
        if food is None:
            raise IllegalAction("no Food to sacrifice")
        game.sacrifice(food)
    game.emit("forage", player=player)


def _try(era: str, cards: int, food: bool, how: str) -> tuple[bool, int, int]:
    """(legal, cards exiled, Foods left)."""
    game = Game(era=era)
    me = game.active
    for i in range(cards):
        game.create(f"Card {i}", controller=me, zone="graveyard")
    if food:
        game.create("Food", controller=me, types={"artifact"}, subtypes={"food"}, token=True)
    ok = legal(forage, game, me, how)
    return ok, len(me.exile), sum(1 for o in game.permanents(me) if o.is_("food"))


def check(claims: Claims, era: str) -> list[str] | None:
    """Foraging by exiling and by sacrificing, with and without enough cards or a Food."""
    text = claims.says(r"\bto forage means\b")
    if text is None:
        return None
    match = re.search(SENTENCE, text, re.I)
    count = count_word(match.group(1)) if match else None
    if match is None or count is None or match.group(2).lower() != "your":
        return [f'the text says what forage does in a way the model does not read ("{text}")']
    problems = []
    for cards, food, how in TRIES:
        if how == "exile":
            allowed = cards >= count
            expected = (allowed, count if allowed else 0, int(food))
        else:
            allowed = food and match.group(3).lower() == "food"
            expected = (allowed, 0, 0 if allowed else int(food))
        problems += differ(match.group(0), text, f"forage by {how}, {cards} cards in my "
                           f"graveyard, {'a' if food else 'no'} Food: (legal, exiled, Foods "
                           "left)", expected, _try(era, cards, food, how))
    return problems


register(Keyword(
    name="forage",
    kind=("keyword action",),
    parameter=("",),
    zones=("graveyard", "exile"),
    checks=(Check("exile three cards from your graveyard or sacrifice a Food", check),),
))
