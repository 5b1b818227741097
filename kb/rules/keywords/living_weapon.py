"""Living weapon (702.90 in 2012, 702.92 in 2026): "When this Equipment enters the
battlefield, put a 0/0 black Germ creature token onto the battlefield, then attach this
Equipment to it." (Since Phyrexia: All Will Be One the token is a Phyrexian Germ.)"""

from __future__ import annotations

import re
from collections.abc import Callable

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._common import this_object
from kb.rules.registry import Check, Keyword, register

TOKEN = re.compile(r"\b(?:put|create) an? (\d+)/(\d+) (white|blue|black|red|green|colorless) "
                   r"([A-Z][\w ]*?) creature token\b(?: onto the battlefield)?"
                   r"(, then attach this Equipment to it)?", re.I)
PHYREXIAN_GERM = "the Germ token became a Phyrexian Germ"


def germ(subtypes: set[str]) -> Callable[[Game, GameObject, Ability, Event], None]:
    """Effect: a 0/0 black creature token with these creature types, equipped with the
    source."""
    def effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
        token = game.create(" ".join(t.title() for t in sorted(subtypes)), source.controller,
                            power=0, toughness=0, colors={"black"}, subtypes=set(subtypes),
                            token=True)
        game.emit("enters", token)
        if source.zone == "battlefield":
            game.attach(source, token)
    return effect


def check(claims: Claims, era: str) -> list[str] | None:
    """An Equipment with living weapon enters: the token as its trigger resolves, and then
    after state-based actions."""
    quote = claims.says(TOKEN.pattern)
    if quote is None:
        return None
    power, toughness, color, kinds, attach = TOKEN.search(quote).groups()  # type: ignore
    triggers = "enters" in claims.triggers
    game = Game(era=era)
    equipment = game.create("Sword", zone="hand", types={"artifact"}, subtypes={"equipment"},
                            abilities=("living weapon",))
    game.move(equipment, "battlefield")
    game.put_pending_on_stack()
    while game.stack:
        game.resolve_top()
    tokens = [o for o in game.battlefield if o.token]
    made = tokens[0] if tokens else None
    actual = (made.current_power, made.current_toughness, sorted(made.colors),
              sorted(made.subtypes), equipment.attached_to is made) if made else None
    expected = (int(power), int(toughness), [color.lower()], sorted(kinds.lower().split()),
                bool(attach)) if triggers else None
    game.check_state()
    survives = made is not None and made.zone == "battlefield"
    return differ(f"a {power}/{toughness} {color} {kinds} creature token"
                  + (", with this Equipment attached" if attach else ""), quote,
                  "an Equipment with living weapon enters: the token (power, toughness, colors,"
                  " creature types, equipped) as the trigger resolves; whether it survives "
                  "state-based actions", (expected, triggers and int(toughness) > 0),
                  (actual, survives))


register(Keyword(
    name="living weapon",
    kind=("triggered",),
    parameter=("",),
    trigger=("enters",),
    zones=("battlefield",),
    effect=germ({"phyrexian", "germ"}),
    condition=this_object,
    checks=(Check("a 0/0 black Germ token equipped with it", check),),
    history=((PHYREXIAN_GERM, {"effect": germ({"germ"})}),),
))
