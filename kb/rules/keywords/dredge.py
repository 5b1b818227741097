"""Dredge N (702.50 in 2012, 502.47 in 2008): a static ability that functions only while the
card is in a player's graveyard: "As long as you have at least N cards in your library, if you
would draw a card, you may instead put N cards from the top of your library into your graveyard
(2026: mill N cards) and return this card from your graveyard to your hand." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._casting import zone_of
from kb.rules.registry import Check, Keyword, register

MEANING = (r"as long as you have at least (\w+) cards? in your library, if you would draw "
           r"(\w+) cards?, you may instead (?:put (\w+) cards? from the top of your library "
           r"into your graveyard|mill (\w+) cards?) and return this card from your graveyard "
           r"to ([\w' ]+?)\.")


def _replace_draw(game: Game, card: GameObject, ability: Ability, draw: Event) -> None:
    """Instead of drawing, mill N and return the card to its owner's hand (when the library
    has at least N cards and its owner chooses to)."""
    n = int(ability.param)
    player = card.owner
    if draw.player is not player or len(player.library) < n:
        return
    if not game.choose(f"dredge:{card.ident}", True):
        return
    for milled in list(player.library[:n]):
        game.move(milled, "graveyard", cause="mill")
    game.move(card, "hand")
    draw.data["replaced"] = True


def check(claims: Claims, era: str) -> list[str] | None:
    """Dredge 3 in the graveyard as its owner draws a card, with 2, 3 and 5 cards in the
    library."""
    sentence = claims.says(MEANING)
    if sentence is None:
        return None
    least, draws, put, mill, back = re.search(MEANING, sentence, re.I).groups()  # type: ignore
    n = 3
    problems = []
    for size in (2, 3, 5):
        game = Game(era=era)
        me = game.active
        card = game.create("Stinkweed Imp", controller=me, zone="graveyard", power=1,
                           toughness=2, abilities=(Ability("dredge", n),))
        for index in range(size):
            game.create(f"Card {index}", controller=me, zone="library", types={"land"})
        game.draw(me)
        dredges = size >= quantity(least, n) and quantity(draws, n) == 1
        milled = quantity(put or mill, n)
        expected = (zone_of(back), milled, size - milled) if dredges else ("graveyard", 0,
                                                                          size - 1)
        actual = (card.zone, len(me.graveyard) - (card.zone == "graveyard"), len(me.library))
        problems += differ("dredge N replaces a draw as the text says", sentence,
                           f"dredge {n} in the graveyard, {size} cards in the library, its "
                           f"owner draws: (the card's zone, cards milled, library left)",
                           expected, actual)
    return problems


register(Keyword(
    name="dredge",
    kind=("static",),
    parameter=("n",),
    zones=("hand", "library", "graveyard"),
    functions_in=("graveyard",),
    durations=("as long as",),
    hooks={"replace_draw": _replace_draw},
    checks=(Check("dredge: a draw replaced by milling N and returning the card", check),),
))
