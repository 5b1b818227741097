"""First strike (702.7 in 2012, 502.2 in 2008): a static ability; creatures with it deal
combat damage in a first combat damage step, before creatures without it."""

from __future__ import annotations

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._combat import attack
from kb.rules.registry import Check, Keyword, register

FIRST_STEP_ONLY = (r"only creatures that assign combat damage in that step are those with "
                   r"first strike|creatures without first strike or double strike don't "
                   r"assign combat damage")
NOT_AGAIN = (r"that had neither first strike nor double strike as the first combat damage "
             r"step began|that didn't assign combat damage in the first step")


def always(game: Game, creature_: GameObject, ability: Ability) -> bool:
    """A combat hook that holds for every creature with the keyword."""
    return True


def duel(era: str, keyword: str, blocker_toughness: int) -> tuple[GameObject, GameObject, Game]:
    """A 2/2 attacker with `keyword` blocked by a 2/`blocker_toughness` creature."""
    game, striker, (blocker,) = attack(era, "Striker", 2, 2, (keyword,),
                                       [("Blocker", 2, blocker_toughness)])
    return striker, blocker, game


def kills_blocker_first(era: str, keyword: str, claim: str, quote: str) -> list[str]:
    """A 2/2 with `keyword` blocked by a 2/2 survives: it deals its damage in the first step."""
    striker, _, _ = duel(era, keyword, 2)
    return differ(claim, quote, f"2/2 {keyword.split()[0]} striker blocked by a 2/2",
                  "striker survives",
                  "striker survives" if striker.zone == "battlefield" else "striker dies")


def check(claims: Claims, era: str) -> list[str] | None:
    """A 2/2 first striker blocked by a 2/2 kills it first and takes no damage; blocked by a
    2/5 it deals its damage once (no second step for it)."""
    exclusive = claims.says(FIRST_STEP_ONLY)
    once = claims.says(NOT_AGAIN)
    if exclusive is None and once is None:
        return None
    problems = []
    if exclusive is not None:
        problems += kills_blocker_first(era, "first strike",
                                        "only first strikers deal damage in the first step",
                                        exclusive)
    if once is not None:
        _, blocker, _ = duel(era, "first strike", 5)
        problems += differ("the second step is for creatures that didn't strike first", once,
                           "2/2 first striker blocked by a 2/5: damage on the blocker", 2,
                           blocker.damage)
    return problems


register(Keyword(
    name="first strike",
    kind=("static",),
    parameter=(),
    instances="redundant",
    hooks={"strikes_first": always},
    checks=(Check("first-strike damage step", check),),
    history=(("combat damage no longer uses the stack", {"zones": ("stack",)}),),
    note="until M2010 combat damage used the stack; its rule says so",
))
