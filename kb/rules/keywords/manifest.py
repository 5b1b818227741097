"""Manifest (701.33 in 2015, 701.40 in 2026), a keyword action: to manifest a card, turn it
face down; it becomes a 2/2 face-down creature card with no text, no name, no subtypes and
no mana cost, and is put onto the battlefield face down. Any time you have priority you may
turn a manifested permanent you control face up by showing it is a creature card and paying
its mana cost; a manifested instant or sorcery card is revealed and stays face down.

The model: `kb.rules.keywords._face_down`."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, Player
from kb.rules.keywords._face_down import (
    check_becomes,
    check_instant,
    check_turn_up,
    put_face_down,
)
from kb.rules.registry import Check, Keyword, register


def manifest(game: Game, player: Player, card: GameObject) -> GameObject:
    """`player` manifests `card` (a 2/2 face-down creature on the battlefield, no ward)."""
    return put_face_down(game, card, player)


def _becomes(claims: Claims, era: str) -> list[str] | None:
    return check_becomes(claims, era, "manifest", "")


def _turn_up(claims: Claims, era: str) -> list[str] | None:
    return check_turn_up(claims, era, "manifest", "")


def _instant(claims: Claims, era: str) -> list[str] | None:
    return check_instant(claims, era, "manifest", "")


register(Keyword(
    name="manifest",
    kind=("keyword action",),
    parameter=(),
    zones=("battlefield", "library", "stack"),
    durations=("as long as",),
    checks=(Check("a 2/2 face-down creature put onto the battlefield", _becomes),
            Check("turned face up by its controller for its mana cost, creature cards only",
                  _turn_up),
            Check("a manifested instant or sorcery stays face down", _instant)),
))
