"""Shared mana helpers for the cost keywords of this group (offering, morph, unearth, equip,
fortify): a full pool, the mana an action took, whether the model allowed it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.rules.game import Cost, IllegalAction, Player

PLENTY = "{9}{9}{W}{W}{W}{U}{U}{U}{B}{B}{B}{R}{R}{R}{G}{G}{G}"


def paid_for(player: Player, action: Callable[..., Any], *args: Any,
             **kwargs: Any) -> int | None:
    """Run `action` with plenty of mana in `player`'s pool: the mana it took, or None when
    the model refused it (IllegalAction)."""
    cost = Cost.parse(PLENTY)
    player.pool.clear()
    player.pool.update(cost.colored)
    player.pool["C"] += cost.generic
    before = sum(player.pool.values())
    try:
        action(*args, **kwargs)
    except IllegalAction:
        return None
    return before - sum(player.pool.values())


def reduced(cost: Cost, by: Cost) -> Cost:
    """`cost` reduced by the mana cost `by` (601.2f, 702.46c): its generic mana reduces
    generic, its colored mana the same color, and colored mana with no match reduces
    generic mana."""
    colored = cost.colored.copy()
    excess = 0
    for color, count in by.colored.items():
        taken = min(count, colored[color])
        colored[color] -= taken
        excess += count - taken
    return Cost(max(cost.generic - by.generic - excess, 0), +colored, list(cost.other))
