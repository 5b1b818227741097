"""Protection from [quality] (702.15 in 2012): a static ability; the permanent or player
can't be targeted, enchanted, equipped, blocked or dealt damage by anything with the
quality ("DEBT"). The quality is the parameter: `Ability("protection", "black")`."""

from __future__ import annotations

from kb.rules.checks import creature, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Game, GameObject, IllegalAction, Player
from kb.rules.keywords._evasion import check_blocks
from kb.rules.keywords._targeting import spell
from kb.rules.registry import Check, Keyword, register

QUALITY = "black"


def has_quality(obj: GameObject, quality: str) -> bool:
    """Whether an object has a protection quality (a color, or a card type or subtype)."""
    return quality in obj.colors or obj.is_(quality)


def _targetable(game: Game, target: GameObject | Player, ability: Ability,
                source: GameObject) -> bool:
    return not has_quality(source, str(ability.param))


def _blockable(game: Game, attacker: GameObject, ability: Ability, blocker: GameObject) -> bool:
    return not has_quality(blocker, str(ability.param))


def _prevent(game: Game, target: GameObject | Player, ability: Ability, source: GameObject,
             amount: int) -> int:
    return 0 if has_quality(source, str(ability.param)) else amount


def _attachable(game: Game, target: GameObject | Player, ability: Ability,
                attachment: GameObject) -> bool:
    return not has_quality(attachment, str(ability.param))


def _outcomes(era: str, colors: set[str]) -> dict[str, bool]:
    """What a source of `colors` can do to a creature with protection from black."""
    game = Game(era=era)
    knight = creature(game, "Knight", abilities=(Ability("protection", QUALITY),))
    foe = game.opponent(game.active)
    bolt = spell(game, foe, colors)
    aura = game.create("Aura", controller=foe, types={"enchantment"}, subtypes={"aura"},
                       colors=set(colors))
    source = creature(game, "Source", foe, 3, 3, colors=set(colors))
    game.deal_damage(source, knight, 1)
    try:
        game.attach(aura, knight)
        attached = True
    except IllegalAction:
        attached = False
    return {"target": game.target_legal(knight, bolt), "damage": knight.damage > 0,
            "enchant": attached}


RULES = {"target": r"can't be targeted by spells with the stated quality",
         "damage": r"damage that would be dealt by sources that have the stated quality",
         "enchant": r"can't be enchanted by auras that have the stated quality"}


def check(claims: Claims, era: str) -> list[str] | None:
    """Protection from black against black and white spells, Auras, damage and blockers."""
    problems: list[str] = []
    ran = False
    for colors in ({"black"}, {"white"}):
        actual = _outcomes(era, colors)
        for what, pattern in RULES.items():
            said = claims.says(pattern)
            if said is None:
                continue
            ran = True
            happens = {"target": "can't be targeted" not in said,
                       "damage": "is prevented" not in said,
                       "enchant": "can't be enchanted" not in said}[what]
            expected = happens or "black" not in colors
            problems += differ(f"a source with the quality can't {what} it", said,
                               f"a {'/'.join(sorted(colors))} source tries to {what} a creature "
                               f"with protection from black", expected, actual[what])
    blocks = check_blocks(claims, era, "protection", QUALITY)
    if blocks is not None:
        ran = True
        problems += blocks
    return problems if ran else None


register(Keyword(
    name="protection",
    kind=("static",),
    parameter=("from [quality]",),
    zones=("battlefield", "graveyard"),
    instances="redundant",
    hooks={"can_be_targeted_by": _targetable, "can_be_blocked_by": _blockable,
           "prevent_damage": _prevent, "can_be_attached_by": _attachable},
    checks=(Check("damage, enchanting, blocking, targeting by the stated quality", check),),
))
