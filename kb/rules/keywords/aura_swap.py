"""Aura swap [cost] (702.63 in 2012, 502.62 in 2008): an activated ability of some Aura cards:
"[Cost]: You may exchange this permanent with an Aura card in your hand." If either half of
the exchange can't be completed, the ability has no effect."""

from __future__ import annotations

import re

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import (
    ability_of,
    activation_mana,
    meaning_of,
    param_cost,
    zone_of,
)
from kb.rules.registry import Check, Keyword, register

EXCHANGE = r"exchange this permanent with an? (\w+) card in ([\w' ]+?)\.?$"
HALF = r"if either half of the exchange can't be completed, the ability ([\w ]+)"


def can_enchant(aura: GameObject, host: GameObject) -> bool:
    """Whether an Aura (its `notes['enchant']`, creature by default) can enchant `host`."""
    return host.is_(aura.notes.get("enchant", "creature"))


def aura_swap(game: Game, player: Player, aura: GameObject, card: GameObject) -> StackItem:
    """Activate aura swap: the Aura on the battlefield and an Aura card in its controller's
    hand trade places (the new one enchants the same object); no effect when either half
    can't be done."""
    ability = ability_of(aura, "aura swap")
    if aura.zone != "battlefield" or aura.controller is not player:
        raise IllegalAction("aura swap is activated by the Aura's controller")

    def resolve(game: Game, item: StackItem) -> None:
        host = aura.attached_to
        if aura.zone != "battlefield" or aura.owner is not player or card.zone != "hand" \
                or card.owner is not player or not card.is_("aura") \
                or not isinstance(host, GameObject) or not can_enchant(card, host):
            return  # either half can't be completed: no effect
        game.move(aura, "hand")
        card.notes["enter_under"] = player
        game.move(card, "battlefield")
        game.attach(card, host)

    return game.activate(aura, "aura swap", cost=param_cost(ability), resolve=resolve,
                         player=player)


def _scenario(era: str, enchant: str) -> tuple[Game, GameObject, GameObject, GameObject]:
    game = Game(era=era)
    me = game.active
    host = creature(game, "Host", me)
    aura = game.create("Arcanum Wings", controller=me, types={"enchantment"},
                       subtypes={"aura"}, abilities=(Ability("aura swap", "{2}{U}"),))
    game.attach(aura, host)
    card = game.create("Other Aura", controller=me, zone="hand", types={"enchantment"},
                       subtypes={"aura"}, notes={"enchant": enchant})
    return game, host, aura, card


def check(claims: Claims, era: str) -> list[str] | None:
    """Aura swap {2}{U} with an Aura card in hand that can enchant the creature, and with one
    that can't (Enchant land)."""
    found = meaning_of(claims, r"aura swap \[cost\]")
    half = claims.says(HALF)
    if found is None:
        return None
    meaning, sentence = found
    match = re.search(EXCHANGE, meaning, re.I)
    kind, where = (match.group(1).lower(), zone_of(match.group(2))) if match else ("", None)
    said = re.search(HALF, half, re.I) if half else None
    no_effect = bool(said and said.group(1).startswith("has no effect"))
    problems = []
    for enchant in ("creature", "land"):
        game, host, aura, card = _scenario(era, enchant)
        done, mana = activation_mana(game, game.active, aura_swap, game, game.active, aura, card)
        swaps = kind == "aura" and where == "hand" and (enchant == "creature" or not no_effect)
        expected = (True, 3 if "[cost]" in meaning.lower() else 0,
                    ("hand", "battlefield", True) if swaps else ("battlefield", "hand", False))
        actual = (done, mana, (aura.zone, card.zone, card.attached_to is host))
        problems += differ(f'aura swap means "{meaning}"' + (f" and {half}" if half else ""),
                           sentence, f"aura swap {{2}}{{U}}, an Aura card (enchant {enchant}) "
                           f"in hand: (legal, mana, (the Aura's zone, the card's zone, the card "
                           f"enchants the creature))", expected, actual)
    return problems


register(Keyword(
    name="aura swap",
    kind=("activated",),
    parameter=("[cost]",),
    zones=("hand", "battlefield"),
    checks=(Check("aura swap: exchange with an Aura card in hand, or no effect", check),),
))
