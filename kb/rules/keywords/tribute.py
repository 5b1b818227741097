"""Tribute N (702.103 in 2014, 702.104 in 2026): as this creature enters, choose an opponent;
that player may put an additional N +1/+1 counters on it as it enters. "If tribute wasn't
paid" is true when that opponent didn't."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import COUNT, Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._counters import enter
from kb.rules.keywords._cov_combat import count_word
from kb.rules.registry import Check, Keyword, register

SENTENCE = (r"as this creature enters(?: the battlefield)?, choose an? (opponent)\. that "
            rf"player (may|must) (?:put|have this creature enter(?: the battlefield)? with) an "
            rf"additional ({COUNT}) ([+-]1/[+-]1) counters")


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    if game.choices.get("tribute:pay", False):
        obj.counters["+1/+1"] += int(ability.param)
        obj.notes["tribute paid"] = True


def _enters(era: str, pays: bool) -> tuple[int, bool]:
    """My 2/2 with tribute 3 enters; the opponent pays the tribute (or not): (its +1/+1
    counters, "tribute wasn't paid")."""
    game = Game(era=era)
    game.choices["tribute:pay"] = pays
    beast = enter(game, "Beast", game.active, power=2, toughness=2,
                  abilities=[Ability("tribute", 3)])
    return beast.counters["+1/+1"], not beast.notes.get("tribute paid")


def check(claims: Claims, era: str) -> list[str] | None:
    """Tribute 3, the opponent paying it and declining."""
    text = claims.says(r"\bchoose an? (?:opponent|player)\b")
    if text is None:
        return None
    match = re.search(SENTENCE, text, re.I)
    unpaid = claims.says(r"\btribute wasn't paid\b")
    count = count_word(match.group(3)) if match and match.group(3) != "N" else 3
    if match is None or count is None:
        return [f'the text says what tribute does in a way the model does not read ("{text}")']
    false_when = re.search(r"this condition is true if the opponent chosen as a result of the "
                           r"tribute ability didn't have the creature enter", " ".join(
                               claims.sentences), re.I)
    problems = []
    for pays in (True, False):
        paid = pays or match.group(2).lower() == "must"
        expected = (count if paid and match.group(4) == "+1/+1" else 0,
                    not paid if (unpaid is None or false_when) else paid)
        problems += differ(match.group(0)[29:], text, "my 2/2 with tribute 3 enters, the "
                           f"opponent {'paying' if pays else 'declining'}: (its counters, "
                           "tribute wasn't paid)", expected, _enters(era, pays))
    return problems


register(Keyword(
    name="tribute",
    kind=("static",),
    parameter=("n",),
    zones=("battlefield",),
    functions_in=("battlefield",),
    hooks={"as_enters": _as_enters},
    checks=(Check("an opponent may put N +1/+1 counters on it as it enters", check),),
))
