"""Surge [cost] (702.116 in 2016, 702.117 in 2026): you may pay [cost] rather than pay this
spell's mana cost as you cast this spell if you or one of your teammates has cast another
spell this turn."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._cov_altcost import AltCost, cast_another, check_alt_cast
from kb.rules.registry import Check, Keyword, register

MODEL = AltCost("surge", condition=cast_another("you"))


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast for its surge cost with and without another spell cast this turn."""
    return check_alt_cast(claims, era, MODEL)


register(Keyword(
    name="surge",
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack",),
    functions_in=("stack",),
    durations=("this turn",),
    checks=(Check("[cost] rather than its mana cost after another spell", check),),
))
