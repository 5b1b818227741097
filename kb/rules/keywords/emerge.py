"""Emerge [cost] (702.118 in 2016, 702.119 in 2026): cast this spell by paying [cost] and
sacrificing a creature rather than paying its mana cost; its total cost is reduced by the
sacrificed creature's mana value."""

from __future__ import annotations

from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("emerge", extra="sacrifice a creature", reduce="mana value")

register(Keyword(
    name="emerge",
    kind=("static",),
    parameter=("[cost]", "from [quality] [cost]"),
    zones=("stack",),
    functions_in=("stack",),
    checks=(Check("cast for [cost] and a sacrificed creature, less its mana value",
                  permit_check(MODEL, r"emerge \[cost\]")),),
))
