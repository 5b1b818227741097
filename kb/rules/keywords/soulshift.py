"""Soulshift (702.44 in 2012, 502.39 in 2008): "Soulshift N" means "When this permanent is put
into a graveyard from the battlefield, you may return target Spirit card with converted mana
cost N or less from your graveyard to your hand." (2026: "mana value N or less".)"""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims, quantity
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.keywords._dies_return import zone_named
from kb.rules.registry import Check, Keyword, register

N = 3
RETURN = re.compile(r"\breturn target (\w+) card with (?:converted mana cost|mana value) "
                    r"(N|X|\d+) or (less|more|greater) from your (\w+) to (?:your |its owner's "
                    r"|the )?(\w+)", re.I)
CANDIDATES = (("Spirit 3", "spirit", "{2}{B}"), ("Spirit 1", "spirit", "{B}"),
              ("Spirit 4", "spirit", "{3}{B}"), ("Goblin 2", "goblin", "{1}{R}"))


def _effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
    limit = int(ability.param or 0)
    fitting = sorted((c for c in source.owner.graveyard if c.is_("spirit")
                      and c.mana_value <= limit), key=lambda c: (-c.mana_value, c.ident))
    target = game.choose(f"soulshift:{source.ident}", fitting[0] if fitting else None)
    if target is not None:
        game.move(target, "hand", cause="soulshift")


def check(claims: Claims, era: str) -> list[str] | None:
    """Soulshift 3 dies with one card in the graveyard: a mana value 3, 1 or 4 Spirit, or a
    mana value 2 Goblin. Where that card ends up."""
    quote = claims.says(RETURN.pattern)
    if quote is None:
        return None
    kind, limit, way, source_zone, to = RETURN.search(quote).groups()  # type: ignore
    expected, actual = {}, {}
    for name, subtype, cost in CANDIDATES:
        game = Game(era=era)
        me = game.active
        card = game.create(name, zone="graveyard", subtypes={subtype}, mana_cost=cost)
        samurai = game.create("Samurai", me, power=2, toughness=2, mana_cost="{4}{B}",
                              abilities=(Ability("soulshift", N),))
        game.destroy(samurai)
        game.resolve_stack()
        n = quantity(limit, N)
        fits = subtype == kind.lower() and source_zone.lower() == "graveyard" and (
            card.mana_value <= n if way.lower() == "less" else card.mana_value >= n)
        expected[name] = zone_named(to) if fits and "dies" in claims.triggers else "graveyard"
        actual[name] = card.zone
    return differ(f"it returns a {kind} card with mana value {limit} or {way} from your "
                  f"{source_zone} to {to}", quote, f"soulshift {N} dies with one card in your "
                  "graveyard: where each card ends up", expected, actual)


register(Keyword(
    name="soulshift",
    kind=("triggered",),
    parameter=("n",),
    trigger=("dies",),
    zones=("battlefield", "graveyard", "hand"),
    instances="separate",
    effect=_effect,
    condition=this_object,
    checks=(Check("a Spirit card with mana value N or less back to hand", check),),
))
