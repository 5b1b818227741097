"""Devour (702.80 in 2012, 502.82 in 2008): "Devour N" means "As this object enters the
battlefield, you may sacrifice any number of creatures. This permanent enters the battlefield
with N +1/+1 counters on it for each creature sacrificed this way." "It devoured" means
"sacrificed as a result of its devour ability as it entered the battlefield." (2026 adds
"Devour [quality] N": any number of [quality] permanents.)"""

from __future__ import annotations

import re
from dataclasses import replace

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._counters import add_counters, enter, first_enters_with
from kb.rules.registry import Check, Keyword, register

N = 3
SACRIFICE = re.compile(r"\byou may sacrifice any number of (creatures|\[quality\] permanents|"
                       r"\w+ permanents|\w+s)\b", re.I)


def _quality(ability: Ability) -> tuple[str, int]:
    """(what it may sacrifice, N) from the parameter: `3` or `("artifact", 3)`."""
    if isinstance(ability.param, tuple):
        return str(ability.param[0]), int(ability.param[1])
    return "creature", int(ability.param or 0)


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    quality, n = _quality(ability)
    fodder = [p for p in game.permanents(obj.controller) if p is not obj and p.is_(quality)]
    chosen = game.choose(f"devour:{obj.ident}", fodder)
    for victim in chosen:
        game.sacrifice(victim)
    obj.notes["devoured"] = obj.notes.get("devoured", 0) + len(chosen)
    add_counters(obj, "+1/+1", n * len(chosen))


def _run(claims: Claims, era: str, quality: str | None) -> list[str] | None:
    """Devour 3 (or devour artifact 3) enters beside two creatures, three artifacts, a land
    of yours and an opponent's creature, sacrificing all it may: counters, what it devoured.
    """
    said = first_enters_with(claims)
    quote = claims.says(SACRIFICE.pattern)
    if said is None or quote is None:
        return None
    what = SACRIFICE.search(quote).group(1).lower()  # type: ignore[union-attr]
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    yours = {"creatures": [game.create(f"Goblin {i}", power=1, toughness=1) for i in range(2)],
             "artifact permanents": [game.create(f"Relic {i}", types={"artifact"})
                                     for i in range(3)],
             "lands": [game.create("Mountain", types={"land"})]}
    game.create("Their creature", controller=them, power=1, toughness=1)
    param = N if quality is None else (quality, N)
    dragon = enter(game, "Dragon", me, power=3, toughness=3,
                   abilities=(Ability("devour", param),))
    key = what.replace("[quality]", quality or "[quality]")
    fitting = [p for group in yours.values() for p in group] if key == "permanents" else \
        yours.get(key, [])
    noun = re.match(r"(creature|card|permanent|artifact|land)s? sacrificed", said.per)
    per = 1 if noun is None else sum(1 for p in fitting if noun.group(1) in ("card", "permanent")
                                     or p.is_(noun.group(1)))
    expected = (said.kind, said.times(N) * per, sorted(p.name for p in fitting))
    actual = ("+1/+1", dragon.counters["+1/+1"],
              sorted(c.name for group in yours.values() for c in group
                     if c.zone == "graveyard"))
    problems = differ(f"you may sacrifice any number of {what}; {said.count} {said.kind} "
                      f"counters for each {said.per or '(nothing)'}", said.quote,
                      f"devour {'' if quality is None else quality + ' '}{N} enters beside two "
                      "creatures, three artifacts and a land of yours, sacrificing all it may: "
                      "(counter kind, counters, what it sacrificed)", expected, actual)
    devoured = claims.says(r'"it devoured" means "sacrificed as a result of its devour')
    if devoured and quality is None:
        problems += differ('"it devoured" counts what its devour ability sacrificed', devoured,
                           "the same", len(fitting), dragon.notes.get("devoured"))
    return problems


def check(claims: Claims, era: str) -> list[str] | None:
    """Devour N: N +1/+1 counters for each creature sacrificed as it enters."""
    first = claims.says(r'"devour n" means')
    return _run(replace(claims, sentences=[s for s in claims.sentences
                                           if "[quality]" not in s]), era, None) \
        if first else None


def check_quality(claims: Claims, era: str) -> list[str] | None:
    """Devour [quality] N (2026): the same for each [quality] permanent sacrificed."""
    variant = claims.says(r'"devour \[quality\] n" means')
    return _run(replace(claims, sentences=[variant]), era, "artifact") if variant else None


register(Keyword(
    name="devour",
    kind=("static",),
    parameter=("n", "[quality] n"),
    zones=("battlefield",),
    hooks={"as_enters": _as_enters},
    checks=(Check("N +1/+1 counters per creature sacrificed as it enters", check),
            Check("devour [quality] N: per [quality] permanent sacrificed", check_quality)),
))
