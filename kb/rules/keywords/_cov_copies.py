"""Shared model and check of embalm (702.128) and eternalize (702.129): "[Cost], Exile this
card from your graveyard: Create a token that's a copy of this card, except it's <color>[,
it's 4/4], it has no mana cost, and it's a Zombie in addition to its other types. Activate
only as a sorcery." The check reads each exception into the token it expects."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from kb.rules.checks import differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Cost, Game, GameObject, IllegalAction, Player, StackItem
from kb.rules.keywords._casting import legal
from kb.rules.keywords._search import sorcery_speed
from kb.rules.registry import Check, Keyword

COLORS = ("white", "blue", "black", "red", "green")


@dataclass(frozen=True)
class Copy:
    """What the token copy is, in comparable terms."""

    name: str
    colors: tuple[str, ...]
    mana_cost: str
    subtypes: tuple[str, ...]
    size: tuple[int, int]


ORIGINAL = Copy("Runner", ("green",), "{2}{G}", ("Elf", "Warrior"), (2, 3))


def _token(game: Game, card: GameObject, player: Player, color: str,
           size: tuple[int, int] | None) -> GameObject:
    power, toughness = size or (card.power, card.toughness)
    return game.create(card.name, controller=player, types=set(card.types),
                       subtypes=set(card.subtypes) | {"Zombie"}, colors={color},
                       mana_cost="", power=power, toughness=toughness, token=True)


def graveyard_copy_keyword(name: str, color: str, size: tuple[int, int] | None) -> Keyword:
    """The spec of embalm ("white") or eternalize ("black", 4/4)."""
    def activate(game: Game, card: GameObject) -> StackItem:
        ability = next(a for a in card.abilities if a.name == name)
        player = card.owner
        if card.zone != "graveyard":
            raise IllegalAction(f"{name} works only from a graveyard")
        if not game.sorcery_timing(player):
            raise IllegalAction(f"{name} is activated only as a sorcery")
        game.pay(player, Cost.parse(str(ability.param)))
        game.move(card, "exile")

        def make(game: Game, item: StackItem) -> None:
            _token(game, card, player, color, size)
        item = StackItem("ability", card, player, resolve=make, label=name)
        game.stack.append(item)
        return item

    def scenario(era: str, zone: str, combat: bool) -> tuple[bool, int, str, list[Copy]]:
        """My {2}{G} 2/3 green Elf Warrior with `name` {1}{G} in `zone`, activated in my main
        phase or during combat ({5}{G}{G} floating): (legal, mana taken, its zone, tokens)."""
        game = Game(era=era)
        me = game.active
        card = game.create(ORIGINAL.name, controller=me, zone=zone, colors={"green"},
                           mana_cost=ORIGINAL.mana_cost, subtypes=set(ORIGINAL.subtypes),
                           power=2, toughness=3, abilities=(Ability(name, "{1}{G}"),))
        if combat:
            game.begin_combat()
        game.add_mana(me, "{5}{G}{G}")
        ok = legal(activate, game, card)
        game.resolve_stack()
        tokens = [Copy(o.name, tuple(sorted(o.colors)), o.mana_cost, tuple(sorted(o.subtypes)),
                       (o.power, o.toughness)) for o in game.battlefield if o.token]
        return ok, 7 - sum(me.pool.values()), card.zone, tokens

    def check(claims: Claims, era: str) -> list[str] | None:
        text = claims.says(r"\bcopy of this card\b")
        if text is None:
            return None
        cost = re.search(r"\[cost\], exile this card from (your graveyard|your hand): create "
                         r"(a|two) tokens? that's a copy of this card", text, re.I)
        exceptions = re.search(r"except (.+?)\. activate", text, re.I)
        if cost is None or exceptions is None:
            return [f'the text says what {name} does in a way the model does not read '
                    f'("{text}")']
        said = exceptions.group(1).lower()
        expected_copy = ORIGINAL
        colour = re.search(r"it's (" + "|".join(COLORS) + ")", said)
        if colour:
            expected_copy = replace(expected_copy, colors=(colour.group(1),))
        pt = re.search(r"it's (\d+)/(\d+)", said)
        if pt:
            expected_copy = replace(expected_copy, size=(int(pt.group(1)), int(pt.group(2))))
        if "it has no mana cost" in said:
            expected_copy = replace(expected_copy, mana_cost="")
        kind = re.search(r"it's an? ([a-z]+) in addition to its other types", said)
        if kind:
            expected_copy = replace(expected_copy, subtypes=tuple(sorted(
                {*expected_copy.subtypes, kind.group(1).title()})))
        count = 1 if cost.group(2).lower() == "a" else 2
        home = "graveyard" if "graveyard" in cost.group(1).lower() else "hand"
        sorcery = sorcery_speed(claims) is not None
        problems = []
        for zone, combat in (("graveyard", False), ("graveyard", True), ("hand", False)):
            allowed = zone == home and not (combat and sorcery)
            expected = (allowed, 2 if allowed else 0, "exile" if allowed else zone,
                        [expected_copy] * count if allowed else [])
            problems += differ(f"exile it from {cost.group(1)}: {cost.group(2)} token copy "
                               f"except {said}", text, f"{name} {{1}}{{G}} of a {{2}}{{G}} 2/3 "
                               f"green Elf Warrior in my {zone}"
                               f"{' during combat' if combat else ''}: (legal, mana taken, its "
                               "zone, tokens)", expected, scenario(era, zone, combat))
        return problems

    return Keyword(name=name, kind=("activated",), parameter=("[cost]",),
                   zones=("graveyard", "exile"), functions_in=("graveyard",),
                   checks=(Check("a token copy of it from the graveyard, as a sorcery", check),))
