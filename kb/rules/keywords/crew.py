"""Crew N (702.122 since 2016): "Tap any number of other untapped creatures you control with
total power N or greater: This permanent becomes an artifact creature until end of turn."."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, StackItem
from kb.rules.keywords._cov_tapcost import check_tap_power, tap_power
from kb.rules.registry import Check, Keyword, register

EFFECT = r"this permanent becomes an? (artifact creature|creature) (until end of turn)"
# "Whenever [this Vehicle] becomes crewed" means "Whenever a crew ability of [this Vehicle]
# resolves" (since 2021): the trigger as the claims reader names it
CREWED = "a crew ability of [this vehicle] resolves"


def _has_type(game: Game, obj: GameObject, ability: Ability, type_: str) -> bool:
    return type_ == "creature" and obj.notes.get("crewed") == game.turn


def crew(game: Game, vehicle: GameObject, members: Sequence[GameObject]) -> StackItem:
    """Activate `vehicle`'s crew ability tapping `members`."""
    def crewed(game: Game, item: StackItem) -> None:
        vehicle.notes["crewed"] = game.turn
        game.emit("becomes crewed", vehicle)
    return tap_power(game, vehicle, "crew", members, crewed)


def _is_creature(game: Game, obj: GameObject) -> bool:
    return game.has_type(obj, "creature")


def check(claims: Claims, era: str) -> list[str] | None:
    """Crew 3 paid by several sets of creatures: legal, a creature this turn, not the next."""
    return check_tap_power(claims, era, "crew", crew, _is_creature, EFFECT)


def check_crewed(claims: Claims, era: str) -> list[str] | None:
    """"Becomes crewed": when the crew ability resolves (not when it is activated)."""
    text = claims.says(r"\bbecomes crewed\W* means\b")
    if text is None:
        return None
    match = re.search(r"whenever a crew ability of \[this vehicle\] (resolves|is activated)",
                      text, re.I)
    if match is None:
        return [f'the text says when it becomes crewed in a way the model does not read '
                f'("{text}")']
    game = Game(era=era)
    vehicle = game.create("Vehicle", types={"artifact"}, power=5, toughness=5,
                          abilities=(Ability("crew", 3),))
    crew(game, vehicle, [creature(game, "Pilot", power=3)])
    before = sum(1 for e in game.log if e.name == "becomes crewed")
    game.resolve_stack()
    after = sum(1 for e in game.log if e.name == "becomes crewed")
    resolves = match.group(1).lower() == "resolves" and CREWED in claims.triggers
    return differ(f"it becomes crewed when a crew ability {match.group(1)}", text,
                  "crew 3 activated, then resolved: times it became crewed (after activating, "
                  "after resolving)", (0, 1) if resolves else (1, 1), (before, after))


register(Keyword(
    name="crew",
    kind=("activated",),
    parameter=("n",),
    trigger=(CREWED,),
    durations=("until end of turn",),
    hooks={"has_type": _has_type},
    checks=(Check("tap creatures with total power N: a creature until end of turn", check),
            Check("it becomes crewed as the crew ability resolves", check_crewed)),
))
