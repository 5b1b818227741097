"""Assist (702.131 in 2018, 702.132 in 2026): if a spell's total cost includes generic mana,
its caster may choose another player, who may pay any amount of that generic mana."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, IllegalAction
from kb.rules.keywords._casting import fill_pool, pool_size
from kb.rules.keywords._spells import burn_spell
from kb.rules.registry import Check, Keyword, register

COMPONENT = (r"\bif the total cost to cast a spell with assist includes an? (generic|colored) "
             r"mana component")
CHOOSE = r"\byou may choose (another player|an opponent|a teammate|a player)"
PAY = (r"\bthe player you chose may pay for (any amount|none|all|one) of the (generic |colored )?"
       r"mana in the spell's total cost")


def cast_assisted(game: Game, mana_cost: str, helped: int) -> tuple[int, int]:
    """Cast a spell with assist, the opponent paying `helped` of its generic mana: (mana I
    paid, mana they paid)."""
    me = game.active
    helper = game.opponent(me)
    card = burn_spell(game, me, "Joint Effort", mana_cost=mana_cost,
                      abilities=(Ability("assist"),))
    total = Cost.parse(mana_cost)
    if helped > total.generic:
        raise IllegalAction("the chosen player pays only generic mana of the total cost")
    share = Cost(helped)
    mine_before, theirs_before = fill_pool(me), fill_pool(helper)
    game.pay(helper, share)
    game.cast(me, card, alternative=Cost(total.generic - helped, total.colored))
    return mine_before - pool_size(me), theirs_before - pool_size(helper)


def check(claims: Claims, era: str) -> list[str] | None:
    """The opponent pays 0, 2, 3 or 4 of a {3}{R} spell and 1 of an {R}{R} spell."""
    sentence = claims.says(PAY)
    if sentence is None:
        return None
    pay = re.search(PAY, sentence, re.I)
    assert pay is not None
    component = re.search(COMPONENT, claims.says(COMPONENT) or "", re.I)
    chooser = re.search(CHOOSE, claims.says(CHOOSE) or "", re.I)
    may_help = chooser is not None and chooser.group(1).lower() in ("another player",
                                                                    "an opponent", "a player")
    generic_only = (pay.group(2) or "").strip().lower() == "generic"
    problems = []
    for mana_cost, helped in (("{3}{R}", 0), ("{3}{R}", 2), ("{3}{R}", 3), ("{3}{R}", 4),
                              ("{R}{R}", 1)):
        total = Cost.parse(mana_cost)
        needed = component is None or (total.generic > 0) == (
            component.group(1).lower() == "generic")
        limit = {"any amount": total.generic if generic_only else total.mana_value,
                 "all": total.generic, "none": 0, "one": 1}[pay.group(1).lower()]
        ok = helped == 0 or (may_help and needed and helped <= limit and (
            pay.group(1).lower() != "all" or helped == total.generic))
        expected = (total.mana_value - helped, helped) if ok else None
        game = Game(era=era)
        try:
            actual: tuple[int, int] | None = cast_assisted(game, mana_cost, helped)
        except IllegalAction:
            actual = None
        problems += differ(pay.group(0), sentence, f"a {mana_cost} spell with assist, the "
                           f"opponent paying {helped}: (mana I pay, mana they pay; None: not "
                           "allowed)", expected, actual)
    return problems


register(Keyword(
    name="assist",
    kind=("static",),
    checks=(Check("another player pays any amount of the generic mana", check),),
))
