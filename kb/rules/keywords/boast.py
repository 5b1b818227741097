"""Boast (702.141 in 2021, 702.142 in 2026): "Boast — [Cost]: [Effect]" means "[Cost]:
[Effect]. Activate only if this creature attacked this turn and only once each turn."."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords._cov_limits import Limit, check_limit
from kb.rules.registry import Check, Keyword, register

MODEL = Limit(attacked=True, each_turn=True)


def check(claims: Claims, era: str) -> list[str] | None:
    """Activations across attacks and turns."""
    return check_limit(claims, era, "boast", MODEL)


register(Keyword(
    name="boast",
    kind=("activated",),
    parameter=("-- [cost]: [effect]",),
    durations=("this turn",),
    checks=(Check("only if it attacked this turn, once each turn", check),),
))
