"""Disturb [cost] (702.146 since 2021): "You may cast this card transformed from your graveyard
by paying [cost] rather than its mana cost"; the spell enters the battlefield with its back
face up."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject
from kb.rules.keywords._casting import fill_pool
from kb.rules.keywords._cov_altcost import AltCost, check_alt_cast
from kb.rules.registry import Check, Keyword, register

MODEL = AltCost("disturb", zones=("graveyard",))


def _as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
    item = obj.notes.get("cast_item")
    if item is not None and item.paid.get("disturb"):
        obj.notes["face"] = "back"


def _face(era: str) -> str:
    """A creature card cast with disturb from my graveyard resolves: its face up."""
    game = Game(era=era)
    me = game.active
    card = game.create("Spirit", controller=me, zone="graveyard", mana_cost="{2}{W}",
                       power=1, toughness=1, abilities=(Ability("disturb", "{1}{W}"),))
    fill_pool(me)
    MODEL.cast(game, me, card)
    game.resolve_stack()
    return str(card.notes.get("face", "front"))


def check(claims: Claims, era: str) -> list[str] | None:
    """Cast for its disturb cost from the hand and from the graveyard."""
    return check_alt_cast(claims, era, MODEL)


def check_face(claims: Claims, era: str) -> list[str] | None:
    """A spell cast with disturb enters with its back face up."""
    text = claims.says(r"\bcast using its disturb ability\b")
    if text is None:
        return None
    match = re.search(r"enters(?: the battlefield)? with its (back|front) face up", text, re.I)
    if match is None:
        return [f'the text says how it enters in a way the model does not read ("{text}")']
    return differ(match.group(0), text, "a card cast with disturb resolves: the face up",
                  match.group(1).lower(), _face(era))


register(Keyword(
    name="disturb",
    kind=(),
    parameter=("[cost]",),
    zones=("graveyard", "battlefield"),
    hooks={"as_enters": _as_enters},
    checks=(Check("cast transformed from the graveyard for [cost]", check),
            Check("it enters with its back face up", check_face)),
))
