"""Support N (701.32 in 2016, 701.41 in 2026), a keyword action: on a permanent, "Put a +1/+1
counter on each of up to N other target creatures"; on an instant or sorcery, "... on each of
up to N target creatures"."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._cov_combat import count_word
from kb.rules.registry import Check, Keyword, register

FORM = (r"\"support N\" on an? (permanent|instant or sorcery spell) means \"put (an?|\w+) "
        r"([+-]1/[+-]1) counters? on each of up to (N|\w+) (other )?target creatures")


def support(game: Game, source: GameObject, n: int) -> None:
    """`source` (a permanent, or an instant or sorcery) supports `n`: the first `n` creatures
    other than a permanent source each get a +1/+1 counter."""
    others = [c for c in game.creatures() if c is not source][:n]
    for target in others:
        target.counters["+1/+1"] += 1
    game.emit("support", source)


def _scenario(era: str, permanent: bool) -> list[int]:
    """Support 3 from a creature (or a sorcery) with five creatures on the battlefield, the
    source first: the +1/+1 counters on each."""
    game = Game(era=era)
    if permanent:
        source = creature(game, "Supporter", power=1, toughness=1)
    else:
        source = game.create("Rally", zone="stack", types={"sorcery"})
    made = [creature(game, f"Soldier {i}", power=1, toughness=1) for i in range(5)]
    support(game, source, 3)
    return [c.counters["+1/+1"] for c in ([source] if permanent else []) + made]


def check(claims: Claims, era: str) -> list[str] | None:
    """Support 3 from a permanent and from a sorcery: which creatures get how many counters."""
    problems = []
    for sentence in claims.sentences:
        for match in re.finditer(FORM, sentence, re.I):
            permanent = match.group(1).lower() == "permanent"
            each = count_word(match.group(2))
            limit = 3 if match.group(4) == "N" else count_word(match.group(4))
            if each is None or limit is None:
                return [f'the text counts in a way the model does not read ("{sentence}")']
            each = each if match.group(3) == "+1/+1" else 0
            creatures = 6 if permanent else 5
            expected = [0] * creatures
            first = 1 if permanent and match.group(5) else 0
            for index in range(first, min(first + limit, creatures)):
                expected[index] = each
            problems += differ(match.group(0), sentence, "support 3 from a "
                               f"{'creature' if permanent else 'sorcery'} with five other "
                               "creatures: counters on each (the source first)", expected,
                               _scenario(era, permanent))
    return problems if any(re.search(FORM, s, re.I) for s in claims.sentences) else None


register(Keyword(
    name="support",
    kind=("keyword action",),
    parameter=("n",),
    checks=(Check("a counter on each of up to N (other) target creatures", check),),
))
