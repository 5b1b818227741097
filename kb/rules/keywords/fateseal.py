"""Fateseal (701.19 in 2012, 501.9 in 2008), a keyword action: to "fateseal N" means to look
at the top N cards of an opponent's library, put any number of them on the bottom of that
library in any order, and put the rest on top of that library in any order."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._library import check_look, look_and_arrange
from kb.rules.registry import Check, Keyword, register


def fateseal(game: Game, player: Player, n: int) -> list[GameObject]:
    """`player` fateseals `n`: the opponent's library (choice `fateseal:bottom`)."""
    opponent = game.choose("fateseal:opponent", game.opponent(player))
    return look_and_arrange(game, opponent, n, "fateseal:bottom")


def check(claims: Claims, era: str) -> list[str] | None:
    """Both libraries after fateseal 3, by the text and by the model."""
    return check_look(claims, era, "fateseal", fateseal)


register(Keyword(
    name="fateseal",
    kind=("keyword action",),
    parameter=("n",),
    zones=("library",),
    checks=(Check("the top N cards of an opponent's library, chosen ones to the bottom",
                  check),),
))
