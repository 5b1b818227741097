"""Lifelink (702.14 in 2012): a static ability; damage dealt by a source with lifelink
causes its controller to gain that much life; multiple instances are redundant. Until M2010
(502.68) it was a triggered ability, "Whenever this permanent deals damage, you gain that
much life", each instance triggering separately."""

from __future__ import annotations

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, DamageResult, Event, Game, GameObject
from kb.rules.keywords._combat import attack
from kb.rules.keywords._common import this_object
from kb.rules.registry import Check, Keyword, register


def _damage_result(game: Game, source: GameObject, ability: Ability,
                   result: DamageResult) -> None:
    if not result.lifegain:  # redundant: one gain however many instances
        result.lifegain.append(result.amount)


def _old_effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    (source.controller or source.owner).life += event.data["amount"]


def check(claims: Claims, era: str) -> list[str] | None:
    """An unblocked 3/3 with two instances of lifelink: life gained."""
    amount = claims.find("life")
    if amount is None:
        return None
    game, _, _ = attack(era, "Angel", 3, 3, ("lifelink", "lifelink"))
    me = game.active
    each = claims.instances == "separate" or (claims.instances is None
                                              and "triggered" in claims.kinds)
    expected = amount.times(3) * (2 if each else 1)
    how = f"{amount.count} life" + (", each instance" if each else ", instances redundant")
    return differ(f"its controller gains {how}", amount.quote,
                  "unblocked 3/3 with two instances of lifelink", expected, me.life - 20)


register(Keyword(
    name="lifelink",
    kind=("static",),
    parameter=(),
    zones=("battlefield",),
    instances="redundant",
    hooks={"damage_result": _damage_result},
    checks=(Check("life gained from damage, per instance as the text says", check),),
    history=(("lifelink became a static ability", {"kind": ("triggered",),
                                                   "parameter": ("",),
                             "trigger": ("deals damage",), "instances": "separate",
                             "hooks": {}, "effect": _old_effect,
                             "condition": this_object}),),
))
