"""Level up (702.85 in 2012, 702.87 in 2026): "Level up [cost]" means "[Cost]: Put a level
counter on this permanent. Activate this ability only any time you could cast a sorcery."
(2026: "Activate only as a sorcery.")"""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, StackItem
from kb.rules.keywords._counters import add_counters, puts
from kb.rules.registry import Check, Keyword, register

COST = "{2}"
SORCERY = re.compile(r"\bactivate (?:this ability )?only (?:any time you could cast a sorcery|"
                     r"as a sorcery)", re.I)


def level_up(game: Game, obj: GameObject) -> StackItem:
    """Activate the object's level up ability: pay its cost, at sorcery timing; resolving, it
    puts a level counter on the object."""
    ability = obj.instances("level up")[0]

    def resolve(game: Game, item: StackItem) -> None:
        if obj.zone == "battlefield":
            add_counters(obj, "level", 1)
    return game.activate(obj, "level up", cost=str(ability.param), sorcery=True,
                         resolve=resolve)


def _attempt(game: Game, leveler: GameObject) -> bool:
    try:
        level_up(game, leveler)
    except IllegalAction:
        return False
    game.resolve_stack()
    return True


def check(claims: Claims, era: str) -> list[str] | None:
    """Level up {2}, four mana each time: twice in your main step; with a spell on the stack;
    in your upkeep; in an opponent's turn. Counters put, mana spent, attempts allowed."""
    said = next((s for s in puts(claims) if "permanent" in s.quote.lower()), None)
    quote = claims.says(r"\bput (?:a|an|one|two|\d+) \S+ counters? on this permanent")
    if said is None or quote is None:
        return None
    sorcery = claims.says(SORCERY.pattern) is not None
    paid = Cost.parse(COST).mana_value if re.search(r"\[cost\]:", quote, re.I) else 0
    problems = []
    for when, tries in (("in your main step, twice", 2), ("with a spell on the stack", 1),
                        ("in your upkeep", 1), ("in an opponent's turn", 1)):
        game = Game(era=era)
        me = game.active
        leveler = creature(game, "Leveler", me, abilities=(Ability("level up", COST),))
        game.add_mana(me, "{4}")
        if when.startswith("with a spell"):
            game.stack.append(StackItem("spell", game.create("Spell", zone="stack",
                                                             types={"instant"}), me))
        elif when == "in your upkeep":
            game.step = "upkeep"
        elif when == "in an opponent's turn":
            game.active = game.opponent(me)
        allowed = [_attempt(game, leveler) for _ in range(tries)]
        allowed_now = not sorcery or when.startswith("in your main")
        expected = ({said.kind: said.times(1) * tries} if allowed_now else {},
                    paid * tries if allowed_now else 0, [allowed_now] * tries)
        actual = ({k: v for k, v in leveler.counters.items() if v}, 4 - sum(me.pool.values()),
                  allowed)
        problems += differ(f"[cost]: put {said.count} {said.kind} counter on it"
                           + (", only as a sorcery" if sorcery else ""), quote,
                           f"level up {COST} {when}: (counters, mana spent, allowed)",
                           expected, actual)
    return problems


register(Keyword(
    name="level up",
    kind=("activated",),
    parameter=("[cost]",),
    checks=(Check("a level counter per activation, at sorcery timing", check),),
))
