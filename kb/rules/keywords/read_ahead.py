"""Read ahead (702.155 since 2022): as a Saga with read ahead enters, its controller chooses a
number from one to its final chapter number and it enters with that many lore counters;
chapter abilities can't trigger the turn it entered unless it has exactly the number of lore
counters of that chapter."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Game, GameObject
from kb.rules.registry import Check, Keyword, register

CHAPTERS = 3
CHOOSE = (r"\bas (?:a saga with the read ahead ability|this saga) enters(?: the battlefield)?, "
          r"(?:its controller chooses|choose) a number from (one|two|zero) to (?:(?:that|this) "
          r"saga's final chapter number|(\w+))")
ENTERS = (r"\b(?:that|this) saga enters(?: the battlefield)? with (the chosen number|\w+) "
          r"(?:of )?lore counters")
ONLY = (r"\bchapter abilities of this saga can't trigger the turn it entered(?: the battlefield)? "
        r"unless it has (exactly|at least|at most) the number of lore counters on it specified in "
        r"the chapter symbol of that ability")


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    chosen = int(game.choose("read ahead", 1))
    if not 1 <= chosen <= CHAPTERS:
        raise ValueError(f"read ahead: choose from 1 to {CHAPTERS}")
    obj.counters["lore"] = chosen
    obj.notes["read ahead turn"] = game.turn


def chapters_triggered(game: Game, saga: GameObject) -> list[int]:
    """The chapters that trigger as lore counters are put on a Saga (714.2b), less those
    read ahead keeps from triggering the turn it entered."""
    lore = saga.counters["lore"]
    fresh = saga.has("read ahead") and saga.notes.get("read ahead turn") == game.turn
    return [n for n in range(1, CHAPTERS + 1) if n <= lore and (not fresh or n == lore)]


def scenario(era: str, chosen: int) -> tuple[int, list[int]] | None:
    """A three-chapter Saga with read ahead enters, `chosen` picked: (lore counters, chapters
    that trigger), None when the choice isn't allowed."""
    game = Game(era=era)
    game.choices["read ahead"] = chosen
    try:
        saga = game.create("Saga", types={"enchantment"}, subtypes={"saga"},
                           abilities=("read ahead",))
    except ValueError:
        return None
    return saga.counters["lore"], chapters_triggered(game, saga)


def _fits(rule: str, chapter: int, lore: int) -> bool:
    """Whether a chapter may trigger the turn the Saga entered, by the text's rule."""
    return {"exactly": chapter == lore, "at least": lore >= chapter,
            "at most": lore <= chapter}.get(rule, True)


def check(claims: Claims, era: str) -> list[str] | None:
    """Each number 0 to 4 chosen for a three-chapter Saga."""
    sentence = claims.says(CHOOSE)
    if sentence is None:
        return None
    choose = re.search(CHOOSE, sentence, re.I)
    assert choose is not None
    least = quantity(choose.group(1))
    most = quantity(choose.group(2), CHAPTERS) if choose.group(2) else CHAPTERS
    enters = re.search(ENTERS, claims.says(ENTERS) or "", re.I)
    only = re.search(ONLY, claims.says(ONLY) or "", re.I)
    problems = []
    for chosen in range(0, CHAPTERS + 2):
        expected: tuple[int, list[int]] | None = None
        if least <= chosen <= most and chosen >= 1:
            lore = (chosen if enters.group(1).lower() == "the chosen number"
                    else quantity(enters.group(1))) if enters else 0
            rule = only.group(1).lower() if only else ""
            expected = (lore, [n for n in range(1, CHAPTERS + 1)
                               if n <= lore and _fits(rule, n, lore)])
        problems += differ(f"a number from {choose.group(1)} to the final chapter; "
                           + (enters.group(0) if enters else "no lore counters") + "; "
                           + (f"chapters trigger only with {only.group(1)} their number"
                              if only else "every chapter up to it triggers"), sentence,
                           f"a three-chapter Saga with read ahead enters, {chosen} chosen: "
                           "(lore counters, chapters that trigger; None: not allowed)",
                           expected, scenario(era, chosen))
    return problems


register(Keyword(
    name="read ahead",
    kind=("static",),
    zones=("battlefield",),
    instances="redundant",
    hooks={"as_enters": _as_enters},
    checks=(Check("a chosen number of lore counters, only that chapter triggers", check),),
))
