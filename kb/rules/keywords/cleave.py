"""Cleave [cost] (702.148 since 2021): you may cast this spell by paying [cost] rather than its
mana cost; if you do, the text in square brackets is removed from its rules text."""

from __future__ import annotations

from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("cleave")

register(Keyword(
    name="cleave",
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack",),
    functions_in=("stack",),
    checks=(Check("cast for [cost] rather than its mana cost",
                  permit_check(MODEL, r"cleave \[cost\]")),),
))
