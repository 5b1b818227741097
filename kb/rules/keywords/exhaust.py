"""Exhaust (702.177, new in 2025): "Exhaust — [Cost]: [Effect]" means "[Cost]: [Effect].
Activate only once."."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._cov_limits import Limit, check_limit
from kb.rules.registry import Check, Keyword, register

MODEL = Limit(once=True)


def check(claims: Claims, era: str) -> list[str] | None:
    """Activations across attacks and turns."""
    return check_limit(claims, era, "exhaust", MODEL)


register(Keyword(
    name="exhaust",
    kind=("activated",),
    parameter=("-- [cost]: [effect]",),
    durations=("this turn", "as long as"),
    checks=(Check("only once", check),),
))
