"""Double strike (702.4 in 2012): a static ability; the creature deals combat damage in both
the first-strike and the regular combat damage step."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.keywords._combat import attack
from kb.rules.keywords.first_strike import FIRST_STEP_ONLY, always, kills_blocker_first
from kb.rules.registry import Check, Keyword, register

SECOND_STEP = (r"only creatures that assign combat damage in that step are the remaining"
               r"|(?:in|during) the second combat damage step")
SECOND_STEP_TOO = (r"currently have double strike|plus any creatures with double strike"
                   r"|creatures with double strike also assign")


def check(claims: Claims, era: str) -> list[str] | None:
    """An unblocked 3/3 double striker: its damage in each step the text gives it; blocked by
    a 2/2, it kills the blocker first."""
    twice = claims.says(SECOND_STEP)
    first = claims.says(FIRST_STEP_ONLY)
    if twice is None and first is None:
        return None
    problems = []
    if twice is not None:
        game, _, _ = attack(era, "Striker", 3, 3, ("double strike",))
        player = game.opponent(game.active)
        again = bool(re.search(SECOND_STEP_TOO, twice, re.I))
        problems += differ("double strikers deal damage in the second step too" if again else
                           "the second step is for other creatures", twice,
                           "unblocked 3/3 double striker: life lost", 6 if again else 3,
                           20 - player.life)
    if first is not None:
        problems += kills_blocker_first(era, "double strike",
                                        "double strikers deal damage in the first step", first)
    return problems


register(Keyword(
    name="double strike",
    kind=("static",),
    parameter=(),
    instances="redundant",
    hooks={"strikes_first": always, "strikes_twice": always},
    checks=(Check("damage in both combat damage steps", check),),
    history=(("combat damage no longer uses the stack", {"zones": ("stack",)}),),
))
