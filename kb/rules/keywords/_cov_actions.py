"""Shared pieces of the newer keyword actions that put counters (adapt, monstrosity, bolster,
support, blight, incubate, ...): the condition a "If this permanent ..., put N ... counters
on it" sentence states, read and evaluated on a model object, and the check of such a
conditional action done twice."""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._counters import Said, puts

Action = Callable[[Game, GameObject, int], None]
CONDITION = (r"\bif this permanent (has no ([+-]1/[+-]1|[a-z]+) counters on it|(?:isn't|is not) "
             r"(monstrous|renowned|harnessed))\s*,")


def designation(obj: GameObject, name: str) -> bool:
    """Whether a permanent has a designation (monstrous, renowned, ...)."""
    return bool(obj.notes.get(name))


def condition_of(sentence: str) -> Callable[[GameObject], bool] | None:
    """The condition "If this permanent has no +1/+1 counters on it" / "isn't monstrous" as a
    test of an object; None when the sentence states no condition."""
    match = re.search(CONDITION, sentence, re.I)
    if match is None:
        return None
    if match.group(2):
        kind = match.group(2)
        return lambda obj: obj.counters[kind] == 0
    word = match.group(3).lower()
    return lambda obj: not designation(obj, word)


def becomes(sentence: str) -> str | None:
    """The designation "... and it becomes monstrous" gives, if any."""
    match = re.search(r"\bit becomes (monstrous|renowned|harnessed)\b", sentence, re.I)
    return match.group(1).lower() if match else None


def _expected_counters(said: Said, sentence: str, start: int, times: int, n: int) -> int:
    """+1/+1 counters after doing the action `times` on a 2/2 that had `start`, by the text."""
    test = condition_of(sentence)
    marker = becomes(sentence)
    probe = Game().create("Probe", power=2, toughness=2)
    probe.counters["+1/+1"] = start
    for _ in range(times):
        if test is None or test(probe):
            if said.kind == "+1/+1":
                probe.counters["+1/+1"] += said.times(n)
            if marker:
                probe.notes[marker] = True
    return probe.counters["+1/+1"]


def check_conditional_counters(claims: Claims, era: str, name: str,
                               action: Action) -> list[str] | None:
    """`<name> 3` twice on a fresh 2/2 and once on a 2/2 with a +1/+1 counter: the counters
    the text's condition and amount give, against the model."""
    found = [s for s in puts(claims) if re.search(r"\bput\b", s.quote, re.I)]
    if not found:
        return None
    said = found[0]
    problems = []
    for start, times in ((0, 1), (0, 2), (1, 1)):
        game = Game(era=era)
        target = creature(game, "Beast", power=2, toughness=2)
        target.counters["+1/+1"] = start
        for _ in range(times):
            action(game, target, 3)
        problems += differ(f"{said.count} {said.kind} counter(s), when {name} applies",
                           said.quote, f"{name} 3 done {times} time(s) on a 2/2 with {start} "
                           "+1/+1 counter(s): +1/+1 counters after",
                           _expected_counters(said, said.quote, start, times, 3),
                           target.counters["+1/+1"])
    return problems
