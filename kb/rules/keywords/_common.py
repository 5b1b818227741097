"""Model pieces several keywords share: "this creature" trigger conditions, P/T changes,
and the check of a triggered P/T bonus read from the text."""

from __future__ import annotations

from collections.abc import Callable

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject


def this_object(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    """Trigger condition of "Whenever this creature ...": the event is about the source."""
    return event.obj is source


def pump_self(power: int, toughness: int, scale: Callable[[Game, GameObject, Ability], int]
              | None = None) -> Callable[[Game, GameObject, Ability, Event], None]:
    """Effect: the source gets +power/+toughness (times `scale`, N by default) until end of
    turn."""
    def effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
        times = scale(game, source, ability) if scale else int(ability.param or 1)
        if source.zone == "battlefield" and times:
            game.gets(source, power * times, toughness * times, source=ability.name)
    return effect


def pt_change(obj: GameObject, before: tuple[int, int]) -> tuple[int, int]:
    """How much an object's power and toughness changed since `before`."""
    return obj.current_power - before[0], obj.current_toughness - before[1]


def check_pt(claims: Claims, scenario: str, expected_scale: int, actual: tuple[int, int],
             n: int = 3) -> list[str] | None:
    """Compare a P/T change with the text's "+X/+Y" (N standing for `n`) times a scale."""
    amount = claims.find("pt")
    if amount is None:
        return None
    per = amount.pt(n)
    expected = (per[0] * expected_scale, per[1] * expected_scale)
    return differ(f'"{amount.value}"', amount.quote, scenario, expected, actual)
