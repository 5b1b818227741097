"""Training (702.149 in 2021): whenever this creature and at least one other creature with
power greater than this creature's power attack, put a +1/+1 counter on this creature."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._cov_combat import comparison, count_word
from kb.rules.keywords._cov_triggered import counter_said, counters, meaning, on_self
from kb.rules.registry import Check, Keyword, register

CLAUSE = (r"whenever this creature and at least (\w+) other creatures? with power (\w+) than "
          r"this creature's power attack")
# the clause as the claims reader names its trigger (and "attacks", should it fold plural
# verbs)
TRIGGER = "~ and at least one other creature with power greater than ~'s power attack"
# "When this creature trains" means "When a resolving training ability puts ... on this
# creature" (since 2022): the trigger names it is given (2022, then 2024 wording)
TRAINS = ("a resolving training ability puts a +1/+1 counter on ~",
          "a resolving training ability puts one or more +1/+1 counters on ~")


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    combat = game.combat
    if event.obj is not source or combat is None:
        return False
    return any(other.current_power > source.current_power
               for other in combat.attackers if other is not source)


def _train(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    if source.zone == "battlefield":
        source.counters["+1/+1"] += 1
        game.emit("trains", source)


def _attack(era: str, others: list[int]) -> tuple[int, int]:
    """A 2/2 with training attacks along with creatures of these powers: its counters, and
    how many times it trained."""
    game = Game(era=era)
    me = game.active
    trainee = creature(game, "Trainee", me, 2, 2, abilities=("training",))
    mates = [creature(game, f"Mate {i}", me, power, 4) for i, power in enumerate(others)]
    game.declare_attackers([trainee, *mates])
    return counters(trainee), sum(1 for e in game.log if e.name == "trains")


def check(claims: Claims, era: str) -> list[str] | None:
    """A 2/2 with training attacks alone, with a 1-power, a 2-power, a 3-power creature, and
    with two 3-power creatures."""
    said, text = counter_said(claims), meaning(claims)
    if said is None or text is None:
        return None
    match = re.search(CLAUSE, text, re.I)
    least = count_word(match.group(1)) if match else None
    test = comparison(match.group(2)) if match else None
    if match is None or least is None or test is None or not on_self(said):
        return [f'the text says when it trains in a way the model does not read ("{text}")']
    fires = bool({"attacks", TRIGGER} & set(claims.triggers))
    problems = []
    for others in ([], [1], [2], [3], [3, 3]):
        qualifying = sum(1 for power in others if test(power, 2))
        expected = said.times(3) if fires and qualifying >= least else 0
        problems += differ(f"{said.count} {said.kind} counter(s) when it attacks with at least "
                           f"{match.group(1)} other creature(s) with {match.group(2)} power",
                           text, f"a 2/2 with training attacks with creatures of power "
                           f"{others or 'none'}: +1/+1 counters on it",
                           expected if said.kind == "+1/+1" else 0, _attack(era, others)[0])
    return problems


def check_trains(claims: Claims, era: str) -> list[str] | None:
    """"When this creature trains": it trains when its training ability puts the counters
    the text says (a training ability puts one)."""
    text = claims.says(r"\bwhen this creature trains\b.*\bmeans\b")
    if text is None:
        return None
    match = re.search(r"when a resolving training ability puts (an?|one or more|\w+) "
                      r"\+1/\+1 counters? on this creature", text, re.I)
    least = count_word(match.group(1).split()[0]) if match else None
    if match is None or least is None:
        return [f'the text says when it trains in a way the model does not read ("{text}")']
    exact = "or more" not in match.group(1)
    trains = 1 if (least == 1 if exact else least <= 1) else 0
    return differ(f"it trains when training puts {match.group(1)} +1/+1 counter(s) on it",
                  text, "a 2/2 with training attacks with a 3-power creature (one counter): "
                  "times it trained", trains, _attack(era, [3])[1])


register(Keyword(
    name="training",
    kind=("triggered",),
    parameter=("",),
    trigger=("attacks", TRIGGER, *TRAINS),
    instances="separate",
    effect=_train,
    condition=_condition,
    checks=(Check("a counter when it attacks with a greater creature", check),
            Check("it trains when its training puts counters on it", check_trains)),
))

