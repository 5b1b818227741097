"""Menace (702.110 in 2015, 702.111 in 2026): an evasion ability; a creature with menace
can't be blocked except by two or more creatures."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._cov_combat import block_accepted, count_word, negated
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"\bcreatures? with menace (can't|cannot|can not|can) be blocked except by "
            r"(\w+) or more creatures")


def _blocked_by_group(game: Game, attacker: GameObject, ability: Ability,
                      blockers: Sequence[GameObject]) -> bool:
    return not blockers or len(blockers) >= 2


def check(claims: Claims, era: str) -> list[str] | None:
    """A creature with menace (and one without) blocked by one, two and three creatures:
    which blocks the text allows, against the model."""
    sentence = claims.says(r"\bwith menace\b.*\bblocked\b")
    if sentence is None:
        return None
    match = re.search(SENTENCE, sentence, re.I)
    least = count_word(match.group(2)) if match else None
    if match is None or least is None:
        return [f'the text restricts blocks in a way the model does not read ("{sentence}")']
    problems = []
    for menace in (True, False):
        for count in (1, 2, 3):
            allowed = count >= least if menace and negated(match.group(1)) else True
            actual = block_accepted(era, Ability("menace") if menace else None, 2,
                                    [2] * count)
            problems += differ(f"a creature with menace needs {match.group(2)} or more "
                               "blockers", sentence, f"{count} creature(s) block an attacker "
                               f"{'with' if menace else 'without'} menace",
                               "legal" if allowed else "illegal",
                               "legal" if actual else "illegal")
    return problems


register(Keyword(
    name="menace",
    kind=("evasion",),
    parameter=(),
    instances="redundant",
    hooks={"blocked_by_group": _blocked_by_group},
    checks=(Check("blocks by one, two and three creatures", check),),
))
