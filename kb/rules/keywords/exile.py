"""Exile (701.9 in 2012, 701.13 in 2026), a keyword action: "To exile an object, move it to
the exile zone from wherever it is.\""""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._zone_actions import check_move
from kb.rules.registry import Check, Keyword, register


def exile(game: Game, obj: GameObject) -> str:
    """Exile an object from wherever it is."""
    return game.move(obj, "exile", cause="exile")


def check(claims: Claims, era: str) -> list[str] | None:
    """Where an exiled object goes from the battlefield, a hand, a graveyard."""
    return check_move(claims, era, "exile", exile, ("battlefield", "hand", "graveyard"))


register(Keyword(
    name="exile",
    kind=("keyword action",),
    parameter=(),
    zones=("exile",),
    checks=(Check("moved to the exile zone from wherever it is", check),),
))
