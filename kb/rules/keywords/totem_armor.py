"""Totem armor (702.87 in 2012; renamed umbra armor, 702.89 in 2026): a static ability of
some Auras. "Totem armor" means "If enchanted permanent would be destroyed, instead remove
all damage marked on it and destroy this Aura." """

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, Replacement, ZoneChange
from kb.rules.registry import Check, Keyword, register

INSTEAD = re.compile(r"\bif enchanted (permanent|creature) would be (destroyed|exiled|"
                     r"sacrificed|put into a graveyard), instead (remove all damage marked on it"
                     r" and )?(destroy|exile|sacrifice|return) this Aura", re.I)


def _as_enters(game: Game, aura: GameObject, ability: Ability) -> None:
    """The Aura's replacement effect, for as long as it is on the battlefield."""
    def applies(change: object) -> bool:
        return isinstance(change, ZoneChange) and change.cause == "destroy" \
            and aura.zone == "battlefield" and change.obj is aura.attached_to

    def apply(change: ZoneChange) -> None:
        change.to = "battlefield"
        change.obj.damage = 0
        change.obj.deathtouched = False
        game.destroy(aura)

    game.replacements.append(Replacement(f"totem armor of {aura.name}#{aura.ident}", applies,
                                         apply))


def _scenario(era: str, harm: Callable[[Game, GameObject], object]
              ) -> tuple[GameObject, GameObject]:
    game = Game(era=era)
    bear = creature(game, "Bear", power=2, toughness=2)
    aura = game.create("Totem", types={"enchantment"}, subtypes={"aura"},
                       abilities=("totem armor",))
    game.attach(aura, bear)
    harm(game, bear)
    game.resolve_stack()
    return bear, aura


HARMS: dict[str, Callable[[Game, GameObject], object]] = {
    "is dealt lethal damage": lambda game, bear: game.deal_damage(
        game.create("Bolt", zone="exile", types={"instant"}), bear, 3),
    "is destroyed by an effect": lambda game, bear: game.destroy(bear),
    "is sacrificed": lambda game, bear: game.sacrifice(bear),
}


def check(claims: Claims, era: str) -> list[str] | None:
    """A 2/2 wearing the Aura is dealt 3 damage, destroyed, or sacrificed: where it and the
    Aura end up, and the damage left on it."""
    quote = claims.says(INSTEAD.pattern)
    if quote is None:
        return None
    _, event, removes, fate = INSTEAD.search(quote).groups()  # type: ignore[union-attr]
    problems = []
    for label, harm in HARMS.items():
        bear, aura = _scenario(era, harm)
        destroyed = label != "is sacrificed"
        replaced = destroyed and event.lower() == "destroyed"
        aura_to = {"destroy": "graveyard", "sacrifice": "graveyard", "exile": "exile",
                   "return": "hand"}[fate.lower()] if replaced else "graveyard"
        expected = ("battlefield" if replaced else "graveyard", aura_to,
                    0 if replaced and removes else (3 if replaced else 0))
        problems += differ(f"if it would be {event}, instead {removes or ''}{fate} this Aura",
                           quote, f"a 2/2 wearing an Aura with totem armor {label}: (the "
                           "creature's zone, the Aura's zone, damage on the creature)",
                           expected, (bear.zone, aura.zone,
                                      bear.damage if bear.zone == "battlefield" else 0))
    return problems


register(Keyword(
    name="totem armor",
    aliases=("umbra armor",),
    kind=("static",),
    parameter=("",),
    zones=("battlefield",),
    hooks={"as_enters": _as_enters},
    checks=(Check("the Aura is destroyed instead of the enchanted permanent", check),),
))
