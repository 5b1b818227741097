"""Reach (702.16 in 2012): a static ability; a creature with flying can't be blocked except
by creatures with flying and/or reach. The model of it is in flying's blocking rule."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._evasion import check_blocks
from kb.rules.registry import Check, Keyword, register


def check(claims: Claims, era: str) -> list[str] | None:
    """Which creatures (one with reach among them) may block a creature with flying."""
    return check_blocks(claims, era, "flying")


register(Keyword(
    name="reach",
    kind=("static",),
    parameter=(),
    instances="redundant",
    checks=(Check("legal blocks of a flier by a creature with reach", check),),
))
