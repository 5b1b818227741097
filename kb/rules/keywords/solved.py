"""Solved (702.169 in 2024), a keyword ability of Case cards followed by ability text;
together a static, triggered or activated ability that works only while the Case is solved:
"As long as this Case is solved, [ability text]", "[Ability text]. This ability triggers only
if this Case is solved.", "[Ability text]. Activate only if this Case is solved."

The model: `works` (a Case's `notes["solved"]`)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject
from kb.rules.registry import Check, Keyword, register

KINDS = ("static", "triggered", "activated")


def works(case: GameObject, kind: str) -> bool:
    """Whether a Case's solved ability of this kind works now: only when it is solved."""
    return kind in KINDS and bool(case.notes.get("solved"))


def _states(era: str, kind: str) -> list[bool]:
    """A Case unsolved, then solved: does its solved ability of `kind` work?"""
    game = Game(era=era)
    case = game.create("Case of the Missing Key", types={"enchantment"}, subtypes={"case"})
    before = works(case, kind)
    case.notes["solved"] = True
    return [before, works(case, kind)]


PATTERNS = {"static": r'\bfor a static ability, "solved \W+ \[ability text\]" means "as long as '
                      r'this case is (solved|unsolved|not solved), \[ability text\]',
            "triggered": r"\bfor a triggered ability, .*this ability triggers only if this "
                         r"case is (solved|unsolved|not solved)",
            "activated": r"\bfor an activated ability, .*activate only if this case is "
                         r"(solved|unsolved|not solved)"}


def check(claims: Claims, era: str) -> list[str] | None:
    """Each kind of solved ability on a Case before and after it is solved."""
    problems: list[str] = []
    ran = False
    for kind, pattern in PATTERNS.items():
        sentence = claims.says(pattern.split(r"\[ability text\]")[0] if kind == "static"
                               else rf"\bfor an? {kind} ability, \"solved")
        if sentence is None:
            continue
        ran = True
        said = re.search(pattern, sentence, re.I)
        if said is None:
            problems.append(f'the text says when a {kind} solved ability works in a way the '
                            f'model does not read ("{sentence}")')
            continue
        solved = said.group(1).lower() == "solved"
        problems += differ(f"a {kind} solved ability works only if the Case is "
                           f"{said.group(1)}", sentence, f"a Case's {kind} solved ability, "
                           "unsolved then solved: does it work?", [not solved, solved],
                           _states(era, kind))
    return problems if ran else None


register(Keyword(
    name="solved",
    kind=("static", "triggered", "activated"),
    parameter=("-- [ability text]",),
    durations=("as long as",),
    checks=(Check("a static, triggered or activated ability that works once the Case is "
                  "solved", check),),
))
