"""Incubate N (701.51 in 2023, 701.53 in 2026), a keyword action: create an Incubator token
that enters the battlefield with N +1/+1 counters on it."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._counters import enters_with
from kb.rules.keywords._cov_combat import count_word
from kb.rules.registry import Check, Keyword, register


def incubate(game: Game, player: Player, n: int) -> GameObject:
    """`player` incubates `n`: an Incubator artifact token with `n` +1/+1 counters."""
    token = game.create("Incubator", controller=player, types={"artifact"}, token=True)
    token.counters["+1/+1"] += n
    game.emit("enters", token)
    game.resolve_stack()
    return token


def _scenario(era: str) -> list[tuple[str, str, dict[str, int]]]:
    """Incubate 3: every token on the battlefield (name, types, counters)."""
    game = Game(era=era)
    incubate(game, game.active, 3)
    return [(o.name, " ".join(sorted(o.types)), dict(+o.counters))
            for o in game.battlefield if o.token]


def check(claims: Claims, era: str) -> list[str] | None:
    """Incubate 3: the token the text describes, against the model's."""
    text = claims.says(r"\bto incubate\b")
    found = enters_with(claims)
    if text is None or not found:
        return None
    match = re.search(r"\bcreate (an?|\w+) (\w+) tokens?", text, re.I)
    kinds = claims.says(r"\bits front face is\b")
    front = re.search(r"front face is an? (?:colorless )?(\w+) (artifact|creature|enchantment)",
                      kinds or "", re.I)
    if match is None or (kinds and front is None):
        return [f'the text describes the token in a way the model does not read ("{text}")']
    said = found[0]
    count = count_word(match.group(1)) or 0
    types = front.group(2).lower() if front else "artifact"
    expected = [(match.group(2), types, {said.kind: said.times(3)})] * count
    return differ(f"create {match.group(1)} {match.group(2)} token with {said.count} "
                  f"{said.kind} counters", text, "incubate 3: tokens (name, types, counters)",
                  expected, _scenario(era))


register(Keyword(
    name="incubate",
    kind=("keyword action",),
    parameter=("n",),
    zones=("battlefield",),
    checks=(Check("an Incubator token with N +1/+1 counters", check),),
))
