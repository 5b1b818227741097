"""Ward [cost] (702.21 since 2021): whenever this permanent becomes the target of a spell or
ability an opponent controls, counter that spell or ability unless that player pays [cost]."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Event, Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords._common import this_object
from kb.rules.keywords._spells import burn_spell, cast_paid
from kb.rules.keywords.counter import counter
from kb.rules.registry import Check, Keyword, register

CLAUSE = (r"whenever this permanent becomes the target of an? (spell or ability|spell|ability) "
          r"(an opponent controls|a player controls|you control)")
EFFECT = r"(counter|copy) that (spell or ability|spell|ability)( unless that player pays \[cost\])?"
# the trigger as the claims reader names it, and the engine's event
TRIGGERS = ("~ becomes the target of a spell or ability an opponent controls",
            "becomes the target")


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return this_object(game, source, ability, event) and event.player is not None and \
        event.player is not source.controller


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    item = event.data.get("item")
    if item is None or item not in game.stack:
        return
    if game.choices.get("ward:pay", True):
        try:
            game.pay(item.controller, Cost.parse(str(ability.param)))
            return
        except IllegalAction:
            pass
    counter(game, item)


def _ping(game: Game, item: StackItem) -> None:
    """An ability's effect: 1 damage to its target."""
    game.deal_damage(item.source, item.targets[0], 1)


# scenarios: (who targets: "opponent" / "controller", with a spell or an ability, can pay)
SCENARIOS = (("opponent", "spell", True), ("opponent", "spell", False),
             ("controller", "spell", False), ("opponent", "ability", False))


def _scenario(era: str, who: str, what: str, pays: bool) -> tuple[str, int]:
    """A 2/4 with ward {2}; a spell or an ability dealing 1 damage targets it; the targeting
    player has {2} more (or nothing more) floating: (what happened, mana they paid)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    guard = creature(game, "Guard", me, 2, 4, abilities=(Ability("ward", "{2}"),))
    actor = them if who == "opponent" else me
    if pays:
        game.add_mana(actor, "{2}")
    if what == "spell":
        cast_paid(game, actor, burn_spell(game, actor), targets=(guard,))
    else:
        pinger = creature(game, "Pinger", actor, 1, 1)
        game.activate(pinger, "ping", targets=(guard,), player=actor, resolve=_ping)
    before = sum(actor.pool.values())
    game.resolve_stack()
    done = "resolved" if guard.damage else "countered"
    return done, before - sum(actor.pool.values())


def check(claims: Claims, era: str) -> list[str] | None:
    """An opponent's spell (they pay, they can't), my own spell, an opponent's ability."""
    text = claims.says(r"\bbecomes the target\b")
    if text is None:
        return None
    clause, effect = re.search(CLAUSE, text, re.I), re.search(EFFECT, text, re.I)
    if clause is None or effect is None:
        return [f'the text says what ward does in a way the model does not read ("{text}")']
    kinds, whose = clause.group(1).lower(), clause.group(2).lower()
    problems = []
    for who, what, pays in SCENARIOS:
        fires = what in kinds and (whose == "a player controls"
                                   or (who == "opponent") == (whose == "an opponent controls"))
        fires = fires and bool(set(TRIGGERS) & set(claims.triggers))
        hit = fires and effect.group(1).lower() == "counter" and what in effect.group(2).lower()
        paid = hit and pays and effect.group(3) is not None
        expected = ("countered" if hit and not paid else "resolved", 2 if paid else 0)
        problems += differ(f"{clause.group(0)[9:]}: {effect.group(0)}", text,
                           f"the {who} targets a 2/4 with ward {{2}} with a(n) {what}, "
                           f"{'able' if pays else 'unable'} to pay {{2}}: (outcome, mana paid)",
                           expected, _scenario(era, who, what, pays))
    return problems


register(Keyword(
    name="ward",
    kind=("triggered",),
    parameter=("[cost]",),
    trigger=TRIGGERS,
    instances="separate",
    effect=_effect,
    condition=_condition,
    checks=(Check("counter an opponent's spell or ability unless they pay", check),),
))
