"""Harmonize [cost] (702.180 since 2025): cast this card from your graveyard by paying [cost]
and tapping up to one untapped creature you control rather than its mana cost, the total
cost reduced by the tapped creature's power; then exiled when it leaves the stack."""

from __future__ import annotations

from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("harmonize", zones=("graveyard",), extra="tap a creature", reduce="power",
                    leaves="exile", optional=True)

register(Keyword(
    name="harmonize",
    kind=("static",),
    parameter=("[cost]",),
    zones=("graveyard", "stack", "exile"),
    functions_in=("graveyard", "stack"),
    hooks={"replace_zone_change": MODEL.replace},
    checks=(Check("cast from the graveyard for [cost], tapping a creature, exiled after",
                  permit_check(MODEL, r"harmonize \[cost\]")),),
))
