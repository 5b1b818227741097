"""Fortify (702.65 in 2012, 502.65 in 2008): an activated ability; "Fortify [cost]"
means "[Cost]: Attach this Fortification to target land you control. Activate this ability only
any time you could cast a sorcery." If it has multiple instances, any of them may be
activated."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._attach import can_target, check_attach
from kb.rules.registry import Check, Keyword, register


def check(claims: Claims, era: str) -> list[str] | None:
    """Which targets, when and for how much, by the text and by the model."""
    return check_attach(claims, era, "fortify")


register(Keyword(
    name="fortify",
    kind=("activated",),
    parameter=("[cost]",),
    hooks={"can_target": can_target},
    checks=(Check("attach to target land you control at sorcery timing, any instance",
                  check),),
))
