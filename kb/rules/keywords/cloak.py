"""Cloak (701.58 in 2024), a keyword action: to cloak a card, turn it face down; it becomes
a 2/2 face-down creature card with ward {2}, no name, no subtypes and no mana cost, and is
put onto the battlefield face down. Turning a cloaked permanent face up, and a cloaked
instant or sorcery card, work as for manifest.

The model: `kb.rules.keywords._face_down`."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._face_down import (
    check_becomes,
    check_instant,
    check_prohibited,
    check_turn_up,
    put_face_down,
)
from kb.rules.keywords.manifest import check_procedures
from kb.rules.registry import Check, Keyword, register

WARD = "{2}"


def cloak(game: Game, player: Player, card: GameObject) -> GameObject:
    """`player` cloaks `card` (a 2/2 face-down creature with ward {2} on the battlefield)."""
    return put_face_down(game, card, player, WARD)


def _becomes(claims: Claims, era: str) -> list[str] | None:
    return check_becomes(claims, era, "cloak", WARD)


def _turn_up(claims: Claims, era: str) -> list[str] | None:
    return check_turn_up(claims, era, "cloak", WARD)


def _instant(claims: Claims, era: str) -> list[str] | None:
    return check_instant(claims, era, "cloak", WARD)


def _others(claims: Claims, era: str) -> list[str] | None:
    return check_procedures(claims, era, "cloak", WARD)


def _prohibited(claims: Claims, era: str) -> list[str] | None:
    return check_prohibited(claims, era, "cloak", WARD)


register(Keyword(
    name="cloak",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield", "library", "stack"),
    durations=("as long as",),
    checks=(Check("a 2/2 face-down creature with ward {2} put onto the battlefield", _becomes),
            Check("turned face up by its controller for its mana cost, creature cards only",
                  _turn_up),
            Check("a cloaked instant or sorcery stays face down", _instant),
            Check("a card with morph or disguise: either procedure turns it face up", _others),
            Check("not cloaked when the face-down object may not enter", _prohibited)),
))
