"""Discard (701.7 in 2012, 701.9 in 2026), a keyword action: "To discard a card, move it from
its owner's hand to that player's graveyard.\""""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._zone_actions import check_move
from kb.rules.registry import Check, Keyword, register


def discard(game: Game, card: GameObject) -> str:
    """Discard a card from its owner's hand (IllegalAction from anywhere else)."""
    return game.discard(card)


def check(claims: Claims, era: str) -> list[str] | None:
    """Where a discarded card goes, and that only a card in hand can be discarded."""
    return check_move(claims, era, "discard", discard, ("hand", "battlefield"), "card")


register(Keyword(
    name="discard",
    kind=("keyword action",),
    parameter=(),
    zones=("hand", "graveyard"),
    checks=(Check("moved from its owner's hand to that player's graveyard", check),),
))
