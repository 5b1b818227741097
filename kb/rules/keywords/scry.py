"""Scry (701.18 in 2012, 501.8 in 2008), a keyword action: to "scry N" means to look at the
top N cards of your library, put any number of them on the bottom of your library in any
order, and put the rest on top of your library in any order."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._library import check_look, look_and_arrange
from kb.rules.registry import Check, Keyword, register


def scry(game: Game, player: Player, n: int) -> list[GameObject]:
    """`player` scries `n` (the choice `scry:bottom` picks the cards for the bottom)."""
    looked = look_and_arrange(game, player, n, "scry:bottom")
    game.emit("scry", player=player, count=len(looked))
    return looked


def check(claims: Claims, era: str) -> list[str] | None:
    """The library after scry 3, by the text and by the model."""
    return check_look(claims, era, "scry", scry)


register(Keyword(
    name="scry",
    kind=("keyword action",),
    parameter=("n",),
    history=(("scry became a keyword action", {"kind": ("static",)}),),
    zones=("library",),
    checks=(Check("the top N cards of your library, chosen ones to the bottom", check),),
))
