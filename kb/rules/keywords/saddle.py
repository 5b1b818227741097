"""Saddle N (702.171 since 2024): "Tap any number of other untapped creatures you control with
total power N or greater: This permanent becomes saddled until end of turn. Activate only as a
sorcery." The first versions (2024) said "with power N or greater" (each creature): an
earlier form of the rules in `history`."""

from __future__ import annotations

from collections.abc import Sequence

from kb.rules.claims import Claims
from kb.rules.game import Game, GameObject, StackItem
from kb.rules.keywords._cov_tapcost import check_tap_power, tap_power
from kb.rules.registry import Check, Keyword, register

EFFECT = r"this permanent becomes (saddled|tapped) (until end of turn)"
TOTAL_POWER = "saddle counts the tapped creatures' total power"


def saddle(game: Game, mount: GameObject, riders: Sequence[GameObject]) -> StackItem:
    """Activate `mount`'s saddle ability tapping `riders` (as a sorcery)."""
    def saddled(game: Game, item: StackItem) -> None:
        mount.notes["saddled"] = game.turn
    each = game.spec("saddle").hooks["each_creature"](game, mount, None)
    return tap_power(game, mount, "saddle", riders, saddled, sorcery=True, each=each)


def _saddled(game: Game, obj: GameObject) -> bool:
    return obj.notes.get("saddled") == game.turn and obj.zone == "battlefield"


def check(claims: Claims, era: str) -> list[str] | None:
    """Saddle 3 paid by several sets of creatures, and during combat."""
    return check_tap_power(claims, era, "saddle", saddle, _saddled, EFFECT)


register(Keyword(
    name="saddle",
    kind=("activated",),
    parameter=("n",),
    zones=("battlefield",),
    durations=("until end of turn",),
    # the engine never asks this: whether each tapped creature needs power N (the rules
    # printed "with power N or greater" until early 2025, "total power" since; the date is
    # learned from the documents, kb.rules.history)
    hooks={"each_creature": lambda game, obj, ability: False},
    history=((TOTAL_POWER, {"hooks": {"each_creature": lambda game, obj, ability: True}}),),
    checks=(Check("tap creatures with total power N: saddled until end of turn", check),),
))
