"""Waterbend [cost] (701.67, new in 2025), a keyword action: pay [cost]; for each generic mana
in that cost, you may tap an untapped artifact or creature you control rather than pay that
mana."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Cost, Game, GameObject, Player
from kb.rules.keywords._cov_tappay import check_tap_pay, tap_pay
from kb.rules.registry import Check, Keyword, register


def waterbend(game: Game, player: Player, cost: Cost, payers: list[GameObject]) -> None:
    """`player` waterbends `cost`, tapping `payers` for generic mana."""
    game.pay(player, tap_pay(cost, player, payers, ("artifact", "creature")))
    game.emit("waterbend", player=player)


def _pay(game: Game, player: Player, payers: list[GameObject]) -> None:
    waterbend(game, player, Cost.parse("{3}{U}"), payers)


def check(claims: Claims, era: str) -> list[str] | None:
    """Waterbend {3}{U} tapping several sets of permanents."""
    return check_tap_pay(claims, era, "waterbend", _pay)


register(Keyword(
    name="waterbend",
    kind=("keyword action",),
    parameter=("[cost]",),
    checks=(Check("untapped artifacts and creatures pay generic mana", check),),
))
