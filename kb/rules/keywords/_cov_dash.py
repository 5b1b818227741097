"""Shared model and check of dash (702.109) and blitz (702.152): "You may cast this card by
paying [cost] rather than its mana cost", "If this spell's <name> cost was paid, <return the
permanent this spell becomes to its owner's hand | sacrifice it> at the beginning of the next
end step", "As long as this permanent's <name> cost was paid, it has haste [and 'When this
permanent is put into a graveyard from the battlefield, draw a card.']"."""

from __future__ import annotations

import re

from kb.rules.checks import can_attack, differ
from kb.rules.claims import Claims
from kb.rules.game import Ability, Event, Game, GameObject
from kb.rules.keywords._casting import (
    cast_for,
    classify_cost,
    fill_pool,
    meaning_of,
    pool_size,
)
from kb.rules.keywords._cov_library import stock
from kb.rules.keywords._spells import cast_paid
from kb.rules.registry import Check, Keyword

LEAVES = (r"if this spell's {name} cost was paid, (return the permanent this spell becomes to "
          r"its owner's hand|sacrifice the permanent this spell becomes|exile the permanent this"
          r" spell becomes) at the beginning of the (next|your next) end step")
HAS = (r"as long as this permanent's {name} cost was paid, it has (haste|vigilance|flying)"
       r"( and \"?'?when this permanent (?:is put into a graveyard from the battlefield|dies), "
       r"draw (a|two) cards?)?")
ZONE = {"return": "hand", "sacrifice": "graveyard", "exile": "exile"}


def _paid(obj: GameObject, name: str) -> bool:
    item = obj.notes.get("cast_item")
    return bool(item is not None and item.paid.get(name))


def dash_keyword(name: str, leaves: str, draws: bool) -> Keyword:
    """The spec of dash (`leaves` "hand") or blitz ("graveyard", `draws`)."""
    def as_enters(game: Game, obj: GameObject, ability: Ability) -> None:
        if _paid(obj, name):
            obj.abilities.append(Ability("haste"))
            obj.notes[f"{name} turn"] = game.turn

    def condition(game: Game, source: GameObject, ability: Ability, event: Event) -> bool:
        if not _paid(source, name):
            return False
        if event.name == "dies":
            return draws and event.obj is source
        return source.zone == "battlefield" and source.notes.get(f"{name} turn") == game.turn

    def effect(game: Game, source: GameObject, ability: Ability, event: Event) -> None:
        if event.name == "dies":
            game.draw(source.owner)
        elif source.zone == "battlefield":
            if leaves == "graveyard":
                game.sacrifice(source)
            else:
                game.move(source, leaves)

    def scenario(era: str, paid: bool) -> tuple[int, bool, str, int]:
        """My {4}{R} 3/3 with `name` {1}{R}, cast for that cost (or its mana cost): (mana
        taken, may it attack, its zone after the end step, cards drawn)."""
        game = Game(era=era)
        me = game.active
        stock(game, me, 3)
        card = game.create("Raider", controller=me, zone="hand", mana_cost="{4}{R}", power=3,
                           toughness=3, abilities=(Ability(name, "{1}{R}"),))
        before = fill_pool(me)
        if paid:
            cast_for(game, me, card, card.abilities[0])
        else:
            cast_paid(game, me, card)
        taken = before - pool_size(me) + (0 if paid else 5)
        game.resolve_stack()
        attacks = can_attack(game, card)
        game.end_combat()
        game.end_turn()
        return taken, attacks, card.zone, sum(1 for c in me.hand if c is not card)

    def check(claims: Claims, era: str) -> list[str] | None:
        """Cast for the keyword's cost and for its mana cost; the turn ends."""
        found = meaning_of(claims, rf"{name} \[cost\]")
        if found is None:
            return None
        meaning, quote = found
        rule = classify_cost(meaning.replace("rather that its", "rather than its"), quote)
        joined = " ".join(claims.sentences)
        leave = re.search(LEAVES.format(name=name), joined, re.I)
        has = re.search(HAS.format(name=name), joined, re.I)
        if leave is None or has is None:
            return [f'the text says what {name} does in a way the model does not read '
                    f'("{quote}")']
        next_end = "end step" in claims.triggers and leave.group(2).lower() == "next"
        problems = []
        for paid in (True, False):
            mana = rule.mana(5, 2) if paid else 5
            zone = ZONE[leave.group(1).split()[0].lower()] if paid and next_end else \
                "battlefield"
            drawn = (1 if has.group(3).lower() == "a" else 2) if (
                paid and has.group(2) and zone == "graveyard") else 0
            expected = (mana, paid and has.group(1).lower() == "haste", zone, drawn)
            problems += differ(f"{rule.kind} cost; {leave.group(0)[27:]}; {has.group(0)[23:]}",
                               quote, f"a {{4}}{{R}} 3/3 with {name} {{1}}{{R}} cast for "
                               f"{'that cost' if paid else 'its mana cost'}, then the turn ends:"
                               " (mana taken, may it attack, its zone, cards drawn)",
                               expected, scenario(era, paid))
        return problems

    return Keyword(name=name, kind=("static", "delayed triggered"), parameter=("[cost]",),
                   trigger=("end step", "dies") if draws else ("end step",),
                   zones=("stack", "battlefield", "hand") if leaves == "hand" else
                   ("stack", "battlefield", "graveyard"),
                   functions_in=("stack", "battlefield"),
                   durations=("as long as",),
                   hooks={"as_enters": as_enters}, effect=effect, condition=condition,
                   checks=(Check("cast for [cost]: haste, gone at the next end step", check),))
