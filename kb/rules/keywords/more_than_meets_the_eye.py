"""More Than Meets the Eye [cost] (702.162 since 2022): you may cast this card converted by
paying [cost] rather than its mana cost."""

from __future__ import annotations

from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("more than meets the eye")

register(Keyword(
    name="more than meets the eye",
    kind=("static",),
    parameter=("[cost]",),
    zones=("any zone",),
    functions_in=("any zone",),
    checks=(Check("cast converted for [cost] rather than its mana cost",
                  permit_check(MODEL, r"more than meets the eye \[cost\]")),),
))
