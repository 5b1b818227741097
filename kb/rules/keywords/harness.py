"""Harness (701.64, new in 2025), a keyword action: "Harness [this permanent]" means "If this
permanent isn't harnessed, it becomes harnessed"; it stays harnessed until it leaves the
battlefield."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.keywords._cov_actions import becomes, condition_of
from kb.rules.registry import Check, Keyword, register


def _incarnation(game: Game, permanent: GameObject) -> int:
    """Which stay on the battlefield this is (a permanent that leaves and returns is a new
    object, 400.7): how many times it has entered."""
    return sum(1 for e in game.log if e.name == "enters" and e.obj is permanent)


def harnessed(game: Game, permanent: GameObject) -> bool:
    """Whether the permanent, as the object it is now, is harnessed."""
    return permanent.zone == "battlefield" and \
        permanent.notes.get("harnessed") == _incarnation(game, permanent)


def harness(game: Game, permanent: GameObject) -> None:
    """Harness `permanent` (the `harnessed` event when it becomes harnessed)."""
    if not harnessed(game, permanent):
        permanent.notes["harnessed"] = _incarnation(game, permanent)
        game.emit("harnessed", permanent)


def _scenario(era: str) -> tuple[int, bool, bool]:
    """A permanent harnessed twice, then bounced and returned: (times it became harnessed,
    harnessed before it left, harnessed after it returned)."""
    game = Game(era=era)
    relic = game.create("Relic", types={"artifact"})
    harness(game, relic)
    harness(game, relic)
    before = harnessed(game, relic)
    game.move(relic, "hand")
    game.move(relic, "battlefield")
    times = sum(1 for e in game.log if e.name == "harnessed")
    return times, before, harnessed(game, relic)


def check(claims: Claims, era: str) -> list[str] | None:
    """Harness twice, then leave and return."""
    text = claims.says(r"\bharness \[this permanent\]\W* means\b")
    if text is None:
        return None
    test, marker = condition_of(text), becomes(text)
    leaves = claims.says(r"\bstays harnessed\b")
    until = re.search(r"stays harnessed (until it leaves the battlefield|for the rest of the "
                      r"game)", leaves or "", re.I)
    if marker != "harnessed" or (leaves and until is None):
        return [f'the text says what harness does in a way the model does not read ("{text}")']
    times = 1 if test is not None else 2
    kept = bool(until and until.group(1).lower() == "for the rest of the game")
    return differ("if it isn't harnessed, it becomes harnessed" if test else
                  "it becomes harnessed", text, "harness a permanent twice, then it leaves and "
                  "returns: (times it became harnessed, harnessed before, harnessed after)",
                  (times, True, kept), _scenario(era))


register(Keyword(
    name="harness",
    kind=("keyword action",),
    parameter=("[this permanent]",),
    zones=("battlefield",),
    checks=(Check("it becomes harnessed once, until it leaves", check),),
))
