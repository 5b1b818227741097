"""Persist (702.77 in 2012, 502.79 in 2008): "When this permanent is put into a graveyard from
the battlefield, if it had no -1/-1 counters on it, return it to the battlefield under its
owner's control with a -1/-1 counter on it." """

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.keywords import Check, Keyword, register
from kb.rules.keywords._dies_return import check_return, returner

_condition, _effect = returner("-1/-1")


def check(claims: Claims, era: str) -> list[str] | None:
    """Dies with no -1/-1 counters: returns with one; dies with one: stays."""
    return check_return(claims, era, "persist")


register(Keyword(
    name="persist",
    kind=("triggered",),
    parameter=("",),
    trigger=("dies",),
    zones=("battlefield", "graveyard"),
    effect=_effect,
    condition=_condition,
    checks=(Check("returns with a -1/-1 counter unless it had one", check),),
))
