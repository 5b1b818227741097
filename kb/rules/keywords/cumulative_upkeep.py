"""Cumulative upkeep (702.22 in 2012, 502.13 in 2008): "Cumulative upkeep [cost]" means "At
the beginning of your upkeep, if this permanent is on the battlefield, put an age counter on
this permanent. Then you may pay [cost] for each age counter on it. If you don't, sacrifice
it." Partial payments aren't allowed; each instance triggers separately and counts all the
age counters as it resolves."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._counters import (
    add_counters,
    pay_times,
    puts,
    upkeep,
    upkeep_owner,
    upkeeps,
    your_upkeep,
)
from kb.rules.registry import Check, Keyword, register

COST = "{1}"
POOL = 3  # mana available at each of your upkeeps: pays 1, 2, 3, then not 4
TURNS = 5
FOR_EACH = re.compile(r"\bpay \[cost\](?: for each (\S+) counter on it)?", re.I)


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if source.zone != "battlefield":
        return
    add_counters(source, "age", 1)
    player = source.controller or source.owner
    wants = game.choose(f"pay:{source.ident}", True)
    if not (wants and pay_times(game, player, str(ability.param), source.counters["age"])):
        game.sacrifice(source)


def expected_run(claims: Claims) -> list[tuple[int | None, int, bool]] | None:
    """Per upkeep of yours: (age counters, mana paid, still on the battlefield), as the text
    says: its counter each upkeep its trigger names, the cost times the counters, the
    sacrifice when the whole can't be paid."""
    added = puts(claims)[:1]
    pay = FOR_EACH.search(claims.says(FOR_EACH.pattern) or "")
    if not added or pay is None:
        return None
    whose = upkeep_owner(claims)
    sacrifice = claims.says(r"\bif you don't, sacrifice it\b|\bsacrifice (?:it|this permanent) "
                             r"unless you pay\b") is not None
    counters: dict[str, int] = {}
    states, here = [], True
    for turn in range(2 * TURNS):
        mine = turn % 2 == 0
        paid = 0
        if here and whose and (mine or whose == "each"):
            kind = added[0].kind
            counters[kind] = counters.get(kind, 0) + added[0].times(1)
            due = counters.get(pay.group(1).lower(), 0) if pay.group(1) else 1
            if due <= POOL:
                paid = due
            elif sacrifice:
                here = False
        if mine:
            states.append((counters.get("age", 0) if here else None, paid, here))
    return states


def check_cost(claims: Claims, era: str) -> list[str] | None:
    """Cumulative upkeep {1}, three mana at each of your upkeeps: age counters, mana paid,
    and the sacrifice when the cost outgrows the mana."""
    expected = expected_run(claims)
    if expected is None:
        return None
    game = Game(era=era)
    me = game.active
    relic = game.create("Relic", types={"artifact"},
                        abilities=(Ability("cumulative upkeep", COST),))
    actual = []
    for player in upkeeps(game, TURNS):
        if player is me:
            me.pool.clear()
            game.add_mana(me, f"{{{POOL}}}")
        upkeep(game, player)
        if player is me:
            here = relic.zone == "battlefield"
            actual.append((relic.counters["age"] if here else None,
                           POOL - sum(me.pool.values()), here))
    return differ("an age counter each upkeep, then [cost] for each age counter or the "
                  "sacrifice", claims.says(FOR_EACH.pattern) or "", f"cumulative upkeep "
                  f"{COST}, {POOL} mana at each of your upkeeps: (age counters, mana paid, "
                  "still there) per upkeep", expected, actual)


def check_instances(claims: Claims, era: str) -> list[str] | None:
    """Two instances of "Cumulative upkeep -- Pay 1 life", no counters: the life paid at one
    upkeep (each instance counts all the age counters when it resolves)."""
    counting = claims.says(r"\beach cumulative upkeep ability will count the (?:total )?number "
                           r"of age counters")
    if claims.instances is None or counting is None:
        return None
    game = Game(era=era)
    me = game.active
    game.create("Relic", types={"artifact"},
                abilities=(Ability("cumulative upkeep", "Pay 1 life"),) * 2)
    upkeep(game, me)
    triggers = 2 if claims.instances == "separate" else 1
    expected = sum(range(1, triggers + 1))
    return differ(f"multiple instances are {claims.instances}, each counting all the age "
                  "counters", counting, "two instances of \"Cumulative upkeep -- Pay 1 "
                  "life\", no age counters, one upkeep: life paid", expected, 20 - me.life)


register(Keyword(
    name="cumulative upkeep",
    kind=("triggered",),
    parameter=("[cost]",),
    trigger=("upkeep",),
    zones=("battlefield",),
    instances="separate",
    effect=_effect,
    condition=your_upkeep,
    checks=(Check("age counters and the growing cost", check_cost),
            Check("instances each count all age counters", check_instances)),
))
