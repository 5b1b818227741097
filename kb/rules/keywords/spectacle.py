"""Spectacle [cost] (702.137 since 2019): you may pay [cost] rather than pay this spell's mana
cost if an opponent lost life this turn."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._cov_altcost import AltCost, check_alt_cast, lost_life
from kb.rules.registry import Check, Keyword, register

MODEL = AltCost("spectacle", condition=lost_life("an opponent"))


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast for its spectacle cost with and without an opponent's life loss this turn."""
    return check_alt_cast(claims, era, MODEL)


register(Keyword(
    name="spectacle",
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack",),
    functions_in=("stack",),
    durations=("this turn",),
    checks=(Check("[cost] rather than its mana cost if an opponent lost life", check),),
))
