"""Echo (702.28 in 2012, 502.19 in 2008): "Echo [cost]" means "At the beginning of your
upkeep, if this permanent came under your control since the beginning of your last upkeep,
sacrifice it unless you pay [cost]." """

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Event, Game, GameObject
from kb.rules.keywords._counters import pay_times, upkeep, upkeep_owner, upkeeps, your_upkeep
from kb.rules.registry import Check, Keyword, register

COST = "{2}{G}"
TURNS = 3
UNLESS = re.compile(r"\b(sacrifice|exile|destroy) it unless you pay (\[cost\]|its mana cost)",
                    re.I)
SINCE = re.compile(r"\bif this permanent came under your control since the beginning of your "
                   r"(last|next) upkeep\b", re.I)


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    obj.notes["controlled_since"] = len(game.log)


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    """Your upkeep, and none of your upkeeps began since it came under your control."""
    if not your_upkeep(game, source, ability, event):
        return False
    since = source.notes.get("controlled_since", 0)
    return not any(e.name == "upkeep" and e.player is source.controller and e is not event
                   for e in game.log[since:])


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if source.zone != "battlefield":
        return
    player = source.controller or source.owner
    if not (game.choose(f"pay:{source.ident}", True)
            and pay_times(game, player, str(ability.param or source.mana_cost), 1)):
        game.sacrifice(source)


def check(claims: Claims, era: str) -> list[str] | None:
    """Echo {2}{G}, enough mana at each of your upkeeps, then none: what is paid, and when it
    is sacrificed."""
    quote = claims.says(UNLESS.pattern)
    if quote is None:
        return None
    unless = UNLESS.search(quote)
    if unless is None:
        return None
    since = SINCE.search(quote)
    whose = upkeep_owner(claims)
    problems = []
    for mana in (5, 0):
        game = Game(era=era)
        me = game.active
        printed = unless.group(2).lower() == "[cost]"  # Echo [cost]; before: its mana cost
        card = game.create("Echoer", zone="hand", power=3, toughness=3, mana_cost=COST,
                           abilities=(Ability("echo", COST if printed else None),))
        game.move(card, "battlefield")
        expected, actual, here = [], [], True
        for turn, player in enumerate(upkeeps(game, TURNS)):
            me.pool.clear()
            game.add_mana(me, "{G}" * mana)
            upkeep(game, player)
            asked = here and whose is not None and (player is me or whose == "each") and (
                since is None or (since.group(1) == "last" and turn == 0))
            due = Cost.parse(COST).mana_value if asked else 0
            paid = due if due <= mana else 0
            if asked and not paid and unless:
                here = False
            expected.append((paid, "battlefield" if here else
                             "graveyard" if unless.group(1) != "exile" else "exile"))
            actual.append((mana - sum(me.pool.values()), card.zone))
        when = "in the first upkeep after it came under your control" if since else \
            "each upkeep"
        problems += differ(f"it asks for [cost] {when}, and to {unless.group(1)} it unless "
                           "paid", quote,
                           f"echo {COST} enters; {mana} mana at each upkeep, {TURNS} turns of "
                           "each player: (mana paid, its zone) per upkeep", expected, actual)
    return problems


register(Keyword(
    name="echo",
    kind=("triggered",),
    parameter=("[cost]",),
    trigger=("upkeep",),
    zones=("battlefield",),
    hooks={"as_enters": _as_enters},
    history=(("written 'Echo [cost]'", {"parameter": ("",)}),),
    effect=_effect,
    condition=_condition,
    checks=(Check("the echo cost once, the sacrifice when unpaid", check),),
))
