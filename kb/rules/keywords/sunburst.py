"""Sunburst (702.42 in 2012, 502.37 in 2008): "If this object is entering the battlefield from
the stack as a creature, it enters the battlefield with a +1/+1 counter on it for each color
of mana spent to cast it. If this object is entering the battlefield from the stack and isn't
entering the battlefield as a creature, it enters the battlefield with a charge counter on it
for each color of mana spent to cast it." (2008: "used to pay its cost".)"""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import COLORS, Ability, Game, GameObject
from kb.rules.keywords._counters import add_counters, enters_with
from kb.rules.registry import Check, Keyword, register

PER_COLOR = re.compile(r"\bcolor of mana (?:spent to cast it|used to pay its cost)", re.I)
NONCREATURE = re.compile(r"(?:isn't|is not) entering(?: the battlefield)? as a creature|"
                         r"\bOtherwise\b", re.I)
# the spell's mana cost {4} paid with W, U, B and colorless mana: three colors
PAID = "{W}{U}{B}{C}"
COLORS_PAID = 3


def _colors_spent(obj: GameObject) -> int:
    item = obj.notes.get("cast_item")
    spent = item.paid.get("mana", {}) if item is not None and item.source is obj else {}
    return sum(1 for color in COLORS if spent.get(color))


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    if obj.notes.get("entered_from") != "stack":
        return
    add_counters(obj, "+1/+1" if obj.is_("creature") else "charge", _colors_spent(obj))


def _enter(era: str, types: set[str], cast: bool) -> GameObject:
    game = Game(era=era)
    me = game.active
    card = game.create("Sunburst card", zone="hand", types=types, mana_cost="{4}",
                       abilities=("sunburst",))
    if cast:
        game.add_mana(me, PAID)
        game.cast(me, card)
        game.resolve_stack()
    else:
        game.move(card, "battlefield")
    return card


def check(claims: Claims, era: str) -> list[str] | None:
    """A {4} artifact creature and a {4} artifact with sunburst, cast with white, blue, black
    and colorless mana, and the creature put onto the battlefield without being cast."""
    quote = claims.says(PER_COLOR.pattern)
    if quote is None:
        return None
    clauses = [s for s in enters_with(claims) if PER_COLOR.search(s.per)]
    if not clauses:
        return None
    creature_said = clauses[0]
    other_said = clauses[1] if len(clauses) > 1 else (
        None if NONCREATURE.search(quote) else creature_said)
    from_stack = claims.says(r"\bfrom the stack\b|\bonly as the spell is resolving\b") is not None
    problems = []
    for label, types, said, cast in (("an artifact creature, cast", {"artifact", "creature"},
                                      creature_said, True),
                                     ("an artifact, cast", {"artifact"}, other_said, True),
                                     ("an artifact creature put onto the battlefield from "
                                      "your hand", {"artifact", "creature"}, creature_said,
                                      False)):
        card = _enter(era, types, cast)
        counts = said is not None and (cast or not from_stack)
        expected = {said.kind: said.times(1) * COLORS_PAID} if counts and said else {}
        problems += differ("a counter for each color of mana spent to cast it"
                           + (", only as it enters from the stack" if from_stack else ""),
                           quote, f"{label} with sunburst, {{4}} paid with {PAID}", expected,
                           {k: v for k, v in card.counters.items() if v})
    return problems


register(Keyword(
    name="sunburst",
    kind=("static",),
    parameter=("",),
    zones=("battlefield", "stack"),
    functions_in=("battlefield", "stack"),
    instances="separate",
    hooks={"as_enters": _as_enters},
    checks=(Check("a +1/+1 or charge counter for each color of mana spent", check),),
))
