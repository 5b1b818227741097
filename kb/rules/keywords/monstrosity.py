"""Monstrosity N (701.28 in 2013, 701.37 in 2026), a keyword action: if this permanent isn't
monstrous, put N +1/+1 counters on it and it becomes monstrous."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._cov_actions import check_conditional_counters, designation
from kb.rules.registry import Check, Keyword, register


def monstrosity(game: Game, permanent: GameObject, n: int) -> None:
    """`permanent` does monstrosity `n`."""
    if not designation(permanent, "monstrous"):
        permanent.counters["+1/+1"] += n
        permanent.notes["monstrous"] = True
    game.emit("monstrosity", permanent)


def check(claims: Claims, era: str) -> list[str] | None:
    """Monstrosity 3 twice, and on a permanent that already has a counter."""
    return check_conditional_counters(claims, era, "monstrosity", monstrosity)


register(Keyword(
    name="monstrosity",
    kind=("keyword action",),
    parameter=("n",),
    zones=("battlefield",),
    checks=(Check("N counters once, and it becomes monstrous", check),),
))
