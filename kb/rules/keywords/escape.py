"""Escape [cost] (702.138 since 2020): you may cast this card from your graveyard by paying
[cost] rather than paying its mana cost."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._cov_altcost import AltCost, check_alt_cast
from kb.rules.registry import Check, Keyword, register

MODEL = AltCost("escape", zones=("graveyard",))


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast for its escape cost from the hand and from the graveyard."""
    return check_alt_cast(claims, era, MODEL)


register(Keyword(
    name="escape",
    kind=("static",),
    parameter=("[cost]",),
    zones=("graveyard", "battlefield"),
    functions_in=("graveyard",),
    checks=(Check("cast from the graveyard for [cost] rather than its mana cost", check),),
))
