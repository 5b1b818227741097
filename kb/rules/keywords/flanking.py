"""Flanking (702.23 in 2012): whenever this creature becomes blocked by a creature without
flanking, the blocking creature gets -1/-1 until end of turn."""

from __future__ import annotations

from kb.rules.checks import creature
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import check_pt, pt_change
from kb.rules.registry import Check, Keyword, register

PENALTY = (-1, -1)


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return event.obj is source and not event.data["blocker"].has("flanking")


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    blocker = event.data["blocker"]
    if blocker.zone == "battlefield":
        game.gets(blocker, *PENALTY, source="flanking")


def check(claims: Claims, era: str) -> list[str] | None:
    """A flanker blocked by a creature without flanking, and by one with flanking."""
    problems: list[str] = []
    for blocker_flanks in (False, True):
        game = Game(era=era)
        knight = creature(game, "Knight", power=2, toughness=2, abilities=("flanking",))
        blocker = creature(game, "Blocker", game.opponent(game.active), 3, 3,
                           abilities=("flanking",) if blocker_flanks else ())
        game.declare_attackers([knight])
        before = (blocker.current_power, blocker.current_toughness)
        game.declare_blockers({blocker: knight})
        applies = any(t.startswith("becomes blocked") for t in claims.triggers) and not (
            blocker_flanks and claims.says(r"blocked by a creature without flanking"))
        outcome = check_pt(claims, f"flanker blocked by a creature "
                           f"{'with' if blocker_flanks else 'without'} flanking",
                           1 if applies else 0, pt_change(blocker, before))
        if outcome is None:
            return None
        problems += outcome
    return problems


register(Keyword(
    name="flanking",
    kind=("triggered",),
    parameter=("",),
    trigger=("becomes blocked by",),
    durations=("until end of turn",),
    instances="separate",
    effect=_effect,
    condition=_condition,
    checks=(Check("blocker without flanking gets the text's -X/-Y", check),),
))
