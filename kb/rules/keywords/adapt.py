"""Adapt N (701.42 in 2019, 701.46 in 2026), a keyword action: if this permanent has no
+1/+1 counters on it, put N +1/+1 counters on it."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._cov_actions import check_conditional_counters
from kb.rules.registry import Check, Keyword, register


def adapt(game: Game, permanent: GameObject, n: int) -> None:
    """`permanent` adapts `n`."""
    if permanent.counters["+1/+1"] == 0:
        permanent.counters["+1/+1"] += n
    game.emit("adapt", permanent)


def check(claims: Claims, era: str) -> list[str] | None:
    """Adapt 3 twice, and on a permanent that already has a counter."""
    return check_conditional_counters(claims, era, "adapt", adapt)


register(Keyword(
    name="adapt",
    kind=("keyword action",),
    parameter=("n",),
    checks=(Check("N counters unless it has +1/+1 counters", check),),
))
