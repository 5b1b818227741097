"""Cleave [cost] (702.148 since 2021): you may cast this spell by paying [cost] rather than its
mana cost; if you do, the text in square brackets is removed from its rules text."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, StackItem
from kb.rules.keywords._casting import fill_pool
from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("cleave")
TEXT = "Destroy target [nonblack] creature [you don't control]."
CHANGE = (r"\bif this spell's cleave cost was (paid|not paid), change its text by (removing|"
          r"keeping only) all text found within (square brackets|parentheses|quotation marks) "
          r"in the spell's rules text")
MARKS = {"square brackets": (r"\[", r"\]"), "parentheses": (r"\(", r"\)"),
         "quotation marks": ('"', '"')}


def _as_resolves(game: Game, card: GameObject, ability: Ability, item: StackItem) -> None:
    if item.paid.get("cleave") and "text" in card.notes:
        card.notes["text"] = " ".join(re.sub(r"\[[^\]]*\]", "", card.notes["text"]).split())


def scenario(era: str, cleaved: bool) -> str:
    """My sorcery "Destroy target [nonblack] creature [you don't control]." with cleave, cast
    for its cleave cost or its mana cost: its rules text on the stack."""
    game = Game(era=era)
    me = game.active
    card = game.create("Fateful Absence", controller=me, zone="hand", types={"sorcery"},
                       mana_cost="{3}{B}", abilities=(Ability("cleave", "{1}{B}"),),
                       notes={"text": TEXT})
    fill_pool(me)
    if cleaved:
        MODEL.cast(game, me, card)
    else:
        game.cast(me, card)
    game.resolve_stack()
    return str(card.notes["text"])


def check_text(claims: Claims, era: str) -> list[str] | None:
    """Cast for its cleave cost and for its mana cost: the text it has."""
    sentence = claims.says(CHANGE)
    if sentence is None:
        return None
    change = re.search(CHANGE, sentence, re.I)
    assert change is not None
    opening, closing = MARKS[change.group(3).lower()]
    inside = rf"{opening}[^{closing[-1]}]*{closing}"
    problems = []
    for cleaved in (True, False):
        text = TEXT
        if cleaved == (change.group(1).lower() == "paid"):
            if change.group(2).lower() == "removing":
                text = re.sub(inside, "", TEXT)
            else:
                text = " ".join(m[1:-1] for m in re.findall(inside, TEXT))
        problems += differ(change.group(0), sentence, f'"{TEXT}" with cleave cast for its '
                           f"{'cleave' if cleaved else 'mana'} cost: its text",
                           " ".join(text.split()), scenario(era, cleaved))
    return problems


register(Keyword(
    name="cleave",
    kind=("static",),
    parameter=("[cost]",),
    zones=("stack",),
    functions_in=("stack",),
    hooks={"as_resolves": _as_resolves},
    checks=(Check("cast for [cost] rather than its mana cost",
                  permit_check(MODEL, r"cleave \[cost\]")),
            Check("the cleaved spell loses its text in square brackets", check_text)),
))
