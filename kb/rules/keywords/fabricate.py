"""Fabricate N (702.123 since 2016): when this permanent enters, you may put N +1/+1 counters
on it; if you don't, create N 1/1 colorless Servo artifact creature tokens."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._counters import enter, puts
from kb.rules.keywords._cov_tokens import Token, make_tokens, read_tokens, tokens_of
from kb.rules.keywords._cov_triggered import meaning
from kb.rules.registry import Check, Keyword, register

SERVO = Token(1, 1, (), ("Servo",), ("artifact", "creature"))


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    n = int(ability.param)
    if game.choices.get("fabricate:counters", True) and source.zone == "battlefield":
        source.counters["+1/+1"] += n
    else:
        make_tokens(game, source.controller or source.owner, n, SERVO)


def _enters(era: str, counters: bool) -> tuple[int, list[Token]]:
    """My 2/2 with fabricate 3 enters, choosing counters (or not): (its counters, tokens)."""
    game = Game(era=era)
    game.choices["fabricate:counters"] = counters
    maker = enter(game, "Maker", game.active, power=2, toughness=2,
                  abilities=[Ability("fabricate", 3)])
    return maker.counters["+1/+1"], tokens_of(game, game.active)


def check(claims: Claims, era: str) -> list[str] | None:
    """Fabricate 3 entering, choosing the counters and choosing the tokens."""
    text = meaning(claims)
    said = next(iter(puts(claims)), None)
    if text is None or said is None:
        return None
    found = read_tokens(text)
    choice = re.search(r"\byou (may put|put)\b", text, re.I)
    otherwise = re.search(r"\bif you don't, create\b", text, re.I)
    if found is None or choice is None or otherwise is None:
        return [f'the text says what fabricate does in a way the model does not read '
                f'("{text}")']
    count, token, phrase = found
    fires = "enters" in claims.triggers
    problems = []
    for counters in (True, False):
        took = counters or choice.group(1).lower() == "put"
        expected = (said.times(3) if fires and took and said.kind == "+1/+1" else 0,
                    [token] * count if fires and not took else [])
        problems += differ(f"{said.count} {said.kind} counters, or else {phrase}", text,
                           "a 2/2 with fabricate 3 enters, choosing "
                           f"{'the counters' if counters else 'the tokens'}: (its +1/+1 "
                           "counters, tokens)", expected, _enters(era, counters))
    return problems


register(Keyword(
    name="fabricate",
    kind=("triggered",),
    parameter=("n",),
    trigger=("enters",),
    zones=("battlefield",),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("N +1/+1 counters or N Servo tokens when it enters", check),),
))
