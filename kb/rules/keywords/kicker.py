"""Kicker [cost] (702.31 in 2012, 502.21 in 2008): a static ability of a spell on the stack,
"You may pay an additional [cost] as you cast this spell"; a spell whose kicker cost was paid
is kicked. Multikicker [cost] (702.31c since 2009): the additional cost may be paid any number
of times. (Sticker kicker, 2026: a kicker ability plus a sticker cost.)"""

from __future__ import annotations

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import (
    ability_of,
    check_cost_paid,
    cost_rule,
    legal,
    param_cost,
    price,
    spending,
)
from kb.rules.keywords._spells import burn_spell
from kb.rules.registry import Check, Keyword, register


def cast_kicked(game: Game, player: Player, card: GameObject, kicks: int = 1) -> StackItem:
    """Cast `card` paying its (first) kicker or multikicker cost `kicks` times: a kicker
    cost once at most, a multikicker cost any number of times."""
    ability = ability_of(card, "kicker", "multikicker", "sticker kicker")
    if kicks > 1 and ability.name != "multikicker":
        raise IllegalAction("a kicker cost is paid at most once")
    extra = [param_cost(ability) for _ in range(kicks)]
    item = game.cast(player, card, additional=extra, paid={"kicked": kicks})
    if ability.name == "sticker kicker" and kicks:
        player.counters["ticket"] += 1  # the sticker cost: you get a ticket counter
    return item


def _check_one(claims: Claims, era: str, name: str, kicks: int) -> list[str] | None:
    rule = cost_rule(claims, rf"{name} \[cost\]")
    if rule is None:
        return None
    problems = []
    game = Game(era=era)
    card = burn_spell(game, game.active, "Burst", mana_cost="{1}{R}",
                      abilities=(Ability(name, "{3}"),))
    _, mana = spending(game.active, cast_kicked, game, game.active, card)
    problems += check_cost_paid(name, rule, f"a {{1}}{{R}} instant with {name} {{3}}, kicked once",
                                2, 3, mana)
    game = Game(era=era)
    card = burn_spell(game, game.active, "Burst", mana_cost="{1}{R}",
                      abilities=(Ability(name, "{3}"),))
    done, mana = spending(game.active, legal, cast_kicked, game, game.active, card, kicks)
    expected = (True, price(rule, 2, 3, kicks)) if rule.times else (False, "0 mana")
    often = "any number of times" if rule.times else "once"
    problems += differ(f"the {name} cost may be paid {often}", rule.quote,
                       f"the same spell, its {name} cost paid {kicks} times", expected,
                       (done, f"{mana} mana"))
    return problems


def check_kicker(claims: Claims, era: str) -> list[str] | None:
    """Kicker {3} on a {1}{R} instant: the mana it takes kicked once; kicked twice."""
    return _check_one(claims, era, "kicker", 2)


def check_multikicker(claims: Claims, era: str) -> list[str] | None:
    """Multikicker {3} on a {1}{R} instant: kicked once, and three times."""
    return _check_one(claims, era, "multikicker", 3)


def check_sticker(claims: Claims, era: str) -> list[str] | None:
    """Sticker kicker {3}, kicked: the ticket counters its controller gets."""
    amount = claims.find("counter", "ticket")
    if amount is None:
        return None
    game = Game(era=era)
    card = burn_spell(game, game.active, "Burst", mana_cost="{1}{R}",
                      abilities=(Ability("sticker kicker", "{3}"),))
    spending(game.active, cast_kicked, game, game.active, card)
    return differ(f"you get {amount.count} ticket counter(s)", amount.quote,
                  "a spell with sticker kicker cast kicked", amount.times(),
                  game.active.counters["ticket"])


def kicked(item: StackItem) -> int:
    """How many times a spell was kicked (0: not kicked)."""
    return int(item.paid.get("kicked", 0))


register(Keyword(
    name="kicker",
    aliases=("multikicker", "sticker kicker"),
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack",),
    functions_in=("stack",),
    checks=(Check("kicker: an additional cost paid once", check_kicker),
            Check("multikicker: an additional cost paid any number of times",
                  check_multikicker),
            Check("sticker kicker: ticket counters when kicked", check_sticker)),
))
