"""Changeling (702.71 in 2012, 502.73 in 2008): a characteristic-defining ability.
"Changeling" means "This object is every creature type." This ability works everywhere, even
outside the game."""

from __future__ import annotations

import re

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import ZONES, Ability, Game, GameObject
from kb.rules.registry import Check, Keyword, register

# subtypes that are not creature types (rule 205.3: land, artifact, enchantment, planeswalker
# and spell types), the ones scenarios use
OTHER_SUBTYPES = frozenset({"plains", "island", "swamp", "mountain", "forest", "desert",
                            "gate", "lair", "locus", "urza's", "mine", "power-plant", "tower",
                            "equipment", "fortification", "vehicle", "aura", "curse", "saga",
                            "shrine", "arcane", "trap", "adventure"})
CARD_TYPES = frozenset({"artifact", "creature", "enchantment", "instant", "land",
                        "planeswalker", "sorcery", "tribal", "kindred", "battle"})
EVERY = re.compile(r"\bthis object is (?:every|each) ([\w ]+?) type\b", re.I)
ASKED = {"creature": ("elf", "goblin", "sliver"), "land": ("forest",),
         "artifact": ("equipment",)}


def is_creature_type(word: str) -> bool:
    """Whether a type word names a creature type (not a card type, supertype or another
    category's subtype)."""
    word = word.lower()
    return word not in OTHER_SUBTYPES and word not in CARD_TYPES and \
        word not in ("legendary", "basic", "snow", "world")


def _has_type(game: Game, obj: GameObject, ability: Ability, type_: str) -> bool:
    return is_creature_type(type_)


def check(claims: Claims, era: str) -> list[str] | None:
    """A changeling card in each zone: is it an Elf, a Goblin, a Sliver, a Forest, an
    Equipment?"""
    quote = claims.says(EVERY.pattern)
    if quote is None:
        return None
    category = EVERY.search(quote).group(1).lower()  # type: ignore[union-attr]
    everywhere = not claims.functions_in or "everywhere" in claims.functions_in
    expected, actual = {}, {}
    for zone in [z for z in ZONES if z not in ("stack", "command")]:
        game = Game(era=era)
        card = game.create("Shapeshifter", zone=zone, power=1, toughness=1,
                           subtypes={"shapeshifter"}, abilities=("changeling",))
        works = everywhere or zone in claims.functions_in
        for group, words in ASKED.items():
            for word in words:
                expected[f"{word} in {zone}"] = works and group == category
                actual[f"{word} in {zone}"] = game.has_type(card, word)
    return differ(f"it is every {category} type"
                  + (", in every zone" if everywhere else
                     f", in the {', '.join(claims.functions_in)}"), quote,
                  "a changeling card in each zone: which types it has", expected, actual)


register(Keyword(
    name="changeling",
    kind=("characteristic-defining",),
    parameter=("",),
    zones=("everywhere",),
    functions_in=("everywhere",),
    instances="redundant",
    hooks={"has_type": _has_type},
    checks=(Check("every creature type, in every zone", check),),
))
