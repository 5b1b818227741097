"""Tiered (702.183 since 2025): choose one mode; as an additional cost, pay the cost
associated with that mode."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._cov_modal import ModalModel, check_modes
from kb.rules.registry import Check, Keyword, register

MODEL = ModalModel("tiered", 1, 1)


def check(claims: Claims, era: str) -> list[str] | None:
    """Each choice of modes of a tiered spell."""
    return check_modes(claims, era, MODEL)


register(Keyword(
    name="tiered",
    kind=("static",),
    zones=("stack",),
    checks=(Check("one mode, its cost added", check),),
))
