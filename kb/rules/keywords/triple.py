"""Triple (701.11 since 2024), a keyword action: tripling a creature's power gives it +X/+0
where X is twice its power."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._cov_multiply import check_multiply
from kb.rules.registry import Check, Keyword, register


def check(claims: Claims, era: str) -> list[str] | None:
    """Tripled power, toughness, both, of a 3/4 and of a -2/4 creature."""
    return check_multiply(claims, era, "triple")


register(Keyword(
    name="triple",
    kind=("keyword action",),
    parameter=(),
    checks=(Check("tripled power and toughness: +X/+Y, X twice the power", check),),
))
