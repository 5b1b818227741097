"""Spree (702.172 since 2024): choose one or more modes; as an additional cost, pay the costs
associated with those modes."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._cov_modal import ModalModel, check_modes
from kb.rules.registry import Check, Keyword, register

MODEL = ModalModel("spree", 1, 3)


def check(claims: Claims, era: str) -> list[str] | None:
    """Each choice of modes of a spree spell."""
    return check_modes(claims, era, MODEL)


register(Keyword(
    name="spree",
    kind=("static",),
    zones=("stack",),
    checks=(Check("one or more modes, each mode's cost added", check),),
))
