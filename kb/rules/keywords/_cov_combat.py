"""Shared scenario pieces of the newer combat keywords (menace, skulk, decayed, ...): whether
the model accepts a declaration of blockers, and readers of a comparison or a count word in
a restriction sentence, so that a check reads the variable part of its sentence."""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import creature
from kb.rules.claims import quantity
from kb.rules.game import Ability, Game, IllegalAction

# comparison words of "creatures with greater power" and the like: (pattern, test(a, b))
COMPARISONS: tuple[tuple[str, Callable[[int, int], bool]], ...] = (
    (r"greater|higher|more", lambda mine, theirs: mine > theirs),
    (r"less|lesser|lower|smaller", lambda mine, theirs: mine < theirs),
    (r"equal|the same", lambda mine, theirs: mine == theirs),
)


def comparison(word: str) -> Callable[[int, int], bool] | None:
    """`greater` -> (blocker's value, attacker's value) -> blocker's is greater."""
    return next((test for pattern, test in COMPARISONS
                 if re.fullmatch(pattern, word.strip().lower())), None)


def count_word(word: str) -> int | None:
    """`two` -> 2, `3` -> 3; None for a word that is no number."""
    value = quantity(word, -1)
    return None if value < 0 else value


def block_accepted(era: str, ability: Ability | None, attacker_power: int,
                   blocker_powers: list[int]) -> bool:
    """Whether the model accepts these blockers (their powers) all blocking one attacker
    (its power) that has `ability` (none: a plain attacker)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    attacker = creature(game, "Attacker", me, attacker_power, 4,
                        abilities=(ability,) if ability else ())
    blockers = [creature(game, f"Blocker {i}", them, power, 4)
                for i, power in enumerate(blocker_powers)]
    game.declare_attackers([attacker])
    try:
        game.declare_blockers({blocker: attacker for blocker in blockers})
    except IllegalAction:
        return False
    return True


def negated(verb: str) -> bool:
    """`can't` / `cannot` / `can not` -> True, `can` -> False."""
    return bool(re.search(r"n't|not", verb, re.I))
