"""∞ (702.186 in 2025), a keyword of Infinity cards followed by ability text; together a
static ability: "∞ — [Ability]" means "As long as this permanent is harnessed, it has
[ability]."

The model: `has_infinity_ability` (harnessed: `kb.rules.keywords.harness`)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords.harness import harness, harnessed
from kb.rules.registry import Check, Keyword, register


def has_infinity_ability(game: Game, permanent: GameObject, name: str) -> bool:
    """Whether a permanent has the ability its ∞ grants (`Ability("∞", name)`): only while it
    is harnessed."""
    granted = any(a.name == "∞" and a.param == name for a in permanent.abilities)
    return permanent.has(name) or (granted and harnessed(game, permanent))


def _states(era: str) -> list[bool]:
    """A relic with "∞ — Flying", before and after it is harnessed: does it have flying?"""
    game = Game(era=era)
    relic = game.create("Relic", types={"artifact"}, abilities=(Ability("∞", "flying"),))
    before = has_infinity_ability(game, relic, "flying")
    harness(game, relic)
    return [before, has_infinity_ability(game, relic, "flying")]


def check(claims: Claims, era: str) -> list[str] | None:
    """A relic with "∞ — Flying" before and after it is harnessed."""
    sentence = claims.says(r'"∞ \W+ \[ability\]" means')
    if sentence is None:
        return None
    said = re.search(r'means "as long as this permanent (is|isn\'t) (harnessed|\w+), it (has|'
                     r'doesn\'t have|loses) \[ability\]', sentence, re.I)
    if said is None:
        return [f'the text says what ∞ grants in a way the model does not read ("{sentence}")']
    word = said.group(2).lower()
    has = said.group(3).lower() == "has"
    if word != "harnessed":
        expected: object = f"(as long as it is {word})"
    else:
        when_harnessed = said.group(1).lower() == "is"
        expected = [has != when_harnessed, has == when_harnessed]
    return differ(said.group(0)[7:], sentence, "a relic with \"∞ — Flying\", before and after "
                  "it is harnessed: has flying?", expected, _states(era))


register(Keyword(
    name="∞ (infinity)",
    aliases=("∞", "infinity"),
    kind=("static",),
    parameter=("∞ -- [ability]",),  # the reader's shape against the record's name
    durations=("as long as",),
    checks=(Check("the ability only while the permanent is harnessed", check),),
))
