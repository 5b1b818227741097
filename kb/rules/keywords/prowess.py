"""Prowess (702.107 in 2014, 702.108 in 2026): whenever you cast a noncreature spell, this
creature gets +1/+1 until end of turn."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import check_pt, pump_self
from kb.rules.keywords._cov_triggered import spell_card, spell_filter
from kb.rules.keywords._spells import cast_and_resolve
from kb.rules.registry import Check, Keyword, register

# (caster: "me" or "them", spell type) cast one after the other in the scenario
CASTS = (("me", "instant"), ("me", "creature"), ("them", "sorcery"), ("me", "artifact"))


def _condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
    return (event.player is source.controller and event.obj is not None
            and not event.obj.is_("creature"))


def _scenario(era: str) -> tuple[int, int]:
    """A 2/2 with prowess; the casts of CASTS: its P/T change."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    monk = creature(game, "Monk", me, 2, 2, abilities=("prowess",))
    for who, kind in CASTS:
        caster = me if who == "me" else them
        cast_and_resolve(game, caster, spell_card(game, caster, kind))
    return monk.current_power - 2, monk.current_toughness - 2


def check(claims: Claims, era: str) -> list[str] | None:
    """Four spells cast (my instant, my creature, an opponent's sorcery, my artifact): the
    bonus for each spell the text's clause counts."""
    spells = spell_filter(claims)
    if claims.find("pt") is None:
        return None
    if spells is None:
        return [f'the text names the spells that trigger it in a way the model does not read '
                f'("{" ".join(claims.meaning)}")']
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    counted = sum(1 for who, kind in CASTS
                  if spells.counts(me, me if who == "me" else them,
                                   spell_card(game, me if who == "me" else them, kind)))
    scale = counted if "cast" in claims.triggers else 0
    return check_pt(claims, "my instant, my creature spell, an opponent's sorcery, my artifact "
                    "spell cast", scale, _scenario(era))


def check_duration(claims: Claims, era: str) -> list[str] | None:
    """The bonus ends as the text says (until end of turn: gone after the cleanup)."""
    if not claims.durations:
        return None
    game = Game(era=era)
    me = game.active
    monk = creature(game, "Monk", me, 2, 2, abilities=("prowess",))
    cast_and_resolve(game, me, spell_card(game, me, "instant"))
    game.end_turn()
    expected = claims.durations != ["until end of turn"]
    lasting = monk.current_power != 2
    return differ(f"the bonus lasts {', '.join(claims.durations)}",
                  claims.quote(f"duration:{claims.durations[0]}"),
                  "an instant cast, then the turn ends", expected, lasting)


register(Keyword(
    name="prowess",
    kind=("triggered",),
    parameter=("",),
    trigger=("cast",),
    durations=("until end of turn",),
    instances="separate",
    effect=pump_self(1, 1),
    condition=_condition,
    checks=(Check("+X/+Y for each noncreature spell you cast", check),
            Check("bonus duration", check_duration)),
))
