"""Aftermath (702.127 since 2017): this half of a split card may be cast from your graveyard
and from no other zone; cast from a graveyard, it is exiled when it leaves the stack."""

from __future__ import annotations

from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("aftermath", zones=("graveyard",), kind="mana cost", leaves="exile",
                    anywhere=False)

register(Keyword(
    name="aftermath",
    kind=("static",),
    zones=("graveyard", "stack", "exile", "any zone"),
    hooks={"replace_zone_change": MODEL.replace},
    checks=(Check("cast from the graveyard only, exiled after",
                  permit_check(MODEL, r"aftermath", anchor=r"\bfrom\b")),),
))
