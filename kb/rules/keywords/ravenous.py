"""Ravenous (702.156 since 2022): "This permanent enters with X +1/+1 counters on it" and "When
this permanent enters, if X is 5 or more, draw a card." (X: the value chosen for its {X} as it
was cast)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._cov_combat import count_word
from kb.rules.keywords._cov_library import stock
from kb.rules.registry import Check, Keyword, register

ENTERS = r"this permanent enters(?: the battlefield)? with (X|\w+) ([+-]1/[+-]1) counters on it"
DRAWS = (r"when this permanent enters(?: the battlefield)?, if X is (\d+) or (more|less), draw "
         r"(a|two) cards?")


def _x(obj: GameObject) -> int:
    return int(obj.notes.get("x", 0))


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    obj.counters["+1/+1"] += _x(obj)


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is source and _x(source) >= 5


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    game.draw(source.controller or source.owner)


def _scenario(era: str, x: int) -> tuple[int, int]:
    """My {X}{G} 0/0 with ravenous enters with X chosen as `x`: (its counters, cards drawn)."""
    game = Game(era=era)
    me = game.active
    stock(game, me, 4)
    card = game.create("Hydra", controller=me, zone="hand", mana_cost="{X}{G}",
                       abilities=("ravenous",))
    card.notes["x"] = x
    game.move(card, "battlefield")
    game.resolve_stack()
    return card.counters["+1/+1"], sum(1 for c in me.hand if c is not card)


def check(claims: Claims, era: str) -> list[str] | None:
    """X = 3, 5 and 7."""
    text = claims.says(r"\bravenous\W* means\b")
    if text is None:
        return None
    enters, draws = re.search(ENTERS, text, re.I), re.search(DRAWS, text, re.I)
    if enters is None or draws is None:
        return [f'the text says what ravenous does in a way the model does not read ("{text}")']
    threshold = int(draws.group(1))
    cards = count_word(draws.group(3)) or 0
    problems = []
    for x in (3, 5, 7):
        count = x if enters.group(1) == "X" else count_word(enters.group(1)) or 0
        counters = count if enters.group(2) == "+1/+1" else 0
        drawn = x >= threshold if draws.group(2).lower() == "more" else x <= threshold
        expected = (counters, cards if drawn and "enters" in claims.triggers else 0)
        problems += differ(f"{enters.group(0)}; {draws.group(0)}", text, f"a ravenous creature "
                           f"enters with X = {x}: (its +1/+1 counters, cards drawn)", expected,
                           _scenario(era, x))
    return problems


register(Keyword(
    name="ravenous",
    kind=("triggered",),
    parameter=("",),
    trigger=("enters",),
    zones=("battlefield",),
    hooks={"as_enters": _as_enters},
    effect=_effect,
    condition=_condition,
    checks=(Check("X +1/+1 counters; a card when X is 5 or more", check),),
))
