"""Improvise (702.126 since 2017): for each generic mana in this spell's total cost, you may
tap an untapped artifact you control rather than pay that mana. Multiple instances are
redundant."""

from __future__ import annotations

from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, Player, StackItem
from kb.rules.keywords._cov_tappay import check_tap_pay, tap_pay
from kb.rules.keywords._reduction import apply_to, cast_paying_with
from kb.rules.registry import Check, Keyword, register

TAPPED = "improvise artifacts"


def _cost_change(game: Game, card: GameObject, ability: Ability, cost: Cost) -> None:
    player, payers = card.notes.pop(TAPPED, (None, []))  # once, however many instances
    if player is not None:
        apply_to(cost, tap_pay(cost, player, payers, ("artifact",)))


def cast_improvised(game: Game, player: Player, payers: list[GameObject],
                    instances: int = 1) -> StackItem:
    """Cast a {3}{U} sorcery with improvise, tapping `payers`."""
    card = game.create("Invention", controller=player, zone="hand", types={"sorcery"},
                       mana_cost="{3}{U}", abilities=["improvise"] * instances)
    return cast_paying_with(game, player, card, TAPPED, payers)


def check(claims: Claims, era: str) -> list[str] | None:
    """A {3}{U} spell with improvise cast tapping several sets of permanents."""
    return check_tap_pay(claims, era, "improvise", cast_improvised)


register(Keyword(
    name="improvise",
    kind=("static",),
    parameter=("",),
    zones=("stack",),
    functions_in=("stack",),
    instances="redundant",
    hooks={"cost_change": _cost_change},
    checks=(Check("untapped artifacts pay generic mana", check),),
))
