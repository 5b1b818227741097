"""Web-slinging [cost] (702.188 since 2025): cast this spell by paying [cost] and returning a
tapped creature you control to its owner's hand rather than paying its mana cost."""

from __future__ import annotations

from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("web-slinging", extra="return a tapped creature")

register(Keyword(
    name="web-slinging",
    aliases=("web slinging",),
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack", "hand"),
    functions_in=("stack",),
    checks=(Check("cast for [cost], returning a tapped creature",
                  permit_check(MODEL, r"web-slinging \[cost\]")),),
))
