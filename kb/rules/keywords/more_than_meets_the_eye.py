"""More Than Meets the Eye [cost] (702.162 since 2022): you may cast this card converted by
paying [cost] rather than its mana cost (it is put onto the stack with its back face up)."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, Player
from kb.rules.keywords._casting import fill_pool
from kb.rules.keywords._cov_permits import PermitModel, permit_check
from kb.rules.registry import Check, Keyword, register

MODEL = PermitModel("more than meets the eye")
HOW = r"\bcast this card (converted|transformed|face down|face up|\w+) by paying \[cost\]"


def cast_converted(game: Game, player: Player, card: GameObject) -> None:
    """Cast the card for its More Than Meets the Eye cost, converted: back face up."""
    MODEL.cast(game, player, card)
    card.notes["face"] = "back"


def scenario(era: str) -> str:
    """My double-faced {4}{U} card with More Than Meets the Eye {2}{U} cast for that cost:
    the face it has on the stack."""
    game = Game(era=era)
    me = game.active
    card = game.create("Autobot", controller=me, zone="hand", mana_cost="{4}{U}", power=4,
                       toughness=4, abilities=(Ability("more than meets the eye", "{2}{U}"),),
                       notes={"face": "front"})
    fill_pool(me)
    cast_converted(game, me, card)
    return str(card.notes["face"])


def check_face(claims: Claims, era: str) -> list[str] | None:
    """Cast for its cost: which face is up (converted: the back face, rule 701.28)."""
    sentence = claims.says(HOW)
    if sentence is None:
        return None
    how = re.search(HOW, sentence, re.I).group(1).lower()  # type: ignore[union-attr]
    return differ(f"it is cast {how}", sentence, "a double-faced card with More Than Meets the "
                  "Eye cast for that cost: its face up on the stack",
                  "back" if how == "converted" else "front" if how in ("face up",) else how,
                  scenario(era))


register(Keyword(
    name="more than meets the eye",
    kind=("static",),
    parameter=("[cost]",),
    zones=("any zone",),
    functions_in=("any zone",),
    checks=(Check("cast converted for [cost] rather than its mana cost",
                  permit_check(MODEL, r"more than meets the eye \[cost\]")),
            Check("cast converted: back face up", check_face)),
))
