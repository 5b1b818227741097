"""Skulk (702.117 in 2016, 702.118 in 2026): an evasion ability; a creature with skulk can't
be blocked by creatures with greater power."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._cov_combat import block_accepted, comparison, negated
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"\bcreatures? with skulk (can't|cannot|can not|can) be blocked by creatures "
            r"with (\w+) power")


def _can_be_blocked_by(game: Game, attacker: GameObject, ability: Ability,
                       blocker: GameObject) -> bool:
    return blocker.current_power <= attacker.current_power


def check(claims: Claims, era: str) -> list[str] | None:
    """An attacker of power 3 with skulk (and one without), each blocked by a creature of
    power 2, 3 or 4: which blocks the text allows, against the model."""
    sentence = claims.says(r"\bwith skulk\b.*\bblocked\b")
    if sentence is None:
        return None
    match = re.search(SENTENCE, sentence, re.I)
    test = comparison(match.group(2)) if match else None
    if match is None or test is None:
        return [f'the text restricts blocks in a way the model does not read ("{sentence}")']
    problems = []
    for skulk in (True, False):
        for power in (2, 3, 4):
            forbidden = skulk and negated(match.group(1)) and test(power, 3)
            actual = block_accepted(era, Ability("skulk") if skulk else None, 3, [power])
            problems += differ(f"creatures with {match.group(2)} power can't block it",
                               sentence, f"a creature of power {power} blocks an attacker of "
                               f"power 3 {'with' if skulk else 'without'} skulk",
                               "illegal" if forbidden else "legal",
                               "legal" if actual else "illegal")
    return problems


register(Keyword(
    name="skulk",
    kind=("evasion",),
    parameter=(),
    instances="redundant",
    hooks={"can_be_blocked_by": _can_be_blocked_by},
    checks=(Check("blocks by creatures of lower, equal and greater power", check),),
))
