"""Squad [cost] (702.157 since 2022): "As an additional cost to cast this spell, you may pay
[cost] any number of times" and "When this creature enters, if its squad cost was paid,
create a token that's a copy of it for each time its squad cost was paid."."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Event, Game, GameObject
from kb.rules.keywords._casting import classify_cost, fill_pool, meaning_of, pool_size
from kb.rules.registry import Check, Keyword, register

COPIES = (r"when this creature enters(?: the battlefield)?, if its squad cost was paid, create "
          r"(a|two) tokens? that's a copy of it (for each time its squad cost was paid|once)")


def _times(obj: GameObject) -> int:
    item = obj.notes.get("cast_item")
    return int(item.paid.get("squad", 0)) if item is not None else 0


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is source and _times(source) > 0


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    for _ in range(_times(source)):
        game.create(source.name, controller=source.controller, types=set(source.types),
                    power=source.power, toughness=source.toughness, token=True)


def _scenario(era: str, times: int) -> tuple[int, int]:
    """My {1}{W} 2/2 with squad {2}, cast paying the squad cost `times` times: (mana taken,
    token copies)."""
    game = Game(era=era)
    me = game.active
    card = game.create("Trooper", controller=me, zone="hand", mana_cost="{1}{W}", power=2,
                       toughness=2, abilities=(Ability("squad", "{2}"),))
    before = fill_pool(me)
    extra = [Cost.parse("{2}") for _ in range(times)]
    game.cast(me, card, additional=extra, paid={"squad": times})
    taken = before - pool_size(me)
    game.resolve_stack()
    return taken, sum(1 for o in game.battlefield if o.token and o.name == "Trooper")


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast paying the squad cost zero, one and three times."""
    found = meaning_of(claims, r"squad \[cost\]")
    if found is None:
        return None
    meaning, quote = found
    rule = classify_cost(meaning, quote)
    copies = re.search(COPIES, " ".join(claims.sentences), re.I)
    if copies is None or rule.kind != "additional":
        return [f'the text says what squad does in a way the model does not read ("{quote}")']
    each = 1 if copies.group(1).lower() == "a" else 2
    problems = []
    second = claims.says(r"\bthe second is a triggered ability that functions when\b")
    when = re.search(r"functions when the creature with squad (enters(?: the battlefield)?|"
                     r"[a-z ]+)", second or "", re.I)
    if second and when and not when.group(1).lower().startswith("enters"):
        problems.append(f'the text says the triggered part works when the creature '
                        f'"{when.group(1)}" ("{second}"); the model\'s triggers as it enters')
    for times in (0, 1, 3):
        paid = times if rule.times else min(times, 1)
        count = (each * paid if copies.group(2).lower().startswith("for each") else each) \
            if paid and "enters" in claims.triggers else 0
        expected = (2 + 2 * times, count)
        problems += differ(f"squad {{2}} any number of times; {copies.group(0)[27:]}", quote,
                           f"a {{1}}{{W}} 2/2 with squad {{2}}, squad paid {times} time(s): "
                           "(mana taken, token copies)", expected, _scenario(era, times))
    return problems


register(Keyword(
    name="squad",
    kind=("static", "triggered"),
    parameter=("[cost]",),
    trigger=("enters",),
    zones=("stack", "battlefield"),
    functions_in=("stack", "battlefield"),
    instances="separate",
    effect=_effect,
    condition=_condition,
    checks=(Check("a token copy for each time [cost] was paid", check),),
))
