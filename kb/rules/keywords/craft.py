"""Craft (702.167 in 2023), an activated ability: "Craft with [materials] [cost]" means
"[Cost], Exile this permanent, Exile [materials] from among permanents you control and/or
cards in your graveyard: Return this card to the battlefield transformed under its owner's
control. Activate only as a sorcery."

The model: `craft` (the ability's costs, timing and effect), double-faced objects of
`kb.rules.keywords.transform`."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._mana import paid_for
from kb.rules.keywords.transform import double_faced, transform
from kb.rules.registry import Check, Keyword, register


def _usable(material: GameObject, player: Player) -> bool:
    """A material from among permanents `player` controls and cards in their graveyard."""
    return ((material.zone == "battlefield" and material.controller is player)
            or (material.zone == "graveyard" and material.owner is player))


def craft(game: Game, player: Player, permanent: GameObject,
          materials: list[GameObject]) -> None:
    """Activate a craft ability (`Ability("craft", (type, cost))`): pay its cost, exile the
    permanent and the materials (of that type, from among permanents `player` controls and
    cards in their graveyard), only as a sorcery; on resolution the card returns to the
    battlefield transformed under its owner's control."""
    ability = next((a for a in permanent.abilities if a.name == "craft"), None)
    if ability is None or permanent.controller is not player:
        raise IllegalAction(f"{player.name} can't craft with {permanent.name}")
    kind, cost = ability.param
    if not game.sorcery_timing(player):
        raise IllegalAction("craft can be activated only as a sorcery")
    if not materials or not all(_usable(m, player) and kind in m.types for m in materials):
        raise IllegalAction("those materials can't be exiled to craft")

    def resolve(game: Game, item: StackItem) -> None:
        card = item.source
        if card.zone == "exile":
            card.notes["enter_under"] = card.owner
            game.move(card, "battlefield")
            transform(game, card)

    game.pay(player, Cost.parse(cost))
    for obj in (permanent, *materials):
        game.move(obj, "exile")
    game.activate(permanent, "craft", resolve=resolve, player=player)
    game.resolve_stack()


def _returns_under(era: str) -> str:
    """The opponent's Tinker's Lab that I control, crafted with my artifact: who controls
    what returns."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    card = double_faced(game, "Tinker's Lab", {"types": {"artifact"}},
                        {"name": "Clockwork Golem", "types": {"artifact", "creature"},
                         "power": 4, "toughness": 4}, controller=them)
    card.controller = me
    card.abilities = [Ability("craft", ("artifact", "{3}"))]
    material = game.create("Spare Gear", controller=me, types={"artifact"})
    paid_for(me, craft, game, me, card, [material])
    return card.controller.name if card.controller and card.zone == "battlefield" else ""


def _try(era: str, where: str, whose: str, turn: str) -> tuple[int | None, str, str]:
    """Craft with artifact {3} using one artifact `where` ("battlefield" / "graveyard") of
    `whose` ("mine" / "theirs") on `turn` ("mine" / "theirs"): (mana paid or None, the
    crafting card's name and zone, the material's zone)."""
    game = Game(era=era)
    me, them = game.active, game.opponent(game.active)
    if turn == "theirs":
        game.active = them
    card = double_faced(game, "Tinker's Lab", {"types": {"artifact"}},
                        {"name": "Clockwork Golem", "types": {"artifact", "creature"},
                         "power": 4, "toughness": 4}, controller=me)
    card.abilities = [Ability("craft", ("artifact", "{3}"))]
    owner = me if whose == "mine" else them
    material = game.create("Spare Gear", controller=owner, zone=where, types={"artifact"})
    paid = paid_for(me, craft, game, me, card, [material])
    return paid, f"{card.name} ({card.zone})", material.zone


def check(claims: Claims, era: str) -> list[str] | None:
    """Craft with artifact {3}: materials from my battlefield, my graveyard, the opponent's
    battlefield and graveyard, and on the opponent's turn."""
    sentence = claims.says(r"\bit means \"\[cost\], exile this permanent, exile \[materials\]")
    if sentence is None:
        return None
    among = re.search(r"exile \[materials\] from among ([^:]+):", sentence, re.I)
    sources = among.group(1).lower() if among else ""
    allowed = {("battlefield", "mine"): "permanents you control" in sources,
               ("battlefield", "theirs"): re.search(r"permanents (?:an opponent|a player) "
                                                    r"controls", sources) is not None,
               ("graveyard", "mine"): "cards in your graveyard" in sources,
               ("graveyard", "theirs"): re.search(r"cards in (?:an opponent's|a) graveyard",
                                                  sources) is not None}
    back = re.search(r": return this card to the (\w+)( transformed)? under (its \w+'s|your) "
                     r"control", sentence, re.I)
    sorcery = re.search(r"\bactivate only as a sorcery\b", sentence, re.I) is not None
    problems = []
    if back:
        whose_control = {"its owner's": "B", "its controller's": "A", "your": "A"}.get(
            back.group(3).lower(), "?")
        problems += differ(back.group(0)[2:], sentence, "the opponent's Tinker's Lab that I "
                           "control, crafted: who controls what returns", whose_control,
                           _returns_under(era))
    for (where, whose), ok in allowed.items():
        for turn in ("mine", "theirs"):
            allowed_now = ok and (turn == "mine" or not sorcery)
            if back and allowed_now:
                name = "Clockwork Golem" if back.group(2) else "Tinker's Lab"
                expected: tuple = (3, f"{name} ({back.group(1).lower()})", "exile")
            else:
                expected = (None, "Tinker's Lab (battlefield)", where)
            problems += differ(f"materials from among {sources or '?'}; "
                               + (back.group(0)[2:] if back else "?")
                               + ("; only as a sorcery" if sorcery else ""), sentence,
                               f"Tinker's Lab crafted with an artifact in {whose} {where}, on "
                               f"{turn} turn: (mana paid, the card, the material's zone)",
                               expected, _try(era, where, whose, turn))
    return problems


register(Keyword(
    name="craft",
    kind=("activated",),
    parameter=("with [materials] [cost]",),
    zones=("battlefield", "graveyard", "exile"),
    checks=(Check("exile it and materials you control or in your graveyard, return it "
                  "transformed, as a sorcery", check),),
))
